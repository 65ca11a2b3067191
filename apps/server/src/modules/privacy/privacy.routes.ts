import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consentsResponseSchema,
  consentsUpdateSchema,
  deleteAccountResponseSchema,
  deleteAccountSchema,
  errorResponseSchema,
  myDataFileName,
  signOutEverywhereResponseSchema,
  unsubscribeOneClickQuerySchema,
  unsubscribeResponseSchema,
  unsubscribeSchema,
} from '@pharmacy/shared';
import { oneClickFormScope } from '../../lib/one-click-forms';
import { requireSession } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { PrivacyService } from './privacy.service';

const tags = ['privacy'];
const user = { access: 'user' as const };
const errors = errorResponses(400, 401, 404);
/** The unsubscribe links need no sign-in: the signed token is the permission. */
const unsubscribeConfig = {
  access: 'public' as const,
  rateLimit: { max: 30, timeWindow: '1 minute' },
};

/** Issue 32 points 5 and 6: the customer's data, consents, deletion and sessions. */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (
  app,
  { privacy },
) => {
  app.get(
    '/user/my-data',
    {
      config: {
        ...user,
        // Building the file reads every row and file of the account: a few an hour is plenty.
        rateLimit: {
          max: 5,
          timeWindow: '1 hour',
          hook: 'preHandler',
          keyGenerator: (request) => `my-data:${request.session?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary:
          'Download all my data as a ZIP: data.json (every section), README.txt and my prescription files; written to the audit log',
        response: {
          200: z.unknown().describe('The ZIP file'),
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { zip, day } = await privacy.exportData(requireSession(request).userId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${myDataFileName(day)}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(zip));
    },
  );

  app.get(
    '/user/consents',
    {
      config: user,
      schema: {
        tags,
        summary: 'My consents to marketing e-mails (newsletter, back in stock, refill reminders)',
        response: { 200: consentsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return privacy.consents(requireSession(request).userId);
    },
  );

  app.put(
    '/user/consents',
    {
      config: user,
      schema: {
        tags,
        summary: 'Give or withdraw my consents; each change is kept in the history',
        body: consentsUpdateSchema,
        response: { 200: consentsResponseSchema, ...errors },
      },
    },
    async (request) => privacy.updateConsents(requireSession(request).userId, request.body),
  );

  app.post(
    '/user/delete-account',
    {
      config: { ...user, rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary:
          'Delete my account: personal data erased, sessions ended; what the law keeps stays linked to the anonymised account. Refused while an order is open',
        body: deleteAccountSchema,
        response: {
          200: deleteAccountResponseSchema,
          ...errors,
          403: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => privacy.deleteAccount(requireSession(request).userId, request.body),
  );

  app.post(
    '/user/sign-out-everywhere',
    {
      config: user,
      schema: {
        tags,
        summary:
          'End every session of my account on every device; answers a fresh token for this one',
        response: { 200: signOutEverywhereResponseSchema, ...errors },
      },
    },
    async (request) => privacy.signOutEverywhere(requireSession(request).userId),
  );

  app.post(
    '/unsubscribe',
    {
      config: unsubscribeConfig,
      schema: {
        tags,
        summary:
          "A marketing mail's unsubscribe link (no sign-in): withdraws the consent its signed token names",
        body: unsubscribeSchema,
        response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => privacy.unsubscribe(request.body.token),
  );

  // RFC 8058 one-click (lib/one-click-forms): the token is in the List-Unsubscribe URL.
  await oneClickFormScope(app, (oneClick) => {
    oneClick.post(
      '/unsubscribe/one-click',
      {
        config: unsubscribeConfig,
        schema: {
          tags,
          summary:
            "RFC 8058 one-click unsubscribe from a mail client's List-Unsubscribe-Post: withdraws the consent the token names",
          querystring: unsubscribeOneClickQuerySchema,
          response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => privacy.unsubscribe(request.query.token),
    );
  });
};
