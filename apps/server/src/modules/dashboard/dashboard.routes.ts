import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema, errorResponseSchema } from '@pharmacy/shared';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    {
      config: { access: 'admin' as const },
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
    async (_request, reply) => {
      // Figures of the moment, for the admin only: never kept by a browser or a proxy.
      reply.header('cache-control', 'private, no-store');
      return dashboard.overview();
    },
  );
};
