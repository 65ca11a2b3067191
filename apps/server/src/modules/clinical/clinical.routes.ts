import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DRUG_INTERACTION_CSV_COLUMNS,
  DRUG_INTERACTION_CSV_MAX_BYTES,
  DRUG_INTERACTION_CSV_MESSAGES,
  errorResponseSchema,
  drugInteractionIdParamsSchema,
  drugInteractionImportPreviewSchema,
  drugInteractionImportResultSchema,
  drugInteractionInputSchema,
  drugInteractionListQuerySchema,
  drugInteractionListSchema,
  drugInteractionWriteResponseSchema,
} from '@pharmacy/shared';
import { csvStream } from '../../lib/csv';
import { BadRequestError } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { requireSession } from '../../plugins/auth';
import type { ClinicalService } from './clinical.service';

const tags = ['clinical'];
const admin = { access: 'interactions.manage' as const };
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];
const csvBody = {
  consumes: ['text/csv'],
  description: `The CSV as the request body (text/csv, UTF-8), at most ${DRUG_INTERACTION_CSV_MAX_BYTES / (1024 * 1024)} MB. A header row naming the columns ${DRUG_INTERACTION_CSV_COLUMNS.join(', ')} in any order (source may be left out), then one pair per row; severity is major, moderate or minor in any case, so DDInter's Drug_A, Drug_B and Level fit by renaming the columns (decision 0026).`,
};

/** Issue 31 point 4: the drug interaction table, edited by admins. */
export const clinicalRoutes: FastifyPluginAsyncZod<{ clinical: ClinicalService }> = async (
  app,
  { clinical },
) => {
  app.get(
    '/drug-interactions',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The drug interaction table, by ingredient and severity, paged',
        querystring: drugInteractionListQuerySchema,
        response: { 200: drugInteractionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => clinical.list(request.query),
  );

  app.post(
    '/drug-interactions',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Add an interaction between two ingredients (409 when the pair is in the table, in either order)',
        body: drugInteractionInputSchema,
        response: {
          201: drugInteractionWriteResponseSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const result = await clinical.create(request.body, requireSession(request).userId);
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/drug-interactions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit an interaction (409 when its new pair is another row’s)',
        params: drugInteractionIdParamsSchema,
        body: drugInteractionInputSchema,
        response: {
          200: drugInteractionWriteResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      clinical.update(request.params.id, request.body, requireSession(request).userId),
  );

  app.delete(
    '/drug-interactions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an interaction',
        params: drugInteractionIdParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => clinical.remove(request.params.id, requireSession(request).userId),
  );

  app.get(
    '/drug-interactions.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: `The drug interaction table as CSV, in the import's format (${DRUG_INTERACTION_CSV_COLUMNS.join(', ')})`,
        produces: ['text/csv'],
        response: {
          // A stream, sent as it is read (Fastify does not serialize a stream).
          200: z.unknown().describe('CSV: a UTF-8 BOM, the header row, one row per pair'),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (_request, reply) => {
      const rows = await clinical.exportRows();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="drug-interactions.csv"')
        .header('cache-control', 'private, no-store')
        .send(csvStream(DRUG_INTERACTION_CSV_COLUMNS, rows));
    },
  );

  // The CSV body is read as it is, only here, up to the import's own size limit.
  await app.register(async (scope) => {
    const imports = scope.withTypeProvider<ZodTypeProvider>();
    imports.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'buffer', bodyLimit: DRUG_INTERACTION_CSV_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const csvOf = (body: unknown) => {
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new BadRequestError(DRUG_INTERACTION_CSV_MESSAGES.noFile);
      return body;
    };

    imports.post(
      '/drug-interactions/import/preview',
      {
        config: admin,
        bodyLimit: DRUG_INTERACTION_CSV_MAX_BYTES,
        schema: {
          tags,
          summary:
            'What importing a drug interactions CSV would do: pairs to add, change or leave, and the refused rows with their line and reason. Writes nothing.',
          ...csvBody,
          response: {
            200: drugInteractionImportPreviewSchema,
            ...errorResponses(400, 401, 403, 413, 415),
          },
        },
      },
      async (request) => clinical.previewImport(csvOf(request.body)),
    );

    imports.post(
      '/drug-interactions/import',
      {
        config: admin,
        bodyLimit: DRUG_INTERACTION_CSV_MAX_BYTES,
        schema: {
          tags,
          summary:
            'Import a drug interactions CSV: every row in one transaction, a saved pair (either order) changed rather than added, each write audited; nothing when any row is refused (400)',
          ...csvBody,
          response: {
            200: drugInteractionImportResultSchema,
            ...errorResponses(400, 401, 403, 409, 413, 415),
          },
        },
      },
      async (request) => clinical.importCsv(csvOf(request.body), requireSession(request).userId),
    );
  });
};
