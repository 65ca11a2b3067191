import { Info, Lock, RefreshCw, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  formatMoney,
  PAYMENT_TEXT,
  type RazorpayIntentResponse,
  type SaveRazorpayPayment,
} from '@pharmacy/shared';
import { CashOnDeliveryButton } from './cash-on-delivery-button';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { useShopSettings } from '../../../lib/shop-settings';
import { useSaveRazorpayPayment } from '../api/save-razorpay-payment';
import { useRazorpayScript } from '../hooks/use-razorpay-script';
import { CardErrorMessage } from './card-error';

/** DESIGN.md brand colour, so Checkout's window looks like the shop that opened it. */
const BRAND_COLOUR = '#0f766e';

export const RAZORPAY_TEXT = {
  methods: 'Pay by UPI, card, netbanking or wallet.',
  secureWindow: "Razorpay's secure window opens when you choose Pay now.",
  loading: 'Loading Razorpay Checkout...',
  loadFailed: 'Razorpay Checkout could not be loaded. Check your connection and try again.',
  retryLoad: 'Try loading again',
  waiting: 'Waiting for payment...',
  confirming: 'Confirming payment...',
  confirmAgain: 'Confirm payment again',
} as const;

/** What the customer reads after Checkout closed without a payment. */
export function notCompletedText(cashOnDelivery: boolean): string {
  return cashOnDelivery
    ? 'Payment not completed. Your order is saved and waiting for payment; you can pay now or choose cash on delivery.'
    : 'Payment not completed. Your order is saved and waiting for payment; you can pay now.';
}

/**
 * Razorpay's own description, without its final full stop so the sentence reads once; one that
 * already says the payment failed ("Payment failed", "Payment failed due to …") is said once too.
 */
export function paymentFailedText(description: string | undefined, cashOnDelivery: boolean) {
  const why = description?.trim().replace(/[.\s]+$/, '');
  const next = cashOnDelivery
    ? 'You can try again or choose cash on delivery.'
    : 'You can try again.';
  if (!why) return `Payment failed. ${next}`;
  if (/^payment failed\b/i.test(why))
    return `${why.replace(/^payment failed/i, 'Payment failed')}. ${next}`;
  return `Payment failed: ${why}. ${next}`;
}

type Phase = 'idle' | 'open' | 'saving';
type Notice =
  | { kind: 'not-completed' }
  | { kind: 'failed'; description: string | undefined }
  | { kind: 'save-failed'; message: string; payment: SaveRazorpayPayment }
  | null;

/**
 * Issue 28: Razorpay Checkout for the order's Razorpay order. 'Pay now' opens Checkout (UPI,
 * cards, netbanking, wallets); its success object is saved on the server, which moves the order
 * on. Closing Checkout or a failed payment keeps the order in Payment with the way forward.
 */
