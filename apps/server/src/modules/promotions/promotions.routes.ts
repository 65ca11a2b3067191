import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyCouponSchema,
  applyPointsSchema,
  errorResponseSchema,
  orderPricingSchema,
  setOrderDiscountsSchema,
} from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { PromotionsService } from './promotions.service';
import { orderIdParams } from '../../lib/route-schemas';

const tags = ['orders'];
const responses = {
  200: orderPricingSchema,
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const noStore = { 'cache-control': 'private, no-store' };

/** Issue 19: a coupon and loyalty points on the owner's order before payment. */
export const promotionsRoutes: FastifyPluginAsyncZod<{ promotions: PromotionsService }> = async (
  app,
  { promotions },
) => {
  app.get(
    '/order/:orderId/pricing',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The order's subtotal, coupon and points discounts and total, and what the owner may still apply (points balance, most points for this order)",
        params: orderIdParams,
        response: responses,
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await promotions.pricing(requireSession(request), request.params.orderId)),
  );

  app.put(
    '/order/:orderId/discounts',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Set my order's coupon (null: none) and points (0: none) together, before payment; the same state again changes nothing",
        params: orderIdParams,
        body: setOrderDiscountsSchema,
        response: responses,
      },
    },
    async (request) =>
      promotions.setDiscounts(requireSession(request), request.params.orderId, request.body),
  );

  app.post(
    '/order/:orderId/coupon',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Apply a coupon code to my order waiting for payment (replaces the one applied); 409 says which condition failed',
        params: orderIdParams,
        body: applyCouponSchema,
        response: responses,
      },
    },
    async (request) =>
      promotions.applyCoupon(requireSession(request), request.params.orderId, request.body.code),
  );

  app.delete(
    '/order/:orderId/coupon',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove the coupon from my order waiting for payment (its use is given back)',
        params: orderIdParams,
        response: responses,
      },
    },
    async (request) => promotions.removeCoupon(requireSession(request), request.params.orderId),
  );

  app.post(
    '/order/:orderId/points',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Spend loyalty points on my order waiting for payment (replaces what it held; capped by balance and share of the order)',
        params: orderIdParams,
        body: applyPointsSchema,
        response: responses,
      },
    },
    async (request) =>
      promotions.applyPoints(requireSession(request), request.params.orderId, request.body.points),
  );

  app.delete(
    '/order/:orderId/points',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Give back the points spent on my order waiting for payment',
        params: orderIdParams,
        response: responses,
      },
    },
    async (request) => promotions.removePoints(requireSession(request), request.params.orderId),
  );
};
