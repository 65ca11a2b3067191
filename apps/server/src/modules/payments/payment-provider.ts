/** The card payment provider behind the payment step (issue 6): Stripe, or the built-in test one. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  amountMinor: number;
  orderId: number | null;
  paymentMethodId: string | null;
}

export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  readonly publishableKey: string | null;
  createIntent(input: {
    orderId: number;
    amountMinor: number;
    idempotencyKey: string;
  }): Promise<ProviderIntent>;
  retrieveIntent(intentId: string): Promise<ProviderIntent | undefined>;
  /** Verifies the signature of a webhook call and returns its event; throws when it is not genuine. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {}