export function RazorpayCheckout({
  orderId,
  intent,
  onCashOnDelivery,
}: {
  orderId: number;
  intent: RazorpayIntentResponse;
  /** Null when cash on delivery is not offered for this order (its maximum). */
  onCashOnDelivery: (() => void) | null;
}) {
  const { currencySymbol } = useShopSettings();
  const script = useRazorpayScript(intent.checkoutScriptUrl);
  const save = useSaveRazorpayPayment(orderId);
  const [phase, setPhase] = useState<Phase>('idle');
  const [notice, setNotice] = useState<Notice>(null);
  // A second click (or a second handler call) can land before the re-render that disables the
  // button: Checkout opens once and a payment is saved once.
  const busy = useRef(false);
  const saving = useRef(false);
  const payButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const cashOffered = onCashOnDelivery !== null;

  // Checkout gives the focus back to Pay now while it is still disabled, so it lands nowhere:
  // once the button is enabled again it takes the focus, unless the customer moved it.
  useEffect(() => {
    if (phase !== 'idle' || !refocus.current) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) payButton.current?.focus();
  }, [phase]);

  const savePayment = async (payment: SaveRazorpayPayment) => {
    if (saving.current) return;
    saving.current = true;
    busy.current = true;
    setPhase('saving');
    setNotice(null);
    try {
      // On success the order moves on and the confirmation replaces this step; the button stays
      // pending until then, so nothing starts a second payment.
      await save.mutateAsync(payment);
    } catch (error) {
      setNotice({ kind: 'save-failed', message: getErrorMessage(error), payment });
      refocus.current = true;
      saving.current = false;
      busy.current = false;
      setPhase('idle');
    }
  };

  const openCheckout = () => {
    if (busy.current || script.status !== 'ready') return;
    busy.current = true;
    setPhase('open');
    setNotice(null);
    let failed = false;
    const checkout = new script.Razorpay({
      key: intent.keyId,
      amount: intent.amount,
      currency: intent.currency,
      order_id: intent.razorpayOrderId,
      name: intent.name,
      description: intent.description,
      prefill: intent.prefill,
      theme: { color: BRAND_COLOUR },
      handler: (payment) => void savePayment(payment),
      modal: {
        ondismiss: () => {
          // A payment being saved is not undone by the window closing after it.
          if (saving.current) return;
          busy.current = false;
          refocus.current = true;
          setPhase('idle');
          if (!failed) setNotice({ kind: 'not-completed' });
        },
      },
    });
    // Checkout stays open after a failure so the customer can try again inside it; the page
    // already says what happened and offers Pay now again for when they close it.
    checkout.on('payment.failed', ({ error }) => {
      if (saving.current) return;
      failed = true;
      busy.current = false;
      setPhase('idle');
      setNotice({ kind: 'failed', description: error.description });
    });
    try {
      checkout.open();
    } catch {
      busy.current = false;
      setPhase('idle');
      setNotice({ kind: 'failed', description: undefined });
    }
  };

  const working = phase !== 'idle';

  return (
    <section aria-label="Online payment" className="flex flex-col gap-4">
      <div className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <p>
          <strong className="font-semibold text-slate-900">{RAZORPAY_TEXT.methods}</strong>{' '}
          {RAZORPAY_TEXT.secureWindow}
        </p>
      </div>

      {script.status === 'loading' ? (
        <p role="status" className="text-sm text-slate-600">
          {RAZORPAY_TEXT.loading}
        </p>
      ) : null}
      {script.status === 'failed' ? (
        <div className="flex flex-col items-start gap-2">
          <CardErrorMessage message={RAZORPAY_TEXT.loadFailed} />
          <Button
            variant="quiet"
            size="sm"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={script.retry}
          >
            {RAZORPAY_TEXT.retryLoad}
          </Button>
        </div>
      ) : null}

      {/* The notices sit right above the buttons. The live region is always there, so its
          sentence is announced, but takes no room (no gap of the column) while it is empty. */}
      <div className="flex flex-col">
        <div role="status" aria-live="polite">
          {notice?.kind === 'not-completed' ? (
            <p className="mb-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{notCompletedText(cashOffered)}</span>
            </p>
          ) : null}
        </div>
        {notice?.kind === 'failed' ? (
          <div className="mb-4">
            <CardErrorMessage message={paymentFailedText(notice.description, cashOffered)} />
          </div>
        ) : null}
        {notice?.kind === 'save-failed' ? (
          <div className="mb-4 flex flex-col items-start gap-2">
            <CardErrorMessage message={notice.message} />
            <Button
              variant="quiet"
              size="sm"
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
              onClick={() => {
                if (!busy.current) void savePayment(notice.payment);
              }}
            >
              {RAZORPAY_TEXT.confirmAgain}
            </Button>
          </div>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={payButton}
            variant="accent"
            size="lg"
            disabled={script.status !== 'ready'}
            isPending={working}
            pendingText={phase === 'saving' ? RAZORPAY_TEXT.confirming : RAZORPAY_TEXT.waiting}
            icon={<Lock aria-hidden="true" className="size-4" />}
            onClick={openCheckout}
          >
            {PAYMENT_TEXT.payNow}
          </Button>
          <CashOnDeliveryButton onChoose={onCashOnDelivery} disabled={working} />
        </div>
      </div>
      <p className="text-sm text-slate-600">
        You will be charged {formatMoney(intent.amount / 100, currencySymbol)}.
      </p>
    </section>
  );
}
