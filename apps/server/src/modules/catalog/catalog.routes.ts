import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_MAX_FILES,
  ROLE,
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
  productCreateSchema,
  productFormSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
  substitutesResponseSchema,
  topSellingQuerySchema,
} from '@pharmacy/shared';
import { readMultipart, type MultipartBody } from '../../lib/multipart';
import { parseOrThrow } from '../../lib/validation';
import { requireSession, sessionCan } from '../../plugins/auth';
import type { CatalogService } from './catalog.service';

const tags = ['catalogue'];
/** Anonymous shoppers may reuse product answers briefly: stock moves with every order. */
const PRODUCT_CACHE = { maxAge: 10 };
const writeResponse = z.object({ id: z.number().int(), message: z.string() });
const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
};
const imageLimits = {
  maxFiles: CATALOG_IMAGE_MAX_FILES,
  maxFileBytes: CATALOG_IMAGE_MAX_BYTES,
  tooBigMessage: 'Each image must be at most 5 MB.',
  fileFields: ['image', 'images'],
};

const imagesOf = (body: MultipartBody) =>
  body.files.filter((file) => file.fieldname === 'image' || file.fieldname === 'images');
const keepList = (body: MultipartBody) => {
  const value = body.fields.keepImageUrls;
  return value === undefined ? undefined : (Array.isArray(value) ? value : [value]).filter(Boolean);
};

/**
 * Spec §7 edits with the create form's fields, quantity included: the quantity sent back, which
 * the service accepts only unchanged (stock is kept in batches). Null when it is not one whole
 * number, which is never the product's quantity.
 */
function sentQuantity(body: MultipartBody): number | null | undefined {
  const value = body.fields.quantity;
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : null;
}

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/product/all',
    {
      config: { access: 'public', httpCache: PRODUCT_CACHE, expensive: true },
      schema: {
        tags,
        summary: 'Products: filters, search (typo tolerant, by relevance), sort and pages',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => catalog.listProducts(request.query, request.session?.roleId === ROLE.ADMIN),
  );

  app.get(
    '/product/top-selling',
    {
      config: { access: 'public', httpCache: PRODUCT_CACHE, expensive: true },
      schema: {
        tags,
        summary: 'Top selling medicines (units sold in orders not cancelled)',
        querystring: topSellingQuerySchema,
        response: {
          200: z.object({ productList: z.array(productSchema) }),
          400: errorResponseSchema,
        },
      },
    },
    async (request) => catalog.topSelling(request.query.limit),
  );

  app.get(
    '/product/:id',
    {
      config: { access: 'public', httpCache: PRODUCT_CACHE },
      schema: {
        tags,
        summary: 'One product',
        params: idParamSchema,
        response: { 200: productSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) =>
      catalog.getProduct(request.params.id, sessionCan(request.session, 'catalog.manage')),
  );

  app.get(
    '/product/:id/substitutes',
    {
      config: { access: 'public', httpCache: PRODUCT_CACHE },
      schema: {
        tags,
        summary: 'Other products with the same salt composition, cheapest first',
        params: idParamSchema,
        response: {
          200: substitutesResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => catalog.substitutes(request.params.id),
  );

  app.post(
    '/product',
    {
      config: { access: 'catalog.manage' },
      schema: {
        tags,
        summary: 'Create a product (multipart: fields of the product form, files under image)',
        consumes: ['multipart/form-data'],
        response: { 201: writeResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, imageLimits);
      const input = parseOrThrow(productCreateSchema, body.fields);
      return reply
        .code(201)
        .send(await catalog.createProduct(input, imagesOf(body), requireSession(request).userId));
    },
  );

  app.patch(
    '/product/:id',
    {
      config: { access: 'catalog.manage' },
      schema: {
        tags,
        summary:
          "Update a product (multipart, the create form's fields; keepImageUrls lists images to keep, new files are added; a quantity sent must be the current one: stock changes through batches)",
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: writeResponse, ...adminErrors },
      },
    },
    async (request) => {
      const body = await readMultipart(request, imageLimits);
      const input = parseOrThrow(productFormSchema, body.fields);
      return catalog.updateProduct(
        request.params.id,
        input,
        imagesOf(body),
        keepList(body),
        requireSession(request).userId,
        sentQuantity(body),
      );
    },
  );

  app.delete(
    '/product/:id',
    {
      config: { access: 'catalog.manage' },
      schema: {
        tags,
        summary: 'Delete a product',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...adminErrors },
      },
    },
    async (request) => catalog.deleteProduct(request.params.id),
  );
};
