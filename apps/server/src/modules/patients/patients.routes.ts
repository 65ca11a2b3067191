import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageResponseSchema,
  patientIdParamsSchema,
  patientInputSchema,
  patientListResponseSchema,
  patientWriteResponseSchema,
} from '@pharmacy/shared';
import { errorResponses } from '../../lib/route-schemas';
import { requireSession } from '../../plugins/auth';
import type { PatientsService } from './patients.service';

const tags = ['patients'];

/** Issue 31 point 1: the member's patients (self and family); only the owner sees them. */
export const patientsRoutes: FastifyPluginAsyncZod<{ patients: PatientsService }> = async (
  app,
  { patients },
) => {
  app.get(
    '/patients',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My patients (self first), with their allergies',
        response: { 200: patientListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => patients.list(requireSession(request).userId),
  );

  app.post(
    '/patients',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: `Add a patient (name, date of birth or age, sex, allergies)`,
        body: patientInputSchema,
        response: { 201: patientWriteResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await patients.create(requireSession(request).userId, request.body)),
  );

  app.put(
    '/patients/:patientId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Edit one of my patients',
        params: patientIdParamsSchema,
        body: patientInputSchema,
        response: { 200: patientWriteResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      patients.update(requireSession(request).userId, request.params.patientId, request.body),
  );

  app.delete(
    '/patients/:patientId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Remove one of my patients (orders and saved prescriptions made for them keep their name)',
        params: patientIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => patients.remove(requireSession(request).userId, request.params.patientId),
  );
};
