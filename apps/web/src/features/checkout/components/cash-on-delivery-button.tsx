import { Banknote } from 'lucide-react';
import { PAYMENT_TEXT } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';

/**
 * Spec §2's 'Cash on Delivery' choice beside each way of paying online. Nothing is rendered when
 * the order may not be paid on delivery (COD_MAX_ORDER_VALUE): `onChoose` is null then.
 */
export function CashOnDeliveryButton({
  onChoose,
  disabled = false,
  variant = 'secondary',
}: {
  onChoose: (() => void) | null;
  disabled?: boolean;
  variant?: 'secondary' | 'primary';
}) {
  if (!onChoose) return null;
  return (
    <Button
      variant={variant}
      size="lg"
      disabled={disabled}
      onClick={onChoose}
      icon={<Banknote aria-hidden="true" className="size-4" />}
    >
      {PAYMENT_TEXT.cashOnDelivery}
    </Button>
  );
}
