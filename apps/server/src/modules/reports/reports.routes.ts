import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, ordersExportQuerySchema } from '@pharmacy/shared';
import { csvStream } from '../../lib/csv';
import { ORDERS_CSV_COLUMNS, type ReportsService } from './reports.service';

const tags = ['reports'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.get(
    '/reports/orders.csv',
    {
      config: { access: 'reports.view' as const },
      schema: {
        tags,
        summary:
          'Orders of a period of UTC days (both included), one row per line, as CSV for the accountant',
        querystring: ordersExportQuerySchema,
        produces: ['text/csv'],
        response: {
          // A stream, sent as it is read (Fastify does not serialize a stream).
          200: z.unknown().describe('CSV: a UTF-8 BOM, the header row, one row per order line'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const rows = await reports.ordersCsvRows(request.query);
      const { from, to } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-to-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csvStream(ORDERS_CSV_COLUMNS, rows));
    },
  );
};
