import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buyAgainResponseSchema, errorResponseSchema } from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { requireSession } from '../../plugins/auth';
import type { CartService } from '../cart/cart.service';
import type { OrdersService } from '../orders/orders.service';
import { createReorderService } from './reorder.service';

const tags = ['orders'];
const orderIdParams = z.object({ orderId: z.coerce.number().int().positive() });

/** Issue 17 buy again; the service is built here from the two modules it composes. */
export const reorderRoutes: FastifyPluginAsyncZod<{
  db: Database;
  orders: OrdersService;
  cart: CartService;
}> = async (app, { db, orders, cart }) => {
  const reorder = createReorderService({ db, orders, cart });

  app.post(
    '/order/:orderId/buy-again',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Put my order's products in my cart again, capped at stock and per-order limits; says what could not be added and why",
        params: orderIdParams,
        response: {
          200: buyAgainResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => reorder.buyAgain(requireSession(request), request.params.orderId),
  );
};
