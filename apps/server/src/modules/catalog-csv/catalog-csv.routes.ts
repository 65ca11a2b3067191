import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CATALOG_CSV_MAX_BYTES,
  CATALOG_CSV_MESSAGES,
  catalogImportPreviewSchema,
  catalogImportQuerySchema,
  catalogImportRefusedSchema,
  catalogImportResultSchema,
  errorResponseSchema,
} from '@pharmacy/shared';
import { BadRequestError } from '../../lib/errors';
import { csvStream } from '../../lib/csv';
import { readMultipart } from '../../lib/multipart';
import { requireSession } from '../../plugins/auth';
import {
  CATALOG_CSV_HEADER,
  ImportRefusedError,
  type CatalogCsvService,
} from './catalog-csv.service';
import { errorResponses } from '../../lib/route-schemas';

const tags = ['catalogue'];
const errors = errorResponses(400, 401, 403, 413);
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];

/**
 * The file of an import: the body itself (text/csv) or the `file` part of a multipart form, at
 * most CATALOG_CSV_MAX_BYTES either way (413).
 */
async function fileOf(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    const body = await readMultipart(request, {
      maxFiles: 1,
      maxFileBytes: CATALOG_CSV_MAX_BYTES,
      tooBigMessage: CATALOG_CSV_MESSAGES.tooLarge,
      fileFields: ['file'],
    });
    const file = body.files.find((part) => part.fieldname === 'file');
    if (!file) throw new BadRequestError(CATALOG_CSV_MESSAGES.noFile);
    return file.content;
  }
  if (!Buffer.isBuffer(request.body) || request.body.length === 0)
    throw new BadRequestError(CATALOG_CSV_MESSAGES.noFile);
  return request.body;
}

const fileBody = {
  consumes: ['text/csv', 'multipart/form-data'],
  description: `The CSV as the body (text/csv) or as the \`file\` part of a multipart form; at most ${CATALOG_CSV_MAX_BYTES / (1024 * 1024)} MB. The header names the columns of GET /api/catalog/products.csv, in any order; ID may be left out, Prescription and Stock are ignored.`,
};

export const catalogCsvRoutes: FastifyPluginAsyncZod<{ catalogCsv: CatalogCsvService }> = async (
  app,
  { catalogCsv },
) => {
  app.get(
    '/catalog/products.csv',
    {
      config: { access: 'catalog.manage' as const },
      schema: {
        tags,
        summary:
          'Every product (active and inactive) as CSV: names of division, manufacturer and salt, prices in rupees, schedule, tax fields and stock',
        produces: ['text/csv'],
        response: {
          // A stream, sent as it is read (Fastify does not serialize a stream).
          200: z.unknown().describe('CSV: a UTF-8 BOM, the header row, one row per product'),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (_request, reply) => {
      const rows = await catalogCsv.exportRows();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogue.csv"')
        .header('cache-control', 'private, no-store')
        .send(csvStream(CATALOG_CSV_HEADER, rows));
    },
  );

  // The raw CSV body is read here only, up to the import's own size limit.
  await app.register(async (scope) => {
    const imports = scope.withTypeProvider<ZodTypeProvider>();
    imports.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'buffer', bodyLimit: CATALOG_CSV_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    imports.post(
      '/catalog/import/preview',
      {
        config: { access: 'catalog.manage' as const },
        bodyLimit: CATALOG_CSV_MAX_BYTES,
        schema: {
          tags,
          summary:
            'What importing a catalogue CSV would do: rows to create, update, leave, and the refused ones with their line and reason. Writes nothing.',
          ...fileBody,
          response: { 200: catalogImportPreviewSchema, ...errors },
        },
      },
      async (request) => catalogCsv.preview(await fileOf(request)),
    );

    imports.post(
      '/catalog/import',
      {
        config: { access: 'catalog.manage' as const },
        bodyLimit: CATALOG_CSV_MAX_BYTES,
        schema: {
          tags,
          summary:
            'Import the previewed catalogue CSV: all rows in one transaction or none (any refused row: 400 with the list; a file other than the previewed one: 409)',
          ...fileBody,
          querystring: catalogImportQuerySchema,
          response: {
            200: catalogImportResultSchema,
            400: z.union([catalogImportRefusedSchema, errorResponseSchema]),
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
            413: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const content = await fileOf(request);
        try {
          return await catalogCsv.importFile(
            content,
            request.query.previewToken,
            requireSession(request).userId,
          );
        } catch (error) {
          if (!(error instanceof ImportRefusedError)) throw error;
          return reply.code(400).send({
            statusCode: 400,
            error: 'Bad Request',
            message: error.message,
            refused: error.refusedCount,
            refusedRows: error.refusedRows,
          });
        }
      },
    );
  });
};
