import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelOrderInputSchema,
  cancelOrderResponseSchema,
  changeOrderAddressInputSchema,
  errorResponseSchema,
  orderAfterSalesSchema,
  orderUpdateResponseSchema,
} from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { AfterSales } from './after-sales';
import { errorResponses, orderIdParams } from '../../lib/route-schemas';

const tags = ['orders'];
const errors = errorResponses(400, 401, 404, 409);

/** Issue 19 item 1: the owner cancels or changes the address within the window; both read it. */
export const afterSalesRoutes: FastifyPluginAsyncZod<{ aftersales: AfterSales }> = async (
  app,
  { aftersales },
) => {
  app.post(
    '/order/:orderId/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Cancel my order within the cancellation window, before it is dispatched: stock returned, payment refunded in full, credit note issued',
        params: orderIdParams,
        body: cancelOrderInputSchema,
        response: {
          200: cancelOrderResponseSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      aftersales.cancelOrder(requireSession(request), request.params.orderId, request.body),
  );

  app.put(
    '/order/:orderId/address',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change the delivery address of my order before it is packed',
        params: orderIdParams,
        body: changeOrderAddressInputSchema,
        response: { 200: orderUpdateResponseSchema, ...errors },
      },
    },
    async (request) =>
      aftersales.changeAddress(
        requireSession(request),
        request.params.orderId,
        request.body.addressId,
      ),
  );

  app.get(
    '/order/:orderId/after-sales',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "An order's cancellation (who, why, when), its refunds, and whether the owner may still cancel or change the address",
        params: orderIdParams,
        response: {
          200: orderAfterSalesSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => aftersales.afterSales(requireSession(request), request.params.orderId),
  );
};
