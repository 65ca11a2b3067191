import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageResponseSchema,
  savedPrescriptionListResponseSchema,
  useSavedPrescriptionSchema,
} from '@pharmacy/shared';
import { errorResponses, orderIdParams } from '../../lib/route-schemas';
import { requireSession } from '../../plugins/auth';
import type { PrescriptionRecordsService } from './prescription-records.service';

const tags = ['prescriptions'];

/** Issue 31 point 3: saved prescriptions, listed and used by a later order instead of an upload. */
export const prescriptionRecordsRoutes: FastifyPluginAsyncZod<{
  records: PrescriptionRecordsService;
}> = async (app, { records }) => {
  app.get(
    '/prescriptions/saved',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'My Prescriptions: each saved prescription with its patient, prescriber, validity and the units prescribed, dispensed and remaining',
        response: { 200: savedPrescriptionListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => records.listSaved(requireSession(request)),
  );

  app.get(
    '/order/:orderId/saved-prescriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The owner's saved prescriptions, still valid, that cover every prescription line of the order",
        params: orderIdParams,
        response: { 200: savedPrescriptionListResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => records.forOrder(requireSession(request), request.params.orderId),
  );

  app.post(
    '/order/:orderId/use-saved-prescription',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Use a saved prescription instead of an upload: its units are counted and the order moves on as after an upload (409 with the reason when it has expired or does not cover the order)',
        params: orderIdParams,
        body: useSavedPrescriptionSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      records.useSaved(
        requireSession(request),
        request.params.orderId,
        request.body.prescriptionId,
      ),
  );
};
