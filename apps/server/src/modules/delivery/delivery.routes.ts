import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryAreaInputSchema,
  deliveryAreaListQuerySchema,
  deliveryAreaListSchema,
  deliveryAreaSchema,
  deliveryCalendarSchema,
  deliveryEstimateQuerySchema,
  deliveryEstimateSchema,
  DELIVERY_CSV_COLUMNS,
  DELIVERY_CSV_MAX_BYTES,
  deliveryImportPreviewSchema,
  deliveryImportResultSchema,
  messageResponseSchema,
} from '@pharmacy/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadRequestError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { errorResponses, idParams } from '../../lib/route-schemas';
import type { DeliveryService } from './delivery.service';

const tags = ['delivery'];
const admin = { access: 'settings.manage' as const };
const adminErrors = errorResponses(400, 401, 403);

/** Where the shop delivers and by when (issue 29). */
export const deliveryRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  app.get(
    '/delivery/estimate',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Whether the shop delivers to a pincode, cash on delivery there, and the delivery date (yyyy-MM-dd, in India) for an order confirmed now; with productId, whether that product can be sent',
        querystring: deliveryEstimateQuerySchema,
        response: { 200: deliveryEstimateSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      // The promise moves with the clock (the cut-off), so a browser or a proxy keeps it briefly.
      reply.header('cache-control', 'public, max-age=60');
      return delivery.estimate(request.query.pincode, request.query.productId);
    },
  );

  app.get(
    '/delivery/areas',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delivery areas (pincodes and ranges), searchable by pincode',
        querystring: deliveryAreaListQuerySchema,
        response: { 200: deliveryAreaListSchema, ...adminErrors },
      },
    },
    async (request) => delivery.listAreas(request.query),
  );

  app.post(
    '/delivery/areas',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Add a delivery area: one pincode or a range, with its zone, days, COD and same-day',
        body: deliveryAreaInputSchema,
        response: { 200: deliveryAreaSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => delivery.createArea(request.body, requireSession(request).userId),
  );

  app.put(
    '/delivery/areas/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change a delivery area',
        params: idParams,
        body: deliveryAreaInputSchema,
        response: { 200: deliveryAreaSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      delivery.updateArea(request.params.id, request.body, requireSession(request).userId),
  );

  app.delete(
    '/delivery/areas/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Remove a delivery area (its pincodes fall back to the next wider area, or are not served)',
        params: idParams,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await delivery.deleteArea(request.params.id, requireSession(request).userId);
      return { message: 'Delivery area removed' };
    },
  );

  // The CSV body is read as it is, only here, up to the import's own size limit.
  await app.register(async (scope) => {
    const imports = scope.withTypeProvider<ZodTypeProvider>();
    imports.addContentTypeParser(
      ['text/csv', 'application/csv', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: DELIVERY_CSV_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const csvOf = (body: unknown) => {
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new BadRequestError('file: Send the CSV file as the request body (text/csv).');
      return body;
    };
    imports.post(
      '/delivery/areas/import/preview',
      {
        config: admin,
        bodyLimit: DELIVERY_CSV_MAX_BYTES,
        schema: {
          tags,
          summary: `What importing a delivery areas CSV would do (columns: ${DELIVERY_CSV_COLUMNS.join(', ')}): areas to add, change or leave, and the refused rows with their line. Writes nothing.`,
          response: {
            200: deliveryImportPreviewSchema,
            ...errorResponses(400, 401, 403, 413, 415),
          },
        },
      },
      async (request) => delivery.previewImport(csvOf(request.body)),
    );
    imports.post(
      '/delivery/areas/import',
      {
        config: admin,
        bodyLimit: DELIVERY_CSV_MAX_BYTES,
        schema: {
          tags,
          summary:
            'Import a delivery areas CSV: every row in one transaction, or nothing when any row is refused (400)',
          response: { 200: deliveryImportResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request) => delivery.importAreas(csvOf(request.body), requireSession(request).userId),
    );
  });

  app.get(
    '/delivery/calendar',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The dispatch calendar: working days, daily cut-off (India) and holidays',
        response: { 200: deliveryCalendarSchema, ...adminErrors },
      },
    },
    async () => delivery.calendar(),
  );

  app.put(
    '/delivery/calendar',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Save the dispatch calendar',
        body: deliveryCalendarSchema,
        response: { 200: deliveryCalendarSchema, ...adminErrors },
      },
    },
    async (request) => delivery.saveCalendar(request.body, requireSession(request).userId),
  );
};
