import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useSavePaymentDetails } from '../api/save-payment-details';

/**
 * Spec §2 /order/success/{orderId}, Stripe's return address after a card that needed a redirect
 * (3-D Secure): saves the payment named by `payment_intent` (the server checks it with Stripe and
 * saves it once), then shows the order's process page, now confirmed. Errors stay on screen.
 */
export function PaymentReturn({ orderId }: { orderId: number | null }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const save = useSavePaymentDetails(orderId ?? 0);
  const started = useRef(false);
  const paymentId = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  const [error, setError] = useState<string | null>(() => {
    if (orderId === null) return 'This payment return address is not valid.';
    if (!paymentId) return 'This payment return address does not name a payment.';
    if (redirectStatus === 'failed')
      return 'Your card payment did not go through. Please try again or choose Cash on Delivery.';
    return null;
  });

  useEffect(() => {
    if (error || started.current || orderId === null || !paymentId) return;
    started.current = true; // StrictMode runs effects twice; the payment is saved once anyway
    save.mutate(
      { paymentId },
      {
        onSuccess: () => navigate(paths.orderProcess.getHref(orderId), { replace: true }),
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  }, [error, navigate, orderId, paymentId, save]);

  if (error) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
        <CircleAlert aria-hidden="true" className="size-10 text-red-700" />
        <h1 className="text-2xl font-bold text-slate-900">Payment not completed</h1>
        <p role="alert" className="text-base text-red-800">
          {error}
        </p>
        {orderId !== null ? (
          <ButtonLink to={paths.orderProcess.getHref(orderId)}>Back to your order</ButtonLink>
        ) : (
          <ButtonLink to={paths.dashboard.orders.getHref()}>Go to my orders</ButtonLink>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <Spinner className="size-8 text-brand-700" />
      <p role="status" className="text-base font-medium text-slate-800">
        Confirming your payment…
      </p>
    </div>
  );
}
