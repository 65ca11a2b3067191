import type { PaymentChannel } from '@pharmacy/shared';

/**
 * The online payment behind the payment step: a card provider (Stripe, or the built-in test one,
 * issue 6) working with payment intents, or Razorpay (issue 28) working with orders and Checkout.
 */
export type PaymentProvider = CardPaymentProvider | RazorpayProvider;

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

/** What the refunds job hands a provider: which payment, how much, and the shop's refund id. */
export interface ProviderRefundInput {
  /** The Stripe/test intent, or the Razorpay order. */
  intentId: string;
  /** The Razorpay payment (refunds are made against a payment there). */
  providerPaymentId: string | null;
  amountMinor: number;
  /** 'refund-<id>': the idempotency key, and the receipt Razorpay keeps with the refund. */
  idempotencyKey: string;
}

export interface CardPaymentProvider {
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
  refund(input: ProviderRefundInput): Promise<ProviderRefund>;
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

export interface RazorpayOrderState {
  id: string;
  amountMinor: number;
  status: 'created' | 'attempted' | 'paid';
  receipt: string | null;
}

export interface RazorpayPaymentState {
  id: string;
  /** The Razorpay order it pays; null for a payment made outside an order. */
  orderId: string | null;
  amountMinor: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  channel: PaymentChannel | null;
  /** The provider's words when it failed. */
  errorDescription: string | null;
}

export interface RazorpayRefundState {
  id: string;
  paymentId: string;
  amountMinor: number;
  status: 'pending' | 'processed' | 'failed';
  /** The shop's refund key ('refund-<id>') this refund was made for. */
  shopRefundKey: string | null;
}

export type RazorpayWebhookEvent =
  | {
      id: string;
      type: 'payment.captured' | 'order.paid' | 'payment.authorized';
      payment: RazorpayPaymentState;
    }
  | { id: string; type: 'payment.failed'; payment: RazorpayPaymentState }
  | { id: string; type: 'refund.processed' | 'refund.failed'; refund: RazorpayRefundState }
  | { id: string; type: 'other'; event: string };

/** Razorpay through its official SDK (issue 28, decision 0022). */
export interface RazorpayProvider {
  readonly name: 'razorpay';
  /** The public key id Checkout opens with. */
  readonly keyId: string;
  readonly checkoutScriptUrl: string;
  /** Razorpay settles refunds later (refund.processed / refund.failed): 'pending' stays pending. */
  createOrder(input: {
    amountMinor: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<RazorpayOrderState>;
  fetchOrder(orderId: string): Promise<RazorpayOrderState | undefined>;
  orderPayments(orderId: string): Promise<RazorpayPaymentState[]>;
  fetchPayment(paymentId: string): Promise<RazorpayPaymentState | undefined>;
  capture(paymentId: string, amountMinor: number): Promise<RazorpayPaymentState>;
  refund(input: ProviderRefundInput): Promise<ProviderRefund>;
  fetchRefund(paymentId: string, refundId: string): Promise<RazorpayRefundState | undefined>;
  /** Checkout's signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Verifies X-Razorpay-Signature over the raw body; throws WebhookSignatureError when not genuine. */
  parseWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventId: string | undefined,
  ): RazorpayWebhookEvent;
}
