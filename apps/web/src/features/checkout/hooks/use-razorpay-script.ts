import { useCallback, useEffect, useState } from 'react';
import { loadRazorpayCheckout, type RazorpayConstructor } from '../lib/razorpay-checkout';

export type RazorpayScript =
  { status: 'loading' } | { status: 'ready'; Razorpay: RazorpayConstructor } | { status: 'failed' };

/**
 * Checkout's script for the payment step only: loaded when the step shows it, once per page.
 * `retry` asks again after a failure (the loader has dropped the failed script).
 */
export function useRazorpayScript(src: string): RazorpayScript & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [script, setScript] = useState<RazorpayScript>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    loadRazorpayCheckout(src).then(
      (Razorpay) => {
        if (active) setScript({ status: 'ready', Razorpay });
      },
      () => {
        if (active) setScript({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [src, attempt]);

  const retry = useCallback(() => {
    setScript({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { ...script, retry };
}
