import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema, errorResponseSchema } from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import { dashboardFor } from './dashboard-access';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    {
      // Every member of staff holds orders.view; each block follows its own permission.
      config: { access: 'orders.view' as const },
      schema: {
        tags: ['dashboard'],
        summary:
          'Operations dashboard: work queues, figures of today, 7 and 30 days (India) against the period before, best sellers, stock lists',
        response: {
          200: dashboardResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Figures of the moment, for staff only: never kept by a browser or a proxy.
      reply.header('cache-control', 'private, no-store');
      return dashboardFor(requireSession(request).roleId, await dashboard.overview());
    },
  );
};
