import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressInputSchema,
  addressListResponseSchema,
  addressResponseSchema,
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
  saveAddressResponseSchema,
} from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { AddressesService } from './addresses.service';

const tags = ['addresses'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const addressesRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService }> = async (
  app,
  { addresses },
) => {
  app.get(
    '/user/getAllAddress',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Saved addresses, primary first',
        response: { 200: addressListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ addressList: await addresses.list(requireSession(request).userId) }),
  );

  app.post(
    '/user/saveAddress',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Save an address; the first one becomes primary',
        body: addressInputSchema,
        response: { 201: saveAddressResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addresses.create(requireSession(request).userId, request.body)),
  );

  app.get(
    '/user/getAddressById/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One of my addresses',
        params: idParamSchema,
        response: { 200: addressResponseSchema, ...errors },
      },
    },
    async (request) => ({
      address: await addresses.get(requireSession(request).userId, request.params.id),
    }),
  );

  app.patch(
    '/user/updateAddress/:addressId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update one of my addresses; isPrimary true moves the primary here',
        params: z.object({ addressId: z.coerce.number().int().positive() }),
        body: addressInputSchema,
        response: { 200: saveAddressResponseSchema, ...errors },
      },
    },
    async (request) =>
      addresses.update(requireSession(request).userId, request.params.addressId, request.body),
  );

  app.delete(
    '/user/deleteAddress/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete one of my addresses; the newest remaining becomes primary',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => addresses.remove(requireSession(request).userId, request.params.id),
  );
};
