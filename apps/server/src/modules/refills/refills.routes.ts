import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
  refillAddToCartResponseSchema,
  refillCreateSchema,
  refillListSchema,
  refillOneClickQuerySchema,
  refillOrderOptionsSchema,
  refillResponseSchema,
  refillUnsubscribeResponseSchema,
  refillUnsubscribeSchema,
  refillUpdateSchema,
} from '@pharmacy/shared';
import { oneClickFormScope } from '../../lib/one-click-forms';
import { requireSession } from '../../plugins/auth';
import type { RefillsService } from './refills.service';
import { errorResponses, orderIdParams } from '../../lib/route-schemas';

const tags = ['refill reminders'];
const errors = errorResponses(400, 401, 404);
const user = { access: 'user' as const };
/** The unsubscribe links need no sign-in: the signed token is the permission; kept to a trickle. */
const unsubscribeConfig = {
  access: 'public' as const,
  rateLimit: { max: 30, timeWindow: '1 minute' },
};

/** Issue 17 part 4: the signed-in customer's refill reminders, and the mail's links. */
export const refillsRoutes: FastifyPluginAsyncZod<{ refills: RefillsService }> = async (
  app,
  { refills },
) => {
  app.get(
    '/refills',
    {
      config: user,
      schema: {
        tags,
        summary: 'My refill reminders: paused ones last, the rest soonest due first',
        response: { 200: refillListSchema, 401: errorResponseSchema },
      },
    },
    async (request) => refills.list(requireSession(request).userId),
  );

  app.get(
    '/refills/order/:orderId',
    {
      config: user,
      schema: {
        tags,
        summary:
          'The medicine lines of my order a refill reminder can be set for, each with my reminder for that product if I have one',
        params: orderIdParams,
        response: { 200: refillOrderOptionsSchema, ...errors },
      },
    },
    async (request) => refills.optionsForOrder(requireSession(request), request.params.orderId),
  );

  app.post(
    '/refills',
    {
      config: user,
      schema: {
        tags,
        summary:
          'Set a refill reminder for a medicine line of one of my orders: due one interval after the order (its delivery, else its placing)',
        body: refillCreateSchema,
        response: { 201: refillResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await refills.create(requireSession(request), request.body)),
  );

  app.patch(
    '/refills/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'Change the interval or quantity of my refill reminder, or pause or resume it',
        params: idParamSchema,
        body: refillUpdateSchema,
        response: { 200: refillResponseSchema, ...errors },
      },
    },
    async (request) =>
      refills.update(requireSession(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/refills/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'Delete my refill reminder',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => refills.remove(requireSession(request).userId, request.params.id),
  );

  app.post(
    '/refills/:id/add-to-cart',
    {
      config: user,
      schema: {
        tags,
        summary:
          "The reminder mail's link: put my reminder's product in my cart, capped at stock and per-order limits; says what could not be added and why",
        params: idParamSchema,
        response: { 200: refillAddToCartResponseSchema, ...errors },
      },
    },
    async (request) => refills.addToCart(requireSession(request), request.params.id),
  );

  app.post(
    '/refills/unsubscribe',
    {
      config: unsubscribeConfig,
      schema: {
        tags,
        summary:
          "The reminder mail's unsubscribe link (no sign-in): pauses the reminder its signed token names",
        body: refillUnsubscribeSchema,
        response: { 200: refillUnsubscribeResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => refills.unsubscribe(request.body.token),
  );

  // RFC 8058 one-click (lib/one-click-forms): the token is in the List-Unsubscribe URL.
  await oneClickFormScope(app, (oneClick) => {
    oneClick.post(
      '/refills/unsubscribe/one-click',
      {
        config: unsubscribeConfig,
        schema: {
          tags,
          summary:
            "RFC 8058 one-click unsubscribe from a mail client's List-Unsubscribe-Post: pauses the reminder the token names",
          querystring: refillOneClickQuerySchema,
          response: { 200: refillUnsubscribeResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => refills.unsubscribe(request.query.token),
    );
  });
};
