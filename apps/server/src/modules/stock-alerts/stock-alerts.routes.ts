import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  messageResponseSchema,
  stockAlertListSchema,
  stockAlertStatusSchema,
} from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { StockAlerts } from './stock-alerts.service';
import { errorResponses } from '../../lib/route-schemas';

const tags = ['stock alerts'];
const errors = errorResponses(400, 401, 404);
const user = { access: 'user' as const };
const productParamSchema = z.object({ productId: z.coerce.number().int().positive() });

/** 'Notify me when available' requests of the signed-in shopper (issue 17). */
export const stockAlertsRoutes: FastifyPluginAsyncZod<{ stockAlerts: StockAlerts }> = async (
  app,
  { stockAlerts },
) => {
  app.post(
    '/product/:id/notify',
    {
      config: user,
      schema: {
        tags,
        summary: 'Ask to be told when the product is back in stock',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => stockAlerts.request(requireSession(request).userId, request.params.id),
  );

  app.get(
    '/product/:id/notify',
    {
      config: user,
      schema: {
        tags,
        summary: 'Whether the signed-in shopper is waiting for this product',
        params: idParamSchema,
        response: { 200: stockAlertStatusSchema, ...errors },
      },
    },
    async (request) => stockAlerts.status(requireSession(request).userId, request.params.id),
  );

  app.get(
    '/stock-alerts',
    {
      config: user,
      schema: {
        tags,
        summary: 'My back-in-stock requests: waiting, and fulfilled in the last 90 days',
        response: { 200: stockAlertListSchema, ...errors },
      },
    },
    async (request) => stockAlerts.list(requireSession(request).userId),
  );

  app.delete(
    '/stock-alerts/:productId',
    {
      config: user,
      schema: {
        tags,
        summary: 'Cancel my waiting request for a product',
        params: productParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => stockAlerts.cancel(requireSession(request).userId, request.params.productId),
  );
};
