import { ArrowLeft, Banknote, CreditCard, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import {
  cashOnDeliveryCheck,
  codNotAtPincodeText,
  type DeliveryEstimate,
  formatMoney,
  LIMITS,
  PAYMENT_TEXT,
  type Order,
  type ShopSettings,
} from '@pharmacy/shared';
import { usePincodeDelivery } from '../api/get-pincode-delivery';
import { CashOnDeliveryButton } from './cash-on-delivery-button';
import { Button } from '../../../components/ui/button';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { useShopSettings } from '../../../lib/shop-settings';
import { usePaymentIntent } from '../api/create-payment-intent';
import { usePayCashOnDelivery } from '../api/update-checkout-order';
import { cardPaymentOffered, paymentView } from '../lib/process-rules';
import { CardErrorMessage } from './card-error';
import { OrderDiscounts } from './order-discounts';
import { RazorpayCheckout } from './razorpay-checkout';
import { StepHeading } from './step-panel';
import { TestCardForm } from './test-card-form';

// Stripe's library is only downloaded by shoppers of a shop that has Stripe keys.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

function PaymentFormLoading() {
  return (
    <LoadingRegion label={PAYMENT_TEXT.loadingForm} className="flex flex-col gap-3">
      <p aria-hidden="true" className="text-sm font-medium text-slate-700">
        {PAYMENT_TEXT.loadingForm}
      </p>
      <Skeleton className="h-11 w-full" />
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
      <Skeleton className="h-12 w-40" />
    </LoadingRegion>
  );
}

/** Spec §2: the cash-on-delivery confirm view shows the total amount. */
function CashOnDeliveryConfirm({
  orderId,
  total,
  onBack,
}: {
  orderId: number;
  total: string;
  onBack: () => void;
}) {
  const pay = usePayCashOnDelivery(orderId);
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="text-sm text-slate-600">Total amount to pay on delivery</p>
        <p className="mt-1 text-2xl font-bold text-slate-900">{total}</p>
        <p className="mt-2 text-sm text-slate-700">
          Pay in cash when your order arrives. Shipping is free.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="accent"
          size="lg"
          isPending={pay.isPending}
          pendingText="Confirming..."
          icon={<Banknote aria-hidden="true" className="size-4" />}
          onClick={() => {
            if (!pay.isPending) pay.mutate();
          }}
        >
          Confirm Cash on Delivery
        </Button>
        <Button
          variant="quiet"
          size="lg"
          disabled={pay.isPending}
          onClick={onBack}
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
        >
          Back to payment options
        </Button>
      </div>
    </div>
  );
}

/** Issue 28: cash on delivery up to the shop's maximum (rupees in the settings, paise here). */
export function cashOnDeliveryFor(totalOrderValue: number, settings: ShopSettings) {
  const max = settings.payments.codMaxOrderValue;
  return cashOnDeliveryCheck(
    Math.round(totalOrderValue * 100),
    max === null ? null : Math.round(max * 100),
    settings.currencySymbol,
  );
}

/**
 * Issue 29: cash on delivery only where the order's pincode takes it (the server refuses it
 * elsewhere with the same sentence); until the pincode's answer is in, it is not offered and
 * nothing is said.
 */
export function cashOnDeliveryAtPincode(
  byTotal: ReturnType<typeof cashOnDeliveryFor>,
  pincode: string | null,
  delivery: DeliveryEstimate | undefined,
): ReturnType<typeof cashOnDeliveryFor> {
  if (!byTotal.offered || pincode === null) return byTotal;
  if (!delivery) return { offered: false, reason: '' };
  if (!delivery.cashOnDelivery) return { offered: false, reason: codNotAtPincodeText(pincode) };
  return byTotal;
}

/**
 * Spec §2 payment step. Over 50 (spec §9) a payment intent is requested and the card form offers
 * 'Pay now' and 'Cash on Delivery'; the payment window flag (spec §3) shows or hides the card form.
 * Without an intent: a disabled 'Online Payment coming soon' and 'Cash on Delivery'. Issue 28:
 * Razorpay Checkout when the shop runs Razorpay; 'Cash on Delivery' only up to its maximum, the
 * reason said instead above it (the server refuses it too).
 */
export function PaymentStep({ order }: { order: Order }) {
  // Issue 32: only the order's own customer pays, and only they get its total in the answer.
  if (order.totalOrderValue === undefined)
    return (
      <p className="text-sm text-slate-700">
        Only the customer who placed this order can choose how to pay for it.
      </p>
    );
  return <PaymentChoice order={order} totalOrderValue={order.totalOrderValue} />;
}

