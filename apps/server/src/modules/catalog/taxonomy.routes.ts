import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_IMAGE_MAX_BYTES,
  catalogListQuerySchema,
  catalogNameSchema,
  divisionListResponseSchema,
  errorResponseSchema,
  idParamSchema,
  manufacturerListResponseSchema,
  messageResponseSchema,
  saltCompositionListResponseSchema,
} from '@pharmacy/shared';
import { readMultipart } from '../../lib/multipart';
import { parseOrThrow } from '../../lib/validation';
import type { CatalogService } from './catalog.service';

const tags = ['catalogue'];
/** Divisions, manufacturers and salts change rarely (admin edits). */
const ENTRY_CACHE = { maxAge: 60 };
const writeResponse = z.object({ id: z.number().int(), name: z.string(), message: z.string() });
const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const divisionImageLimits = {
  maxFiles: 1,
  maxFileBytes: CATALOG_IMAGE_MAX_BYTES,
  tooBigMessage: 'The image must be at most 5 MB.',
  fileFields: ['image'],
};

/** Spec §7 division, manufacturer and salt composition calls (deletes for all three, DECISIONS 409). */
export const taxonomyRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/division/all',
    {
      config: { access: 'public', httpCache: ENTRY_CACHE },
      schema: {
        tags,
        summary: 'Divisions with their image and product count',
        querystring: catalogListQuerySchema,
        response: { 200: divisionListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ divisionList: await catalog.listDivisions(request.query) }),
  );

  app.post(
    '/division',
    {
      config: { access: 'catalog.manage' },
      schema: {
        tags,
        summary: 'Create a division (multipart: name, image required)',
        consumes: ['multipart/form-data'],
        response: { 201: writeResponse, ...adminErrors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, divisionImageLimits);
      const { name } = parseOrThrow(catalogNameSchema, body.fields);
      return reply.code(201).send(await catalog.createEntry('division', name, body.files[0]));
    },
  );

  app.patch(
    '/division/:id',
    {
      config: { access: 'catalog.manage' },
      schema: {
        tags,
        summary: 'Rename a division or replace its image (multipart)',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: writeResponse, ...adminErrors, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const body = await readMultipart(request, divisionImageLimits);
      const { name } = parseOrThrow(catalogNameSchema, body.fields);
      return catalog.updateEntry('division', request.params.id, name, body.files[0]);
    },
  );

  app.delete(
    '/division/:id',
    {
      config: { access: 'catalog.manage' },
      schema: {
        tags,
        summary: 'Delete an unused division',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...adminErrors },
      },
    },
    async (request) => catalog.deleteEntry('division', request.params.id),
  );

  for (const [path, kind, listKey, listSchema] of [
    ['manufacturer', 'manufacturer', 'manufacturerList', manufacturerListResponseSchema],
    [
      'saltComposition',
      'saltComposition',
      'saltCompositionList',
      saltCompositionListResponseSchema,
    ],
  ] as const) {
    app.get(
      `/${path}/all`,
      {
        config: { access: 'public', httpCache: ENTRY_CACHE },
        schema: {
          tags,
          summary: `All ${path} entries with product counts`,
          querystring: catalogListQuerySchema,
          response: { 200: listSchema, 400: errorResponseSchema },
        },
      },
      async (request) =>
        ({ [listKey]: await catalog.listEntries(kind, request.query) }) as z.infer<
          typeof listSchema
        >,
    );
    app.post(
      `/${path}`,
      {
        config: { access: 'catalog.manage' },
        schema: {
          tags,
          summary: `Create a ${path}`,
          body: catalogNameSchema,
          response: { 201: writeResponse, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await catalog.createEntry(kind, request.body.name)),
    );
    app.patch(
      `/${path}/:id`,
      {
        config: { access: 'catalog.manage' },
        schema: {
          tags,
          summary: `Rename a ${path}`,
          params: idParamSchema,
          body: catalogNameSchema,
          response: { 200: writeResponse, ...adminErrors },
        },
      },
      async (request) => catalog.updateEntry(kind, request.params.id, request.body.name),
    );
    app.delete(
      `/${path}/:id`,
      {
        config: { access: 'catalog.manage' },
        schema: {
          tags,
          summary: `Delete an unused ${path}`,
          params: idParamSchema,
          response: { 200: messageResponseSchema, ...adminErrors },
        },
      },
      async (request) => catalog.deleteEntry(kind, request.params.id),
    );
  }
};
