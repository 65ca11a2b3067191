import type { AppConfig } from '../../config/env';
import type { PaymentProvider } from './payment-provider';
import { createTestPaymentProvider, type TestPaymentProvider } from './test-provider';

/**
 * The shop's online payment: the provider a test passes in; Razorpay when its three secrets are
 * set (issue 28); else Stripe when its keys are; else the built-in test provider (whose card form
 * the payments routes then serve).
 */
export async function choosePaymentProvider(
  config: AppConfig,
  given?: PaymentProvider,
): Promise<{ provider: PaymentProvider; testProvider: TestPaymentProvider | undefined }> {
  if (given) return { provider: given, testProvider: undefined };
  // Each SDK is loaded only when its provider is configured: they are large, and a shop on
  // another provider should not pay for them in start-up time and memory.
  if (config.razorpay) {
    const { createRazorpayProvider } = await import('./razorpay-provider');
    return { provider: await createRazorpayProvider(config.razorpay), testProvider: undefined };
  }
  if (!config.stripe) {
    const testProvider = createTestPaymentProvider();
    return { provider: testProvider, testProvider };
  }
  const { createStripePaymentProvider } = await import('./stripe-provider');
  return {
    provider: await createStripePaymentProvider({
      secretKey: config.stripe.secretKey,
      publishableKey: config.stripe.publishableKey,
      webhookSecret: config.stripe.webhookSecret,
    }),
    testProvider: undefined,
  };
}