function PaymentChoice({ order, totalOrderValue }: { order: Order; totalOrderValue: number }) {
  const settings = useShopSettings();
  const { currencySymbol } = settings;
  const pincode = order.shippingAddress?.pinCode ?? null;
  const pincodeDelivery = usePincodeDelivery(pincode);
  const cashOnDelivery = cashOnDeliveryAtPincode(
    cashOnDeliveryFor(totalOrderValue, settings),
    pincode,
    pincodeDelivery.data,
  );
  // Razorpay takes more than cards: the choice view names what the shop takes online.
  const razorpay = settings.payments.online === 'razorpay';
  const online = razorpay ? 'Online payment' : 'Card payment';
  const cardOffered = cardPaymentOffered(totalOrderValue);
  const intent = usePaymentIntent(order.id, cardOffered);
  const [paymentWindowOpen, setPaymentWindowOpen] = useState(true);
  const [cashChosen, setCashChosen] = useState(false);
  const total = formatMoney(totalOrderValue, currencySymbol);

  const view = paymentView({
    cardOffered,
    intent: intent.isPending ? 'pending' : intent.isError ? 'failed' : 'ready',
    paymentWindowOpen,
    cashChosen: cashChosen && cashOnDelivery.offered,
  });

  const chooseCash = cashOnDelivery.offered
    ? () => {
        setPaymentWindowOpen(false);
        setCashChosen(true);
      }
    : null;

  let body;
  if (view === 'loading') {
    body = <PaymentFormLoading />;
  } else if (view === 'cash-confirm') {
    body = (
      <CashOnDeliveryConfirm
        orderId={order.id}
        total={total}
        onBack={() => {
          setCashChosen(false);
          setPaymentWindowOpen(true);
        }}
      />
    );
  } else if (view === 'card' && intent.data) {
    body =
      intent.data.provider === 'razorpay' ? (
        <RazorpayCheckout orderId={order.id} intent={intent.data} onCashOnDelivery={chooseCash} />
      ) : intent.data.provider === 'stripe' ? (
        <Suspense fallback={<PaymentFormLoading />}>
          <StripeCardForm orderId={order.id} intent={intent.data} onCashOnDelivery={chooseCash} />
        </Suspense>
      ) : (
        <TestCardForm
          orderId={order.id}
          intent={intent.data}
          amountLabel={total}
          onCashOnDelivery={chooseCash}
        />
      );
  } else {
    const canPayByCard = cardOffered && intent.isSuccess;
    body = (
      <div className="flex flex-col gap-4">
        {cardOffered && intent.isError ? (
          <div className="flex flex-col items-start gap-2">
            <CardErrorMessage
              message={`${online} could not be started: ${getErrorMessage(intent.error)}`}
            />
            <Button
              variant="quiet"
              size="sm"
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
              onClick={() => void intent.refetch()}
            >
              {razorpay ? 'Try online payment again' : 'Try card payment again'}
            </Button>
          </div>
        ) : null}
        <div className="flex flex-wrap items-start gap-3">
          {canPayByCard ? (
            <Button
              variant="accent"
              size="lg"
              icon={<CreditCard aria-hidden="true" className="size-4" />}
              onClick={() => setPaymentWindowOpen(true)}
            >
              {razorpay ? 'Pay online' : 'Pay by card'}
            </Button>
          ) : (
            <span className="flex flex-col gap-1">
              <Button
                variant="secondary"
                size="lg"
                disabled
                aria-describedby={`coming-soon-${order.id}`}
                icon={<CreditCard aria-hidden="true" className="size-4" />}
              >
                {PAYMENT_TEXT.comingSoon}
              </Button>
              <span id={`coming-soon-${order.id}`} className="text-xs text-slate-600">
                {cardOffered
                  ? `${online} is not available right now.`
                  : `${online} is available for orders over ${formatMoney(LIMITS.cardPaymentAbove, currencySymbol)}.`}
              </span>
            </span>
          )}
          <CashOnDeliveryButton
            onChoose={chooseCash}
            variant={canPayByCard ? 'secondary' : 'primary'}
          />
        </div>
      </div>
    );
  }

  return (
    <>
      <StepHeading
        icon={
          view === 'cash-confirm' ? (
            <Banknote className="size-5" />
          ) : (
            <CreditCard className="size-5" />
          )
        }
        title={view === 'cash-confirm' ? 'Cash on Delivery' : 'Payment'}
        description={
          view === 'cash-confirm' ? (
            'Confirm to place your order with payment on delivery.'
          ) : (
            <>
              Amount to pay: <strong className="text-slate-900">{total}</strong>
            </>
          )
        }
      />
      <div className="mb-4">
        <OrderDiscounts orderId={order.id} />
      </div>
      {cashOnDelivery.offered || !cashOnDelivery.reason || view === 'cash-confirm' ? null : (
        <p className="mb-4 flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          <Banknote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-600" />
          <span>{cashOnDelivery.reason}</span>
        </p>
      )}
      {body}
    </>
  );
}
