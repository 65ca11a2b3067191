import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponInputSchema,
  couponListQuerySchema,
  couponListResponseSchema,
  couponSchema,
  errorResponseSchema,
  idParamSchema,
} from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { CouponsService } from './coupons.service';
import { errorResponses } from '../../lib/route-schemas';

const tags = ['coupons'];
const admin = { access: 'coupons.manage' as const };
const errors = errorResponses(400, 401, 403);

/** Issue 19: admins create, edit and deactivate coupon codes. */
export const couponsRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (
  app,
  { coupons },
) => {
  app.get(
    '/coupons',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Coupon codes, newest first, a page at a time, each with the uses it holds',
        querystring: couponListQuerySchema,
        response: { 200: couponListResponseSchema, ...errors },
      },
    },
    async (request) => coupons.list(request.query),
  );

  app.post(
    '/coupons',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a coupon code (stored upper-case); written to the audit log',
        body: couponInputSchema,
        response: { 201: couponSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await coupons.create(request.body, requireSession(request).userId)),
  );

  app.get(
    '/coupons/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One coupon code',
        params: idParamSchema,
        response: { 200: couponSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => coupons.get(request.params.id),
  );

  app.put(
    '/coupons/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Edit a coupon code (isActive false deactivates it); uses already held stay counted; written to the audit log',
        params: idParamSchema,
        body: couponInputSchema,
        response: {
          200: couponSchema,
          ...errors,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) =>
      coupons.update(request.params.id, request.body, requireSession(request).userId),
  );
};
