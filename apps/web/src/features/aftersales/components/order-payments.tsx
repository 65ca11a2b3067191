import { Banknote, CircleCheck, CircleX, Clock, CreditCard } from 'lucide-react';
import {
  PAYMENT_CHANNEL_LABELS,
  formatLongDate,
  formatMoney,
  type OrderPaymentSummary,
  type PaymentChannel,
} from '@pharmacy/shared';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

const PROVIDER_LABELS: Record<OrderPaymentSummary['provider'], string> = {
  razorpay: 'Razorpay',
  stripe: 'Stripe',
  test: 'Test provider',
  none: 'Cash on delivery',
};

/** "Razorpay by UPI", "Stripe by card", "Cash on delivery". */
export function paymentSource(payment: OrderPaymentSummary): string {
  if (payment.method === 'cash_on_delivery') return PROVIDER_LABELS.none;
  const provider = PROVIDER_LABELS[payment.provider];
  // Stripe and the test provider take cards only; Razorpay says how it was paid once it was.
  const channel: PaymentChannel | null =
    payment.channel ?? (payment.provider === 'razorpay' ? null : 'card');
  return channel ? `${provider} by ${PAYMENT_CHANNEL_LABELS[channel]}` : provider;
}

/** "paid", "waiting", or "failed: <the provider's reason>". */
export function paymentStatusText(payment: OrderPaymentSummary): string {
  switch (payment.status) {
    case 'succeeded':
      return 'paid';
    case 'failed':
      return payment.failureReason?.trim() ? `failed: ${payment.failureReason.trim()}` : 'failed';
    case 'requires_payment':
    case 'pending':
      return 'waiting';
  }
}

const STATUS_STYLE = {
  succeeded: { Icon: CircleCheck, tone: 'text-green-800' },
  failed: { Icon: CircleX, tone: 'text-red-800' },
  requires_payment: { Icon: Clock, tone: 'text-amber-900' },
  pending: { Icon: Clock, tone: 'text-amber-900' },
} as const;

/**
 * Issue 28 on the order page, for the owner and for admins: every payment of the order, with the
 * provider's payment id to quote to support or to find it in the provider's dashboard.
 */
export function OrderPayments({
  payments,
  currencySymbol,
}: {
  payments: readonly OrderPaymentSummary[];
  currencySymbol: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Payments</h2>
      <ul aria-label="Payments" className="flex flex-col gap-2.5 text-sm text-slate-800">
        {payments.map((payment) => {
          const { Icon, tone } = STATUS_STYLE[payment.status];
          const MethodIcon = payment.method === 'cash_on_delivery' ? Banknote : CreditCard;
          return (
            <li key={payment.id} className="flex items-start gap-2">
              <MethodIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              <span className="min-w-0">
                {paymentSource(payment)}: {formatMoney(payment.amount, currencySymbol)},{' '}
                <span className={cn('inline-flex items-center gap-1 font-medium', tone)}>
                  <Icon aria-hidden="true" className="size-3.5 shrink-0" />
                  {paymentStatusText(payment)}
                </span>
                <span className="block text-xs text-slate-600">
                  {payment.providerPaymentId ? (
                    <>
                      Payment ID{' '}
                      <code className="font-mono break-all text-slate-800 select-all">
                        {payment.providerPaymentId}
                      </code>{' '}
                      ·{' '}
                    </>
                  ) : null}
                  <time dateTime={payment.createdAt}>{formatLongDate(payment.createdAt)}</time>
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
