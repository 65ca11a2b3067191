import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buyAgainResponseSchema, errorResponseSchema } from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { ReorderService } from './reorder.service';
import { orderIdParams } from '../../lib/route-schemas';

const tags = ['orders'];

/** Issue 17 buy again. */
export const reorderRoutes: FastifyPluginAsyncZod<{ reorder: ReorderService }> = async (
  app,
  { reorder },
) => {
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
