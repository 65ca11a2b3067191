import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardErrorResponseSchema,
  createIntentResponseSchema,
  errorResponseSchema,
  savePaymentResponseSchema,
  savePaymentSchema,
  testCardConfirmResponseSchema,
  testCardConfirmSchema,
} from '@pharmacy/shared';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { BadRequestError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { limitKey } from '../../lib/rate-limits';
import { requireSession } from '../../plugins/auth';
import { WebhookSignatureError } from './payment-provider';
import type { CardPaymentsService } from './card-payments.service';
import type { RazorpayPaymentsService } from './razorpay-payments.service';
import { BadWebhookError } from './razorpay-provider';
import type { TestPaymentProvider } from './test-provider';
import { errorResponses, orderIdParams } from '../../lib/route-schemas';

const tags = ['payments'];

/** Refused Razorpay webhook deliveries an address may send a minute before it gets 429. */
export const REFUSED_WEBHOOKS_PER_MINUTE = 600;
const errors = errorResponses(400, 401, 404, 409);

export const SEND_RAZORPAY_FIELDS =
  'This shop takes payments through Razorpay: send razorpay_payment_id, razorpay_order_id and razorpay_signature.';
export const SEND_CARD_PAYMENT_ID = 'paymentId is required';

/** Reads a webhook's exact bytes: providers sign them, not the parsed object. */
async function rawJsonBody(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const paymentsRoutes: FastifyPluginAsyncZod<{
  /** Exactly one of the two is set: the provider this shop runs. */
  card: CardPaymentsService | undefined;
  razorpay: RazorpayPaymentsService | undefined;
  testProvider: TestPaymentProvider | undefined;
  /**
   * Refused Razorpay webhook deliveries per client address (shared by the instances): a
   * delivery Razorpay signed costs no write, so only what is refused is counted.
   */
  refusedWebhooks: RateLimiterAbstract;
}> = async (app, { card, razorpay, testProvider, refusedWebhooks }) => {
  app.post(
    '/payment/create-intent/:orderId',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Start an online payment for my order (amount from the order): a Razorpay order for Checkout, or a card intent',
        params: orderIdParams,
        response: { 200: createIntentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      if (razorpay) return razorpay.createIntent(session, request.params.orderId);
      if (card) return card.createIntent(session, request.params.orderId);
      throw new Error('No payment provider is registered.');
    },
  );

  app.post(
    '/payment/save-payment-details/:orderId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Record a payment the provider confirmed (Razorpay Checkout's signed answer, or a card payment id); saved once however often it is sent",
        params: orderIdParams,
        body: savePaymentSchema,
        response: { 200: savePaymentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const body = request.body;
      if (razorpay) {
        if (!('razorpay_payment_id' in body)) throw new BadRequestError(SEND_RAZORPAY_FIELDS);
        return razorpay.savePaymentDetails(session, request.params.orderId, body);
      }
      if (!card || !('paymentId' in body)) throw new BadRequestError(SEND_CARD_PAYMENT_ID);
      return card.savePaymentDetails(
        session,
        request.params.orderId,
        body.paymentId,
        body.paymentMethodId,
      );
    },
  );

  if (testProvider) {
    app.post(
      '/payment/test/confirm',
      {
        config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary:
            'Built-in test provider: confirm a card payment with a test card (only without Stripe keys)',
          body: testCardConfirmSchema,
          response: {
            200: testCardConfirmResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            402: cardErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const outcome = testProvider.confirmCard(request.body.clientSecret, request.body);
        if (!outcome.ok) return reply.code(402).send({ error: outcome.error });
        return {
          paymentIntent: {
            id: outcome.intent.id,
            status: outcome.intent.status,
            paymentMethodId: outcome.intent.paymentMethodId,
          },
        };
      },
    );
  }

  await app.register(async (webhook) => {
    await rawJsonBody(webhook);
    webhook.post(
      '/payment/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Stripe webhook (signature checked); payment_intent.succeeded records the payment',
          response: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new BadRequestError('The webhook body must be JSON.');
        try {
          const signature = request.headers['stripe-signature'];
          if (!card) throw new WebhookSignatureError('this shop takes payments through Razorpay.');
          return await card.handleWebhook(request.body, header(signature));
        } catch (error) {
          if (error instanceof WebhookSignatureError)
            throw new BadRequestError(`Webhook refused: ${error.message}`);
          throw error;
        }
      },
    );
  });

  await app.register(async (webhook) => {
    await rawJsonBody(webhook);
    webhook.post(
      '/payment/webhook/razorpay',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Razorpay webhook: X-Razorpay-Signature checked over the raw body before anything is read; payment.captured, order.paid, payment.failed, refund.processed and refund.failed are applied once',
          response: {
            200: z.object({ received: z.literal(true) }),
            400: errorResponseSchema,
            401: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new BadRequestError('The webhook body must be JSON.');
        if (!razorpay)
          throw new UnauthorizedError(
            'Webhook refused: this shop does not take payments through Razorpay.',
          );
        try {
          return await razorpay.handleWebhook(
            request.body,
            header(request.headers['x-razorpay-signature']),
            header(request.headers['x-razorpay-event-id']),
          );
        } catch (error) {
          if (!(error instanceof WebhookSignatureError || error instanceof BadWebhookError))
            throw error;
          const refused = await refusedWebhooks.penalty(limitKey(request.ip), 1);
          if (refused.consumedPoints > REFUSED_WEBHOOKS_PER_MINUTE)
            throw new TooManyRequestsError(Math.max(1, Math.ceil(refused.msBeforeNext / 1000)));
          if (error instanceof WebhookSignatureError)
            throw new UnauthorizedError(`Webhook refused: ${error.message}`);
          throw new BadRequestError(`Webhook refused: ${error.message}`);
        }
      },
    );
  });
};
