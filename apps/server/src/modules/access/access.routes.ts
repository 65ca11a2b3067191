import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationSchema,
  authResponseSchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  messageResponseSchema,
  staffInvitationSchema,
  staffInviteSchema,
  staffListResponseSchema,
  staffMemberSchema,
  staffRoleChangeSchema,
  staffUserIdParamsSchema,
} from '@pharmacy/shared';
import { errorResponses, idParams } from '../../lib/route-schemas';
import { requireSession } from '../../plugins/auth';
import type { AccessService } from './access.service';

const tags = ['staff'];
const owner = { access: 'staff.manage' as const };
const guarded = errorResponses(400, 401, 403);

/** Issue 32 point 2: staff accounts, invitations, roles and deactivation (the owner's). */
export const accessRoutes: FastifyPluginAsyncZod<{ access: AccessService }> = async (
  app,
  { access },
) => {
  app.get(
    '/staff',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Staff accounts (every role but member) and the open invitations',
        response: { 200: staffListResponseSchema, ...guarded },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return access.list();
    },
  );

  app.post(
    '/staff/invitations',
    {
      config: { ...owner, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Invite a member of staff by e-mail (a single-use link valid 72 hours); replaces an open invitation of the same e-mail; audited',
        body: staffInviteSchema,
        response: { 201: staffInvitationSchema, ...guarded, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await access.invite(request.body, requireSession(request).userId)),
  );

  app.delete(
    '/staff/invitations/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Revoke an invitation (again is harmless); audited',
        params: idParams,
        response: { 200: messageResponseSchema, ...guarded, ...errorResponses(404, 409) },
      },
    },
    async (request) => access.revoke(request.params.id, requireSession(request).userId),
  );

  app.get(
    '/staff/invitations/:token',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'What an invitation link is for (public: the link is the capability)',
        params: invitationTokenParamsSchema,
        response: {
          200: invitationPreviewSchema,
          ...errorResponses(400, 404, 410, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return access.preview(request.params.token);
    },
  );

  app.post(
    '/staff/invitations/accept',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Accept an invitation: sets the password, gives the role and answers a session like sign-in',
        body: acceptInvitationSchema,
        response: {
          200: authResponseSchema,
          ...errorResponses(400, 404, 409, 410, 429),
        },
      },
    },
    async (request) => access.accept(request.body),
  );

  app.put(
    '/staff/:userId/role',
    {
      config: owner,
      schema: {
        tags,
        summary: "Change a member of staff's role; their sessions end at the next request; audited",
        params: staffUserIdParamsSchema,
        body: staffRoleChangeSchema,
        response: { 200: staffMemberSchema, ...guarded, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      access.changeRole(request.params.userId, request.body.roleId, requireSession(request).userId),
  );

  for (const [verb, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/staff/:userId/${verb}`,
      {
        config: owner,
        schema: {
          tags,
          summary: active
            ? 'Let a deactivated member of staff sign in again; audited'
            : 'Deactivate a member of staff: sign-in refused, every session ends; audited',
          params: staffUserIdParamsSchema,
          response: { 200: staffMemberSchema, ...guarded, ...errorResponses(404, 409) },
        },
      },
      async (request) =>
        access.setActive(request.params.userId, active, requireSession(request).userId),
    );
  }
};
