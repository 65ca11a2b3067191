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
import { BadRequestError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { WebhookSignatureError } from './payment-provider';
import type { PaymentsService } from './payments.service';
import type { TestPaymentProvider } from './test-provider';
import { errorResponses, orderIdParams } from '../../lib/route-schemas';

const tags = ['payments'];
const errors = errorResponses(400, 401, 404, 409);

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  testProvider: TestPaymentProvider | undefined;
}> = async (app, { payments, testProvider }) => {
  app.post(
    '/payment/create-intent/:orderId',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Start a card payment for my order (amount from the order)',
        params: orderIdParams,
        response: { 200: createIntentResponseSchema, ...errors },
      },
    },
    async (request) => payments.createIntent(requireSession(request), request.params.orderId),
  );

  app.post(
    '/payment/save-payment-details/:orderId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Record a card payment the provider confirmed; saved once however often it is sent',
        params: orderIdParams,
        body: savePaymentSchema,
        response: { 200: savePaymentResponseSchema, ...errors },
      },
    },
    async (request) =>
      payments.savePaymentDetails(
        requireSession(request),
        request.params.orderId,
        request.body.paymentId,
        request.body.paymentMethodId,
      ),
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

  // Stripe signs the exact bytes it sent, so this route reads the body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
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
          return await payments.handleWebhook(
            request.body,
            Array.isArray(signature) ? signature[0] : signature,
          );
        } catch (error) {
          if (error instanceof WebhookSignatureError)
            throw new BadRequestError(`Webhook refused: ${error.message}`);
          throw error;
        }
      },
    );
  });
};
