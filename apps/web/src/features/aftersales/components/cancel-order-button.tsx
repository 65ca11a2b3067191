import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { CancelOrderDialog } from './cancel-order-dialog';

/** 'Cancel order' and its dialog: on the order page and on each cancellable order of the list. */
export function CancelOrderButton({
  orderId,
  size = 'md',
}: {
  orderId: number;
  size?: ButtonSize;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={() => setOpen(true)}
        icon={<XCircle aria-hidden="true" className="size-4" />}
      >
        Cancel order
      </Button>
      <CancelOrderDialog orderId={orderId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
