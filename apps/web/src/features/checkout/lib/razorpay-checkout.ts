import type { SaveRazorpayPayment } from '@pharmacy/shared';

/**
 * The part of Razorpay Checkout (checkout.js, a global script) this shop uses: the options of
 * `new Razorpay(options)`, the success object its handler receives and the `payment.failed` event.
 * https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/
 */
export interface RazorpayFailure {
  error: { code?: string; description?: string; reason?: string };
}

export interface RazorpayOptions {
  key: string;
  /** In paise, as the server created the Razorpay order. */
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (response: SaveRazorpayPayment) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

const SCRIPT_MARK = 'data-razorpay-checkout';
let loading: Promise<RazorpayConstructor> | null = null;

/**
 * Loads checkout.js once per page: every caller shares one `<script>` and one promise. A script
 * that fails to load is removed and forgotten, so the next call (the customer's retry) injects a
 * fresh one instead of waiting on a script the browser has given up on.
 */
export function loadRazorpayCheckout(src: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading) return loading;
  const attempt = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute(SCRIPT_MARK, '');
    script.addEventListener('load', () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new Error('Razorpay Checkout loaded without defining window.Razorpay.'));
    });
    script.addEventListener('error', () => reject(new Error('Razorpay Checkout did not load.')));
    document.head.appendChild(script);
  });
  loading = attempt;
  attempt.catch(() => {
    document.head.querySelector(`script[${SCRIPT_MARK}]`)?.remove();
    if (loading === attempt) loading = null;
  });
  return attempt;
}
