import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createEventBus } from './lib/event-bus';
import { createMailer, type Mailer } from './lib/mail';
import { createStorage, type FileStorage } from './lib/storage/index';
import { registerModules } from './modules/index';
import { createJobQueue, type QueueSettings } from './modules/jobs/job-queue';
import type { ModuleContext } from './modules/module';
import { createMailOutbox } from './modules/notifications/mail-outbox';
import type { OrderEventMap } from './modules/orders/order-events';
import { choosePaymentProvider } from './modules/payments/choose-provider';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { createSitemapRegistry } from './modules/seo/sitemap-source';
import { authPlugin } from './plugins/auth';
import { recordRouteTable, registerPlugins, serverOptions } from './plugins/index';
import { webAppPlugin } from './plugins/web-app';

export type { RouteSummary } from './plugins/index';

export interface BuildAppOptions {
  /** An already open database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  /** Outgoing mail; defaults to SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /** Card payments; defaults to Stripe when its keys are set, else the built-in test provider. */
  paymentProvider?: PaymentProvider;
  /** File storage; defaults to the S3 bucket when configured, else DATA_DIR on local disk. */
  storage?: FileStorage;
  /** The clock stock decisions read (which batches are expired today); tests move it. */
  now?: () => Date;
  /**
   * Background jobs: `poll: false` leaves due jobs for `app.jobs.drain()` (tests that watch each
   * step); the poll interval defaults to one second.
   */
  jobs?: { poll?: boolean; pollIntervalMs?: number };
  /** Pino options; false silences logs (tests). */
  logger?: boolean | Record<string, unknown>;
  /** URLs per sitemap file (50,000, the protocol's maximum); tests lower it to see chunks. */
  sitemapChunkSize?: number;
}

/**
 * The composition root (docs/architecture.md): the server and its cross-cutting plugins, the
 * infrastructure every module shares, then the modules (modules/index.ts), each registering its
 * routes, order-event subscribers and jobs; last the queues start and the web app is served.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, options.logger));
  recordRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) => app.log.warn({ err: error }, 'an idle database connection failed'),
    }));
  app.decorate('config', config);
  app.decorate('db', database);
  if (!options.database) app.addHook('onClose', async () => database.close());
  const storage = options.storage ?? (await createStorage(config));
  if (!options.storage) app.addHook('onClose', async () => storage.close());
  app.decorate('storage', storage);
  const { limits, catalogueChanged, onRemoteCatalogueChange } = await registerPlugins(app, {
    config,
    database,
    storage,
  });

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const jobs = createJobQueue({
    executeSql: database.executeSql,
    log: app.log,
    pollIntervalMs: options.jobs?.pollIntervalMs ?? 1000,
    // Jobs of a dead server are looked for at least twice per timeout.
    maintenanceIntervalSeconds: Math.max(
      5,
      Math.min(30, Math.floor(config.jobs.timeoutSeconds / 2)),
    ),
  });
  app.decorate('jobs', jobs);
  const payment = await choosePaymentProvider(config, options.paymentProvider);

  const routes: Array<(api: FastifyInstance) => Promise<unknown>> = [];
  const rootRoutes: Array<(root: FastifyInstance) => Promise<unknown>> = [];
  const queues: Record<string, QueueSettings> = {};
  const crons: Array<[string, string]> = [];
  const ctx: ModuleContext = {
    config,
    database,
    db: database.db,
    storage,
    mailer,
    outbox: createMailOutbox({ jobs, mailer }),
    jobs,
    limits,
    log: app.log,
    orderEvents: createEventBus<OrderEventMap>(),
    paymentProvider: payment.provider,
    now: options.now,
    catalogueChanged,
    onRemoteCatalogueChange,
    routes: (plugin, pluginOptions) =>
      routes.push(async (api) => api.register(plugin as FastifyPluginAsync<object>, pluginOptions)),
    rootRoutes: (plugin, pluginOptions) =>
      rootRoutes.push(async (root) =>
        root.register(plugin as FastifyPluginAsync<object>, pluginOptions),
      ),
    sitemaps: createSitemapRegistry(),
    queue: (name, settings) => (queues[name] = settings),
    cron: (queue, expression) => crons.push([queue, expression]),
    onClose: (hook) => app.addHook('onClose', hook),
  };
  const { users, refunds } = await registerModules(ctx, {
    testProvider: payment.testProvider,
    sitemapChunkSize: options.sitemapChunkSize,
  });
  app.decorate('refunds', refunds);
  app.decorate('orderEvents', ctx.orderEvents);

  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        jwtSecret: config.jwtSecret,
        loadSessionUser: users.loadSessionUser,
      });
      for (const register of routes) await register(api);
    },
    { prefix: '/api' },
  );
  for (const register of rootRoutes) await register(app);

  // Every worker is registered by now; the queue's tables are made (or brought up to date).
  await jobs.start(queues, { poll: config.jobs.workers && options.jobs?.poll !== false });
  // pg-boss keeps the schedule in the database (one job per slot, whichever instance makes it);
  // the queue must exist first.
  for (const [queue, expression] of crons) await jobs.scheduleCron(queue, expression);
  // Stopped before the database closes (onClose hooks run last-added first).
  app.addHook('onClose', async () => jobs.stop());

  await app.register(webAppPlugin, {
    webDistDir: config.webDistDir,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    storage,
  });
  return app;
}
