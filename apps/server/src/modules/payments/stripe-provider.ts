import type Stripe from 'stripe';
import type { CardPaymentProvider, ProviderIntent, ProviderRefund } from './payment-provider';
import { WebhookSignatureError } from './payment-provider';

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const orderId = Number(intent.metadata?.orderId);
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as ProviderIntent['status'],
    amountMinor: intent.amount,
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
    paymentMethodId:
      typeof intent.payment_method === 'string'
        ? intent.payment_method
        : (intent.payment_method?.id ?? null),
  };
}

/**
 * Stripe through its official SDK. Every write carries an idempotency key; webhooks are accepted
 * only with a valid signature inside Stripe's 5-minute tolerance. `host`/`port`/`protocol` point
 * the SDK at a local stand-in in tests.
 */
export async function createStripePaymentProvider(options: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}): Promise<CardPaymentProvider> {
  // Imported here, not at the top: the SDK is large and only a shop that uses Stripe loads it.
  const { default: StripeSdk } = await import('stripe');
  const stripe = new StripeSdk(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent({ orderId, amountMinor, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountMinor,
          currency: 'inr',
          metadata: { orderId: String(orderId) },
          automatic_payment_methods: { enabled: true },
          description: `Order #${orderId}`,
        },
        { idempotencyKey },
      );
      return toIntent(intent);
    },

    async retrieveIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.statusCode === 404)
          return undefined;
        throw error;
      }
    },

    async cancelIntent(intentId) {
      try {
        return (await stripe.paymentIntents.cancel(intentId)).status as ProviderIntent['status'];
      } catch (error) {
        // Stripe refuses to cancel an intent that succeeded or is processing: say what it is now.
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError)
          return (await stripe.paymentIntents.retrieve(intentId))
            .status as ProviderIntent['status'];
        throw error;
      }
    },

    async refund({ intentId, amountMinor, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: intentId, amount: amountMinor },
        { idempotencyKey },
      );
      return {
        id: refund.id,
        status: (refund.status ?? 'pending') as ProviderRefund['status'],
        amountMinor: refund.amount,
      };
    },

    parseWebhook(rawBody, signature) {
      if (!options.webhookSecret)
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set.');
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent:
          object.object === 'payment_intent' ? toIntent(object as Stripe.PaymentIntent) : null,
      };
    },
  };
}
