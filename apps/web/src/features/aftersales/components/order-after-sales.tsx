import { CircleSlash, MapPin, ReceiptText, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import {
  PAYMENT_CHANNEL_LABELS,
  REFUND_STATUS_LABELS,
  formatLongDate,
  formatMoney,
  type OrderAfterSales as AfterSales,
  type OrderCancellation,
  type OrderPaymentSummary,
  type RefundReason,
  type RefundSummary,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { useShopSettings } from '../../../lib/shop-settings';
import { useAfterSales } from '../api/get-after-sales';
import { CancelOrderButton } from './cancel-order-button';
import { ChangeAddressDialog } from './change-address-dialog';
import { OrderPayments } from './order-payments';

/** The reason as people read it: the listed label, with what they wrote when they wrote more. */
export function cancellationReason(cancellation: OrderCancellation): string {
  const text = cancellation.reasonText?.trim();
  if (!text) return cancellation.reasonLabel;
  if (cancellation.reasonCode === 'other' || cancellation.reasonCode === 'pharmacy') return text;
  return `${cancellation.reasonLabel} — ${text}`;
}

/** "Cancelled by <name> (customer|pharmacy) on <date>: <reason>" (the admin's reading). */
export function cancellationText(cancellation: OrderCancellation, viewer: 'owner' | 'admin') {
  const on = formatLongDate(cancellation.at);
  const reason = cancellationReason(cancellation);
  if (viewer === 'owner')
    return cancellation.by === 'customer'
      ? `You cancelled this order on ${on}: ${reason}`
      : `Cancelled by the pharmacy on ${on}: ${reason}`;
  const who = cancellation.byName ?? 'a deleted account';
  return `Cancelled by ${who} (${cancellation.by === 'customer' ? 'customer' : 'pharmacy'}) on ${on}: ${reason}`;
}

const CHANNELS = { upi: 'UPI', bank_transfer: 'bank transfer' } as const;

/** Only a refund the order's story does not explain on its own says why it was made. */
const REFUND_REASON_NOTES: Partial<Record<RefundReason, string>> = {
  duplicate: 'Payment not needed: an extra online payment, given back in full.',
};

/**
 * Where an online refund goes. Razorpay gives it back the way the customer paid (UPI, netbanking,
 * wallet…), so "your card" would be wrong there; Stripe and the test provider took a card.
 */
export function onlineRefundDestination(
  payments: readonly OrderPaymentSummary[],
  viewer: 'owner' | 'admin',
): string {
  const whose = viewer === 'owner' ? 'your' : 'the';
  const razorpay = payments.filter((p) => p.provider === 'razorpay' && p.status === 'succeeded');
  if (razorpay.length === 0) return `to ${whose} card`;
  const channels = new Set(razorpay.map((p) => p.channel));
  const [channel] = channels;
  return channels.size === 1 && channel
    ? `to ${whose} original payment (${PAYMENT_CHANNEL_LABELS[channel]})`
    : `to ${whose} original payment`;
}

/** "Refund of ₹x to your card: processing" / "Refund of ₹x by UPI (ref …): refunded". */
export function refundText(
  refund: RefundSummary,
  currencySymbol: string,
  viewer: 'owner' | 'admin',
  payments: readonly OrderPaymentSummary[] = [],
) {
  const amount = formatMoney(refund.amount, currencySymbol);
  const where =
    refund.method === 'card'
      ? onlineRefundDestination(payments, viewer)
      : `by ${refund.payoutChannel ? CHANNELS[refund.payoutChannel] : 'transfer'}${refund.payoutReference ? ` (ref ${refund.payoutReference})` : ''}`;
  return `Refund of ${amount} ${where}: ${REFUND_STATUS_LABELS[refund.status]}`;
}

function Content({
  data,
  orderId,
  addressId,
  viewer,
}: {
  data: AfterSales;
  orderId: number;
  addressId: number | null;
  viewer: 'owner' | 'admin';
}) {
  const { currencySymbol } = useShopSettings();
  const [changing, setChanging] = useState(false);
  const owner = viewer === 'owner';
  const actions = owner && (data.canCancel || data.canChangeAddress);
  const payments =
    data.payments.length > 0 ? (
      <OrderPayments payments={data.payments} currencySymbol={currencySymbol} />
    ) : null;
  if (!data.cancellation && data.refunds.length === 0 && !actions) return payments;
  return (
    <>
      <Card className="p-4 sm:p-5">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">
          {data.cancellation
            ? 'Cancellation'
            : data.refunds.length > 0
              ? 'Refunds'
              : 'Change or cancel'}
        </h2>
        <div className="flex flex-col gap-3 text-sm text-slate-800">
          {data.cancellation ? (
            <p className="flex items-start gap-2">
              <CircleSlash aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
              <span>{cancellationText(data.cancellation, viewer)}</span>
            </p>
          ) : null}
          {data.refunds.length > 0 ? (
            <ul aria-label="Refunds" className="flex flex-col gap-1.5">
              {data.refunds.map((refund) => (
                <li key={refund.id} className="flex items-start gap-2">
                  <ReceiptText
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-brand-700"
                  />
                  <span>
                    {refundText(refund, currencySymbol, viewer, data.payments)}
                    {REFUND_REASON_NOTES[refund.reason] ? (
                      <span className="block text-xs text-slate-600">
                        {REFUND_REASON_NOTES[refund.reason]}
                      </span>
                    ) : null}
                    {refund.status === 'succeeded' && refund.completedAt ? (
                      <span className="block text-xs text-slate-600">
                        on{' '}
                        <time dateTime={refund.completedAt}>
                          {formatLongDate(refund.completedAt)}
                        </time>
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {actions ? (
            <>
              {data.cancelDeadline ? (
                <p className="text-slate-600">
                  You can change or cancel this order until{' '}
                  <time dateTime={data.cancelDeadline}>
                    {new Date(data.cancelDeadline).toLocaleString('en-IN', {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </time>
                  , as long as it has not been dispatched.
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {data.canChangeAddress ? (
                  <Button
                    variant="secondary"
                    onClick={() => setChanging(true)}
                    icon={<MapPin aria-hidden="true" className="size-4" />}
                  >
                    Change delivery address
                  </Button>
                ) : null}
                {data.canCancel ? <CancelOrderButton orderId={orderId} /> : null}
              </div>
              <ChangeAddressDialog
                orderId={orderId}
                currentAddressId={addressId}
                open={changing}
                onClose={() => setChanging(false)}
              />
            </>
          ) : null}
        </div>
      </Card>
      {payments}
    </>
  );
}

/**
 * Issue 19 on the order page: for the owner 'Cancel order' and 'Change delivery address' while
 * allowed, and for the owner and admins who cancelled, why, and each refund's state; issue 28:
 * the order's payments under them.
 */
export function OrderAfterSales({
  orderId,
  addressId,
  viewer,
}: {
  orderId: number;
  addressId: number | null;
  viewer: 'owner' | 'admin';
}) {
  const query = useAfterSales(orderId);
  if (query.isPending)
    return (
      <LoadingRegion label="Loading cancellation and refunds">
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  if (query.isError)
    return (
      <Card className="p-4 text-sm text-slate-800">
        <p className="flex items-center gap-2">
          <TriangleAlert aria-hidden="true" className="size-4 text-red-700" />
          We could not load the payment, cancellation and refund details.
        </p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Card>
    );
  return <Content data={query.data} orderId={orderId} addressId={addressId} viewer={viewer} />;
}
