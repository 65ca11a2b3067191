import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  orderDetailResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderUpdateResponseSchema,
  orderUpdateSchema,
  placeOrderResponseSchema,
} from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { OrdersService } from './orders.service';
import { orderIdParams } from '../../lib/route-schemas';

const tags = ['orders'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  app.post(
    '/order',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Place my cart as an order; an Idempotency-Key header makes retries safe',
        headers: z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() }),
        response: {
          200: placeOrderResponseSchema,
          201: placeOrderResponseSchema,
          ...errors,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { orderId, message, created, interactions } = await orders.placeOrder(
        requireSession(request).userId,
        request.headers['idempotency-key'],
      );
      return reply.code(created ? 201 : 200).send({ orderId, message, interactions });
    },
  );

  app.get(
    '/order/all',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Orders, newest first: my own, or for admins all or one customer (userId)',
        querystring: orderListQuerySchema,
        response: {
          200: orderListResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request) => orders.listOrders(requireSession(request), request.query),
  );

  app.get(
    '/order/getOrderDetail/:orderId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One order with its lines and status history',
        params: orderIdParams,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) =>
      orders.getDetail(requireSession(request), request.params.orderId, {
        route: 'GET /api/order/getOrderDetail/:orderId',
      }),
  );

  app.put(
    '/order/:orderId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Update an order: address (owner), cash on delivery (owner), status and delivery date (admin)',
        params: orderIdParams,
        body: orderUpdateSchema,
        response: {
          200: orderUpdateResponseSchema,
          ...errors,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) =>
      orders.updateOrder(requireSession(request), request.params.orderId, request.body),
  );
};
