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

/** A refund the provider accepted (issue 19); 'pending' ones settle on the provider's side. */
export interface ProviderRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  amountMinor: number;
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
  /**
   * Gives back part or all of a succeeded payment. The idempotency key (the refund row's id)
   * makes a retried job answer the same refund instead of paying out twice.
   */
  refund(input: {
    intentId: string;
    amountMinor: number;
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
  /**
   * Cancels an intent nobody should pay any more (the order's total changed after it was made).
   * Answers the intent's status after the attempt: 'canceled', or 'succeeded' when it was paid
   * before the cancel arrived (then it is not cancelled, and the caller must not pretend it is).
   */
  cancelIntent(intentId: string): Promise<ProviderIntent['status'] | undefined>;
  /** Verifies the signature of a webhook call and returns its event; throws when it is not genuine. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {}
