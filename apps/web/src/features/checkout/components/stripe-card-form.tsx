import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PAYMENT_TEXT, type CardIntentResponse } from '@pharmacy/shared';
import { CashOnDeliveryButton } from './cash-on-delivery-button';
import { Button } from '../../../components/ui/button';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useSavePaymentDetails } from '../api/save-payment-details';
import { CardErrorMessage } from './card-error';

/**
 * Stripe Elements (only when the server's provider is Stripe): the Payment Element collects the
 * card, `confirmPayment` confirms it with billing country IN (spec §9), redirecting to
 * /order/success/{orderId} only when the card asks for it (3-D Secure); otherwise the payment is
 * saved here. Spec §8: card and validation errors keep the form open.
 */
export function StripeCardForm({
  orderId,
  intent,
  onCashOnDelivery,
}: {
  orderId: number;
  intent: CardIntentResponse;
  /** Null when cash on delivery is not offered for this order (its maximum). */
  onCashOnDelivery: (() => void) | null;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const save = useSavePaymentDetails(orderId);
  // The card's fields live in Stripe's element; the form holds the submit and its pending state.
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = useForm();
  const busy = isSubmitting || save.isPending;
  // A second click can land before the re-render that disables the button.
  const inFlight = useRef(false);
  // Said at render: the cash-on-delivery maximum can arrive with the settings after the form.
  const notConfigured = intent.publishableKey
    ? null
    : onCashOnDelivery
      ? 'Card payment is not configured. Please choose Cash on Delivery.'
      : 'Card payment is not configured.';

  useEffect(() => {
    let active = true;
    let unmount: (() => void) | undefined;
    const key = intent.publishableKey;
    if (!key) return;
    void import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(key))
      .then((instance) => {
        if (!active) return;
        if (!instance || !mountRef.current) {
          setLoadError('The card form could not be loaded. Please try again later.');
          return;
        }
        const elements = instance.elements({
          clientSecret: intent.clientSecret,
          appearance: { theme: 'stripe', variables: { colorPrimary: '#0f766e' } },
        });
        const element = elements.create('payment', {
          fields: { billingDetails: { address: { country: 'never' } } },
        });
        element.mount(mountRef.current);
        unmount = () => element.destroy();
        setStripe({ stripe: instance, elements });
      })
      .catch(() => {
        if (active) setLoadError('The card form could not be loaded. Please try again later.');
      });
    return () => {
      active = false;
      unmount?.();
    };
  }, [intent.clientSecret, intent.publishableKey]);

  const onSubmit = handleSubmit(async () => {
    if (!stripe || save.isPending || inFlight.current) return;
    inFlight.current = true;
    setCardError(null);
    try {
      const result = await stripe.stripe.confirmPayment({
        elements: stripe.elements,
        redirect: 'if_required',
        confirmParams: {
          return_url: `${window.location.origin}${paths.orderSuccess.getHref(orderId)}`,
          payment_method_data: { billing_details: { address: { country: 'IN' } } },
        },
      });
      if (result.error) {
        setCardError(result.error.message ?? 'Your card could not be charged.');
        return;
      }
      const { paymentIntent } = result;
      if (paymentIntent.status !== 'succeeded') {
        setCardError('The payment has not gone through yet. Please try again.');
        return;
      }
      const method = paymentIntent.payment_method;
      await save.mutateAsync({
        paymentId: paymentIntent.id,
        paymentMethodId: typeof method === 'string' ? method : (method?.id ?? null),
      });
    } catch (error) {
      setCardError(getErrorMessage(error));
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Card payment">
      {notConfigured || loadError ? (
        <CardErrorMessage message={notConfigured ?? loadError ?? ''} />
      ) : null}
      {!stripe && !loadError && !notConfigured ? (
        <LoadingRegion label={PAYMENT_TEXT.loadingForm} className="flex flex-col gap-3">
          <p aria-hidden="true" className="text-sm text-slate-600">
            {PAYMENT_TEXT.loadingForm}
          </p>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </LoadingRegion>
      ) : null}
      <div ref={mountRef} />
      <p className="mt-3 text-sm text-slate-600">Billing country: India</p>
      {cardError ? (
        <div className="mt-4">
          <CardErrorMessage message={cardError} />
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant="accent"
          size="lg"
          disabled={!stripe}
          isPending={busy}
          pendingText="Processing payment..."
          icon={<Lock aria-hidden="true" className="size-4" />}
        >
          {PAYMENT_TEXT.payNow}
        </Button>
        <CashOnDeliveryButton onChoose={onCashOnDelivery} disabled={busy} />
      </div>
    </form>
  );
}
