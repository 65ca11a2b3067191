import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  drugScheduleListResponseSchema,
  errorResponseSchema,
  h1RegisterQuerySchema,
  h1RegisterResponseSchema,
} from '@pharmacy/shared';
import type { ComplianceService } from './compliance.service';
import type { ScheduleRegistry } from './schedules';
import { spreadsheetCell as cell } from '../../lib/csv';

const tags = ['compliance'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const complianceRoutes: FastifyPluginAsyncZod<{
  compliance: ComplianceService;
  schedules: ScheduleRegistry;
}> = async (app, { compliance, schedules }) => {
  app.get(
    '/schedules',
    {
      config: { access: 'public' as const },
      schema: {
        tags,
        summary:
          'Drug schedules: which need a prescription, which cannot be sold online, which keep a register',
        response: { 200: drugScheduleListResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { schedules: schedules.list() };
    },
  );

  app.get(
    '/compliance/register',
    {
      config: { access: 'h1.view' as const },
      schema: {
        tags,
        summary:
          'The Schedule H1 register: dispatched lines of register-keeping schedules in a date range',
        querystring: h1RegisterQuerySchema,
        response: { 200: h1RegisterResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return compliance.register(request.query);
    },
  );

  app.get(
    '/compliance/register.csv',
    {
      config: { access: 'h1.view' as const },
      schema: {
        tags,
        summary: 'The same register rows as CSV, for an inspector',
        querystring: h1RegisterQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const entries = await compliance.registerForExport(request.query);
      const csv = stringify(
        entries.map((entry) => [
          entry.dispatchedAt,
          entry.orderId,
          cell(entry.patientName),
          cell(entry.prescriberName),
          cell(entry.prescriberRegistrationNumber),
          cell(entry.productName),
          cell(entry.batchNumber),
          entry.units,
          cell(entry.pharmacistName),
          cell(entry.pharmacistRegistrationNumber),
        ]),
        {
          header: true,
          columns: [
            'Dispatched at',
            'Order',
            'Patient',
            'Prescriber',
            'Prescriber registration no.',
            'Product',
            'Batch',
            'Units',
            'Pharmacist',
            'Pharmacist registration no.',
          ],
        },
      );
      const { from, to } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="h1-register-${from}-to-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
