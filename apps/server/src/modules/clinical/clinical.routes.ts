import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  drugInteractionIdParamsSchema,
  drugInteractionInputSchema,
  drugInteractionListQuerySchema,
  drugInteractionListSchema,
  drugInteractionWriteResponseSchema,
} from '@pharmacy/shared';
import { errorResponses } from '../../lib/route-schemas';
import { requireSession } from '../../plugins/auth';
import type { ClinicalService } from './clinical.service';

const tags = ['clinical'];
const admin = { access: 'admin' as const };

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
};
