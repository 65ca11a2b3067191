import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactSchema,
  errorResponseSchema,
  healthResponseSchema,
  messageResponseSchema,
  newsletterSchema,
  shopSettingsSchema,
} from '@pharmacy/shared';
import { createHealthProbe } from './health-probe';
import { createSiteService } from './site.service';

const tags = ['site'];

/** Limits for the public forms: generous for people, tight for scripts (OWASP ASVS 6.3). */
const formRateLimit = { max: 10, timeWindow: '1 minute' };

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSiteService(app.db.db);
  const probe = createHealthProbe(app.db);
  app.addHook('onClose', async () => probe.close());

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      try {
        await probe.ping();
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The database is not reachable.',
        });
      }
      return {
        status: 'ok' as const,
        database: app.db.kind,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  );

  app.get(
    '/settings',
    {
      // Comes from the configuration: it changes only with a restart.
      config: { access: 'public', httpCache: { maxAge: 300 } },
      schema: { tags, summary: 'Public shop settings', response: { 200: shopSettingsSchema } },
    },
    async () => ({
      shopName: app.config.shopName,
      currencySymbol: app.config.currencySymbol,
      supportEmail: app.config.supportEmail,
      supportPhone: app.config.supportPhone,
      googleSignInEnabled: app.config.google !== undefined,
    }),
  );

  app.post(
    '/site/newsletter',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags,
        summary: 'Subscribe an e-mail address to the newsletter',
        body: newsletterSchema,
        response: {
          200: messageResponseSchema,
          201: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, message } = await service.subscribe(request.body);
      return reply.code(created ? 201 : 200).send({ message });
    },
  );

  app.post(
    '/site/contact',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags,
        summary: 'Send a message to the pharmacy',
        body: contactSchema,
        response: {
          201: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await service.sendContactMessage(request.body)),
  );
};
