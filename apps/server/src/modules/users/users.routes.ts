import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  changePasswordResponseSchema,
  changePasswordSchema,
  errorResponseSchema,
  profileSchema,
  profileUpdateSchema,
  userListQuerySchema,
  userListResponseSchema,
} from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { UsersService } from './users.service';
import { z } from 'zod';

const tags = ['users'];
const unauthorized = { 401: errorResponseSchema };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/user/myProfile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in profile',
        response: { 200: profileSchema, ...unauthorized, 404: errorResponseSchema },
      },
    },
    async (request) => users.getProfile(requireSession(request).userId),
  );

  app.put(
    '/user/updateMyProfile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Update name, e-mail and phone of the signed-in user (and, for admins, the pharmacist registration number)',
        body: profileUpdateSchema,
        response: {
          200: z.object({ message: z.string(), user: profileSchema }),
          400: errorResponseSchema,
          ...unauthorized,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      message: MESSAGES.profileUpdated,
      user: await users.updateProfile(
        requireSession(request).userId,
        request.body,
        requireSession(request).roleId,
      ),
    }),
  );

  app.patch(
    '/user/changePassword',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change the password; signs out every other session',
        body: changePasswordSchema,
        response: {
          200: changePasswordResponseSchema,
          400: errorResponseSchema,
          ...unauthorized,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => users.changePassword(requireSession(request).userId, request.body),
  );

  app.get(
    '/user/getAllUser',
    {
      config: { access: 'customers.view' },
      schema: {
        tags,
        summary: 'Users, newest first, with search by name or e-mail (admin)',
        querystring: userListQuerySchema,
        response: {
          200: userListResponseSchema,
          400: errorResponseSchema,
          ...unauthorized,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => users.listUsers(request.query),
  );
};
