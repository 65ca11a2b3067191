import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  medicineAdminListQuerySchema,
  medicineAdminListSchema,
  medicineAdminSchema,
  medicineContentSchema,
  medicineListQuerySchema,
  medicineListSchema,
  medicinePageSchema,
  medicineReviewInputSchema,
  medicineSlugParamsSchema,
  medicineWriteResponseSchema,
} from '@pharmacy/shared';
import { errorResponses } from '../../lib/route-schemas';
import { requireSession } from '../../plugins/auth';
import type { MedicinesService } from './medicines.service';

const tags = ['medicines'];
const admin = { access: 'medicines.review' as const };
/**
 * Public pages change when a review is published or a product's price or stock moves; both bump
 * the catalogue's version, which drops the micro-cache here and on other instances at once.
 */
const PAGE_CACHE = { maxAge: 60 };

/** Issue 30 point 5: medicine information pages and their editing and review. */
export const medicinesRoutes: FastifyPluginAsyncZod<{ medicines: MedicinesService }> = async (
  app,
  { medicines },
) => {
  app.get(
    '/medicines',
    {
      config: { access: 'public', httpCache: PAGE_CACHE },
      schema: {
        tags,
        summary:
          'Salt compositions with the address of their medicine page (slug) and whether a pharmacist reviewed it; by name, paged',
        querystring: medicineListQuerySchema,
        response: { 200: medicineListSchema, ...errorResponses(400) },
      },
    },
    async (request) => medicines.list(request.query),
  );

  app.get(
    '/medicines/:slug',
    {
      config: { access: 'public', httpCache: PAGE_CACHE },
      schema: {
        tags,
        summary:
          "A salt composition's medicine page: its published (reviewed) information or null, the review, and its active products cheapest first with the saving against the dearest",
        params: medicineSlugParamsSchema,
        response: { 200: medicinePageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => medicines.page(request.params.slug),
  );

  app.get(
    '/medicine-information',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Salt compositions with the state of their information: none, draft, published, or a draft newer than the published version',
        querystring: medicineAdminListQuerySchema,
        response: { 200: medicineAdminListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => medicines.adminList(request.query),
  );

  app.get(
    '/medicine-information/:slug',
    {
      config: admin,
      schema: {
        tags,
        summary: "A salt's draft and its published version with the review",
        params: medicineSlugParamsSchema,
        response: { 200: medicineAdminSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => medicines.adminGet(request.params.slug),
  );

  app.put(
    '/medicine-information/:slug/draft',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Save the salt's information as a draft (the public page keeps the published version until a pharmacist reviews the draft)",
        params: medicineSlugParamsSchema,
        body: medicineContentSchema,
        response: { 200: medicineWriteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      medicines.saveDraft(request.params.slug, request.body, requireSession(request).userId),
  );

  app.post(
    '/medicine-information/:slug/publish',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "A pharmacist's review: publish the draft, recording the reviewer's name, registration number and the date (409 without a draft)",
        params: medicineSlugParamsSchema,
        body: medicineReviewInputSchema,
        response: {
          200: medicineWriteResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      medicines.publish(request.params.slug, request.body, requireSession(request).userId),
  );
};
