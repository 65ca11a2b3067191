import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIMITS,
  MESSAGES,
  RETURN_MAX_PHOTOS,
  errorResponseSchema,
  orderReturnsResponseSchema,
  returnActionResponseSchema,
  returnQueueItemSchema,
  returnQueueQuerySchema,
  returnQueueResponseSchema,
  returnReceiveSchema,
  returnRefundSchema,
  returnRejectSchema,
  returnReplaceSchema,
  returnRequestSchema,
} from '@pharmacy/shared';
import { readMultipart } from '../../lib/multipart';
import { requireSession } from '../../plugins/auth';
import type { ReturnsAdminService } from './returns-admin.service';
import type { ReturnsService } from './returns.service';
import { errorResponses, idParams, orderIdParams } from '../../lib/route-schemas';

const tags = ['returns'];
const errors = errorResponses(400, 401, 404, 409);
const adminErrors = { ...errors, 403: errorResponseSchema };

export const returnsRoutes: FastifyPluginAsyncZod<{
  returns: ReturnsService;
  returnsAdmin: ReturnsAdminService;
}> = async (app, { returns, returnsAdmin }) => {
  app.post(
    '/order/:orderId/returns',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Ask to return delivered items, or report damaged or wrong ones (multipart: kind, reasonCode, reasonText, lines as JSON [{orderLineId, units}], photo repeated; JPG, PNG, PDF, 5 MB each; at least one photo for a damage report)',
        consumes: ['multipart/form-data'],
        params: orderIdParams,
        response: {
          201: z.object({ message: z.string(), request: returnRequestSchema }),
          ...errors,
          413: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, {
        maxFiles: RETURN_MAX_PHOTOS,
        maxFileBytes: LIMITS.uploadMaxBytes,
        tooBigMessage: MESSAGES.fileTooBig,
        fileFields: ['photo'],
      });
      const created = await returns.create(
        requireSession(request),
        request.params.orderId,
        body.fields,
        body.files,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/order/:orderId/returns',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "An order's return requests and damage reports, and what may still be sent back (owner or admin)",
        params: orderIdParams,
        response: { 200: orderReturnsResponseSchema, ...errors },
      },
    },
    async (request) => returns.forOrder(requireSession(request), request.params.orderId),
  );

  app.get(
    '/returns/:id/photos/:photoId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Download a photo of a damage report (owner or admin), always as an attachment',
        params: z.object({
          id: z.coerce.number().int().positive(),
          photoId: z.coerce.number().int().positive(),
        }),
        response: {
          200: z.unknown().describe('The file: JPEG, PNG or PDF'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await returns.photo(
        requireSession(request),
        request.params.id,
        request.params.photoId,
      );
      const asciiName = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', file.mimeType)
        .header(
          'content-disposition',
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  app.get(
    '/returns',
    {
      config: { access: 'returns.manage' },
      schema: {
        tags,
        summary: 'The returns queue: requests by status (default: open ones), oldest first',
        querystring: returnQueueQuerySchema,
        response: { 200: returnQueueResponseSchema, ...adminErrors },
      },
    },
    async (request) => returnsAdmin.queue(request.query),
  );

  app.get(
    '/returns/:id',
    {
      config: { access: 'returns.manage' },
      schema: {
        tags,
        summary: 'One return request with its order and customer',
        params: idParams,
        response: { 200: returnQueueItemSchema, ...adminErrors },
      },
    },
    async (request) => returnsAdmin.get(request.params.id),
  );

  const action = { 200: returnActionResponseSchema, ...adminErrors };

  app.post(
    '/returns/:id/approve',
    {
      config: { access: 'returns.manage' },
      schema: { tags, summary: 'Approve a requested return', params: idParams, response: action },
    },
    async (request) => returnsAdmin.approve(requireSession(request), request.params.id),
  );

  app.post(
    '/returns/:id/reject',
    {
      config: { access: 'returns.manage' },
      schema: {
        tags,
        summary: 'Reject a requested return with a reason (mailed to the customer)',
        params: idParams,
        body: returnRejectSchema,
        response: action,
      },
    },
    async (request) =>
      returnsAdmin.reject(requireSession(request), request.params.id, request.body.reason),
  );

  app.post(
    '/returns/:id/receive',
    {
      config: { access: 'returns.manage' },
      schema: {
        tags,
        summary:
          'Mark the items received: resaleable units per line go back to stock, the rest are written off',
        params: idParams,
        body: returnReceiveSchema,
        response: action,
      },
    },
    async (request) =>
      returnsAdmin.receive(requireSession(request), request.params.id, request.body),
  );

  app.post(
    '/returns/:id/refund',
    {
      config: { access: 'returns.manage' },
      schema: {
        tags,
        summary:
          'Refund a received request (amount in rupees, default the lines’ due; payout reference for cash on delivery)',
        params: idParams,
        body: returnRefundSchema,
        response: action,
      },
    },
    async (request) =>
      returnsAdmin.refund(requireSession(request), request.params.id, request.body),
  );

  app.post(
    '/returns/:id/replace',
    {
      config: { access: 'returns.manage' },
      schema: {
        tags,
        summary: 'Record that a replacement is sent for a received damage report',
        params: idParams,
        body: returnReplaceSchema,
        response: action,
      },
    },
    async (request) =>
      returnsAdmin.replace(requireSession(request), request.params.id, request.body.note),
  );
};
