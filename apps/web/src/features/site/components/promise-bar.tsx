import { CreditCard, Headphones, Truck } from 'lucide-react';
import { paymentMethodsSentence } from '@pharmacy/shared';
import { Container } from '../../../components/layouts/container';
import { useShopSettings } from '../../../lib/shop-settings';
import { telHref } from '../../../lib/tel-href';

/** Spec §1 header promises: free shipping, payment methods, phone support. */
export function PromiseBar() {
  const { supportPhone, payments } = useShopSettings();
  return (
    <div className="border-b border-brand-800 bg-brand-900 text-xs text-brand-50">
      <Container className="flex items-center justify-center gap-x-6 gap-y-1 py-2 sm:justify-between">
        <p className="flex items-center gap-2">
          <Truck aria-hidden="true" className="size-4 shrink-0" />
          Free shipping on every order
        </p>
        <p className="hidden items-center gap-2 sm:flex">
          <CreditCard aria-hidden="true" className="size-4 shrink-0" />
          Pay by {paymentMethodsSentence(payments.online)}
        </p>
        <p className="hidden items-center gap-2 md:flex">
          <Headphones aria-hidden="true" className="size-4 shrink-0" />
          Phone support:{' '}
          <a
            className="font-semibold underline-offset-2 hover:underline focus-visible:outline-white"
            href={telHref(supportPhone)}
          >
            {supportPhone}
          </a>
        </p>
      </Container>
    </div>
  );
}
