import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessageListQuerySchema,
  contactMessageListResponseSchema,
  contactMessageSchema,
  errorResponseSchema,
  idParamSchema,
} from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { SupportInboxService } from './support-inbox.service';
import { errorResponses } from '../../lib/route-schemas';

const tags = ['contact-messages'];
const admin = { access: 'support.inbox' as const };
const errors = errorResponses(400, 401, 403);

/** Issue 18: the admins' inbox of Contact Us messages. */
export const supportInboxRoutes: FastifyPluginAsyncZod<{ inbox: SupportInboxService }> = async (
  app,
  { inbox },
) => {
  app.get(
    '/contact-messages',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Contact messages, open (newest first) or handled (most recently handled first), a page at a time, with the open count',
        querystring: contactMessageListQuerySchema,
        response: { 200: contactMessageListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // People's names, addresses and words: never kept by a browser or a proxy.
      reply.header('cache-control', 'private, no-store');
      return inbox.list(request.query);
    },
  );

  const change = { ...errors, 200: contactMessageSchema, 404: errorResponseSchema };

  app.post(
    '/contact-messages/:id/handled',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Mark a contact message handled (again is harmless); written to the audit log',
        params: idParamSchema,
        response: change,
      },
    },
    async (request) => inbox.markHandled(request.params.id, requireSession(request).userId),
  );

  app.post(
    '/contact-messages/:id/reopen',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Open a handled contact message again (again is harmless); written to the audit log',
        params: idParamSchema,
        response: change,
      },
    },
    async (request) => inbox.reopen(request.params.id, requireSession(request).userId),
  );
};
