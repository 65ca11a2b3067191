import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactSchema,
  errorResponseSchema,
  healthResponseSchema,
  livenessResponseSchema,
  messageResponseSchema,
  newsletterSchema,
  shopSettingsSchema,
  type ShopSettings,
} from '@pharmacy/shared';
import { createHealthProbe } from './health-probe';
import type { ConsentsService } from '../privacy/consents.service';
import { createSiteService } from './site.service';

const tags = ['site'];

/** Limits for the public forms: generous for people, tight for scripts (OWASP ASVS 6.3). */
const formRateLimit = { max: 10, timeWindow: '1 minute' };

export const siteRoutes: FastifyPluginAsyncZod<{
  payments: ShopSettings['payments'];
  consents: ConsentsService;
}> = async (app, { payments, consents }) => {
  const service = createSiteService(app.db.db, consents);
  const probe = createHealthProbe(app.db);
  app.addHook('onClose', async () => probe.close());

  /**
   * Readiness (ARCHITECTURE.md, issue 14): 200 only when the database and the file storage
   * answer, so a balancer sends requests only to an instance that can serve them. While the
   * server shuts down every route, this one included, answers 503 (return503OnClosing).
   */
  const readiness = async (_request: unknown, reply: FastifyReply) => {
    const failures: string[] = [];
    await Promise.all([
      probe.ping().catch((error: unknown) => {
        app.log.error({ err: error }, 'health check: database unreachable');
        failures.push('The database is not reachable.');
      }),
      app.storage.ping().catch((error: unknown) => {
        app.log.error({ err: error }, 'health check: file storage unreachable');
        failures.push('The file storage is not reachable.');
      }),
    ]);
    if (failures.length > 0) {
      return reply.code(503).send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: failures.join(' '),
      });
    }
    return {
      status: 'ok' as const,
      database: app.db.kind,
      storage: app.storage.kind,
      uptimeSeconds: Math.round(process.uptime()),
    };
  };
  const readinessSchema = {
    tags,
    response: { 200: healthResponseSchema, 503: errorResponseSchema },
  };
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { ...readinessSchema, summary: 'Readiness: the database and file storage answer' },
    },
    readiness,
  );
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: { ...readinessSchema, summary: 'Readiness (the same check as /health)' },
    },
    readiness,
  );
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Liveness: the process runs; checks nothing else',
        response: { 200: livenessResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
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
      afterSales: app.config.afterSales,
      loyalty: app.config.loyalty,
      address: { text: app.config.seller.address, state: app.config.seller.state.name },
      payments,
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
