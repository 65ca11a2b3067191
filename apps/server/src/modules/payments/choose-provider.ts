import type { AppConfig } from '../../config/env';
import type { PaymentProvider } from './payment-provider';
import { createTestPaymentProvider, type TestPaymentProvider } from './test-provider';

/**
 * The shop's card payments: the provider a test passes in, Stripe when its keys are set, else the
 * built-in test provider (whose card form the payments routes then serve).
 */
export async function choosePaymentProvider(
  config: AppConfig,
  given?: PaymentProvider,
): Promise<{ provider: PaymentProvider; testProvider: TestPaymentProvider | undefined }> {
  if (given) return { provider: given, testProvider: undefined };
  if (!config.stripe) {
    const testProvider = createTestPaymentProvider();
    return { provider: testProvider, testProvider };
  }
  // Loaded only when Stripe is configured: the SDK is large, and a shop on the built-in test
  // provider should not pay for it in start-up time and memory.
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
