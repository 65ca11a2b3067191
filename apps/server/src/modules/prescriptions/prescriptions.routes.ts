import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIMITS,
  MESSAGES,
  PRESCRIPTION_MAX_FILES,
  errorResponseSchema,
  messageResponseSchema,
  PATIENT_MESSAGES,
  patientIdParamsSchema,
  prescriptionListResponseSchema,
  prescriptionReviewSchema,
} from '@pharmacy/shared';
import { BadRequestError } from '../../lib/errors';
import { readMultipart, singleField } from '../../lib/multipart';
import { requireSession } from '../../plugins/auth';
import type { PrescriptionsService } from './prescriptions.service';
import { errorResponses, orderIdParams } from '../../lib/route-schemas';

const tags = ['prescriptions'];

/** The upload's optional patientId field: one of the member's patients, by id. */
function patientIdField(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = patientIdParamsSchema.safeParse({ patientId: value.trim() });
  if (!parsed.success || !/^\d+$/.test(value.trim()))
    throw new BadRequestError(`patientId: ${PATIENT_MESSAGES.notFound}`);
  return parsed.data.patientId;
}
const errors = errorResponses(400, 401, 404, 409);

export const prescriptionsRoutes: FastifyPluginAsyncZod<{
  prescriptions: PrescriptionsService;
}> = async (app, { prescriptions }) => {
  app.post(
    '/order/uploadOrderPrescriptions/:orderId',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Upload prescription files (multipart: comment, patientId (one of my patients), image repeated; JPG, PNG, PDF, DOC, 5 MB each)',
        consumes: ['multipart/form-data'],
        params: orderIdParams,
        response: {
          200: messageResponseSchema,
          ...errors,
          413: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const body = await readMultipart(request, {
        maxFiles: PRESCRIPTION_MAX_FILES,
        maxFileBytes: LIMITS.uploadMaxBytes,
        tooBigMessage: MESSAGES.fileTooBig,
        fileFields: ['image'],
      });
      return prescriptions.upload(
        requireSession(request),
        request.params.orderId,
        body.files,
        singleField(body.fields, 'comment'),
        patientIdField(singleField(body.fields, 'patientId')),
      );
    },
  );

  app.get(
    '/order/:orderId/prescriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Prescriptions of an order (owner or admin)',
        params: orderIdParams,
        response: { 200: prescriptionListResponseSchema, ...errors },
      },
    },
    async (request) => prescriptions.list(requireSession(request), request.params.orderId),
  );

  app.post(
    '/order/:orderId/prescription-review',
    {
      config: { access: 'prescriptions.review' },
      schema: {
        tags,
        summary:
          'Pharmacist review: approve with the transcription (→ Accepted; refused while a prescription line is not covered) or reject with a reason (→ Collecting Prescription)',
        params: orderIdParams,
        body: prescriptionReviewSchema,
        response: { 200: messageResponseSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request) =>
      prescriptions.review(requireSession(request), request.params.orderId, request.body),
  );

  app.get(
    '/prescription-file/:fileId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Download a prescription file (owner or admin), always as an attachment',
        params: z.object({ fileId: z.coerce.number().int().positive() }),
        response: {
          // Bytes, sent as they are (Fastify does not serialize a Buffer).
          200: z.unknown().describe('The file: JPEG, PNG, PDF or DOC'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await prescriptions.download(requireSession(request), request.params.fileId);
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
};
