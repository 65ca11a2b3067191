import { CircleCheckBig, CircleX, ShieldCheck } from 'lucide-react';
import { ORDER_STATUS, PAYMENT_TEXT, type Order } from '@pharmacy/shared';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/**
 * Spec §2: 'Order Confirmed', the thank-you text and a button to the order page. An order waiting
 * for the pharmacist (DECISIONS) says so.
 */
export function OrderConfirmed({ order }: { order: Order }) {
  const waiting = order.statusId === ORDER_STATUS.WAITING_TO_ACCEPT;
  return (
    <div className="flex flex-col items-center gap-3 px-2 py-6 text-center">
      <CircleCheckBig aria-hidden="true" className="size-12 text-green-700" />
      <h2 className="text-2xl font-semibold text-slate-900">{PAYMENT_TEXT.orderConfirmed}</h2>
      <p className="max-w-md text-base text-slate-700">{PAYMENT_TEXT.thanks}</p>
      {waiting ? (
        <p className="flex max-w-md items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-left text-sm text-amber-900">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            A registered pharmacist is reviewing your prescription. We will pack your order as soon
            as it is approved, and e-mail you if anything else is needed.
          </span>
        </p>
      ) : null}
      {order.paymentNote ? (
        <p className="text-sm text-slate-600">Payment: {order.paymentNote}</p>
      ) : null}
      <ButtonLink className="mt-2" to={paths.order.getHref(order.id)}>
        View Order
      </ButtonLink>
    </div>
  );
}

export function OrderCancelled({ order }: { order: Order }) {
  return (
    <div className="flex flex-col items-center gap-3 px-2 py-6 text-center">
      <CircleX aria-hidden="true" className="size-12 text-red-700" />
      <h2 className="text-xl font-semibold text-slate-900">Order Cancelled</h2>
      <p className="max-w-md text-sm text-slate-700">
        This order was cancelled and will not be delivered.
      </p>
      <ButtonLink to={paths.order.getHref(order.id)}>View Order</ButtonLink>
    </div>
  );
}
