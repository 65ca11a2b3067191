import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env';
import { openDatabase, type DatabaseHandle } from './db/client';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, errorBody } from './plugins/errors';
import { httpCachePlugin } from './plugins/http-cache';
import { loadGatePlugin } from './plugins/load-gate';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { createChangeCounter } from './lib/cache';
import { createMailer, type Mailer } from './lib/mail';
import { createLimitCounters, routeLimitStore } from './lib/rate-limits';
import { createLocalChangeFeed, createPostgresChangeFeed } from './lib/change-feed';
import { createStorage, type FileStorage } from './lib/storage/index';
import { cartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createOrderMail } from './modules/notifications/order-mail';
import { createMailOutbox, MAIL_QUEUE } from './modules/notifications/mail-outbox';
import { mailPreferencesRoutes } from './modules/notifications/preferences.routes';
import { createJobQueue, type QueueSettings } from './modules/jobs/job-queue';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { stockAlertsRoutes } from './modules/stock-alerts/stock-alerts.routes';
import {
  BACK_IN_STOCK_QUEUE,
  createStockAlerts,
} from './modules/stock-alerts/stock-alerts.service';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createTestPaymentProvider } from './modules/payments/test-provider';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { createComplianceService } from './modules/compliance/compliance.service';
import { createScheduleRegistry } from './modules/compliance/schedules';
import { prescriptionsRoutes } from './modules/prescriptions/prescriptions.routes';
import { createPrescriptionsService } from './modules/prescriptions/prescriptions.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { inventoryRoutes } from './modules/inventory/inventory.routes';
import { createInventoryService } from './modules/inventory/inventory.service';
import { startStockHorizon } from './modules/inventory/stock-horizon';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { reorderRoutes } from './modules/reorder/reorder.routes';
import { createReorderService } from './modules/reorder/reorder.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { supportInboxRoutes } from './modules/support-inbox/support-inbox.routes';
import { createSupportInboxService } from './modules/support-inbox/support-inbox.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { catalogCsvRoutes } from './modules/catalog-csv/catalog-csv.routes';
import { createCatalogCsvService } from './modules/catalog-csv/catalog-csv.service';
import { createReportsService } from './modules/reports/reports.service';
import { refillsRoutes } from './modules/refills/refills.routes';
import { returnsRoutes } from './modules/returns/returns.routes';
import { createReturnsService } from './modules/returns/returns.service';
import { createReturnsAdminService } from './modules/returns/returns-admin.service';
import { aftersalesRoutes } from './modules/aftersales/aftersales.routes';
import { createAftersalesService } from './modules/aftersales/aftersales.service';
import {
  REFUND_QUEUE,
  createRefundsService,
  refundQueueSettings,
} from './modules/refunds/refunds.service';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { createCouponsService } from './modules/coupons/coupons.service';
import { promotionsRoutes } from './modules/promotions/promotions.routes';
import { createPromotionsService } from './modules/promotions/promotions.service';
import {
  LOYALTY_EXPIRY_CRON,
  LOYALTY_EXPIRY_QUEUE,
  createLoyaltyService,
} from './modules/loyalty/loyalty.service';
import {
  REFILL_REMINDER_CRON,
  REFILL_REMINDER_QUEUE,
  createRefillsService,
} from './modules/refills/refills.service';
import { createCatalogService } from './modules/catalog/catalog.service';
import { taxonomyRoutes } from './modules/catalog/taxonomy.routes';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { createAddressesService } from './modules/addresses/addresses.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createOidcClient } from './modules/auth/oidc';
import { siteRoutes } from './modules/site/site.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { authPlugin } from './plugins/auth';

export interface RouteSummary {
  method: string;
  url: string;
}

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
}

/** Body limit for JSON; uploads have their own limits in the multipart plugin. */
const JSON_BODY_LIMIT = 100 * 1024;

export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'res.headers["set-cookie"]',
                '*.password',
                '*.newPassword',
                '*.oldPassword',
                '*.confirmPassword',
              ],
              censor: '[redacted]',
            },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // The client may cancel a request; Fastify answers nothing and frees the handler.
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  // Every route the app registers, for the docs check and the authorization matrix tests.
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method, url: route.url });
  });

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

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { imageOrigins: storage.imageOrigins });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
  });
  // Catalogue reads: ETag/304, Cache-Control and a short micro-cache of anonymous answers.
  const catalogueChanges = createChangeCounter();
  // Other instances on the same PostgreSQL are told of every catalogue change, so their caches
  // are dropped at once; needed only when something is cached (not under NODE_ENV=test).
  const cachesSomething = config.catalogCacheSeconds > 0 || config.listingCacheSeconds > 0;
  const changeFeed =
    database.dedicatedConnection && cachesSomething
      ? createPostgresChangeFeed({ connection: database.dedicatedConnection, log: app.log })
      : createLocalChangeFeed();
  app.addHook('onClose', async () => changeFeed.close());
  await app.register(httpCachePlugin, {
    reuseSeconds: config.catalogCacheSeconds,
    version: () => catalogueChanges.value,
  });
  const limits = await createLimitCounters({ db: database.db, redisUrl: config.redisUrl });
  app.addHook('onClose', async () => limits.close());
  await app.register(rateLimit, {
    global: false,
    store: routeLimitStore(limits),
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(
        429,
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
    }),
  });
  // Per-part limits are set where each upload is read (lib/multipart.ts).
  // Catalogue search and listing wait for a slot, so they cannot starve health and orders
  // (issue 7 flood test): one at a time on PGlite, a few on PostgreSQL's pool of 20.
  await app.register(loadGatePlugin, {
    slots: database.kind === 'pglite' ? 1 : 3,
    maxWaiting: 256,
  });
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 50, parts: 60 },
  });
  await app.register(docsPlugin, { shopName: config.shopName });

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const db = database.db;
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
  const outbox = createMailOutbox({ jobs, mailer });
  const users = createUsersService(db, { jwtSecret: config.jwtSecret });
  const auth = createAuthService({
    db,
    users,
    outbox,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    limits,
  });
  const stockAlerts = createStockAlerts({
    db,
    jobs,
    outbox,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
  });
  const addresses = createAddressesService(db);
  const productsChanged = () => {
    catalogueChanges.bump();
    changeFeed.publish();
  };
  const inventory = createInventoryService(db, {
    minShelfLifeDays: config.minShelfLifeDays,
    nearExpiryDays: config.nearExpiryDays,
    onStockChanged: productsChanged,
    onRestocked: stockAlerts.restocked,
    now: options.now,
  });
  const stockHorizon = await startStockHorizon(inventory, app.log);
  app.addHook('onClose', async () => stockHorizon.stop());
  const schedules = createScheduleRegistry(db);
  await schedules.load();
  const compliance = createComplianceService(db, {
    recordRetentionYears: config.recordRetentionYears,
    now: options.now,
  });
  const catalog = createCatalogService(db, storage, {
    openingStock: inventory.receiveInTx,
    onChange: productsChanged,
    cacheTtlMs: config.listingCacheSeconds * 1000,
    schedules,
    onPublished: stockAlerts.restocked,
  });
  changeFeed.onRemoteChange(() => {
    catalogueChanges.bump();
    catalog.forgetCachedListings();
    // Schedules are data an operator may have edited; they change with the catalogue.
    schedules.load().catch((error: unknown) => app.log.warn({ err: error }, 'schedules reload'));
  });
  const cart = createCartService(db, catalog);
  const orderMail = createOrderMail({
    outbox,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    currencySymbol: config.currencySymbol,
  });
  const invoices = createInvoicesService({
    db,
    seller: config.seller,
    compliance,
    now: options.now,
  });
  const loyalty = createLoyaltyService({ db, jobs, policy: config.loyalty, now: options.now });
  const coupons = createCouponsService({ db });
  const promotions = createPromotionsService({
    db,
    loyalty,
    policy: config.loyalty,
    now: options.now,
  });
  const orders = createOrdersService({
    db,
    invoices,
    cart,
    catalog,
    inventory,
    addresses,
    compliance,
    mail: orderMail,
    // A new order of a product restarts its refill reminder's interval (in the same transaction).
    onConfirmed: (tx, confirmed) => refills.orderConfirmed(tx, confirmed),
    // The admin's cancel is the after-sales one: refund, credit note, hooks, who and why.
    cancel: (tx, order, who) => aftersales.cancelInTx(tx, order, who),
    afterSales: config.afterSales,
    onPaidAfterCancel: (tx, orderId, byUserId) =>
      aftersales.refundLatePayment(tx, orderId, byUserId),
    // A delivered order earns its points in the delivery's transaction (issue 19).
    onDelivered: (tx, order) =>
      loyalty.onOrderDelivered(tx, {
        orderId: order.id,
        userId: order.userId,
        paidMinor: order.totalOrderValueMinor,
      }),
  });
  const reorder = createReorderService({ db, orders, cart });
  const refills = createRefillsService({
    db,
    jobs,
    outbox,
    orders,
    catalog,
    reorder,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    jwtSecret: config.jwtSecret,
    daysBefore: config.refillReminderDaysBefore,
    now: options.now,
  });
  const prescriptions = createPrescriptionsService({ db, storage, orders, compliance });
  const reports = createReportsService(db);
  const catalogCsv = createCatalogCsvService({
    db,
    catalog,
    schedules,
    onPublished: stockAlerts.restocked,
  });
  const inbox = createSupportInboxService({ db, now: options.now });
  const dashboard = createDashboardService({
    db,
    inventory,
    inbox,
    // Created below, after the refunds engine; the dashboard only calls it on a request.
    openReturns: () => returnsAdmin.countOpen(),
    now: options.now,
  });
  const testProvider =
    !options.paymentProvider && !config.stripe ? createTestPaymentProvider() : undefined;
  const paymentProvider =
    options.paymentProvider ?? testProvider ?? (await loadStripeProvider(config));
  const payments = createPaymentsService({ orders, provider: paymentProvider, log: app.log });
  const refundQueue = refundQueueSettings(config.jobs.timeoutSeconds);
  const refunds = createRefundsService({
    db,
    jobs,
    outbox,
    provider: paymentProvider,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    currencySymbol: config.currencySymbol,
    log: app.log,
    retryLimit: refundQueue.retryLimit,
  });
  app.decorate('refunds', refunds);
  const returns = createReturnsService({
    db,
    storage,
    outbox,
    policy: config.afterSales,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    now: options.now,
  });
  const returnsAdmin = createReturnsAdminService({ db, returns, inventory, refunds, invoices });
  const aftersales = createAftersalesService({
    db,
    orders,
    inventory,
    invoices,
    refunds,
    compliance,
    orderMail,
    outbox,
    catalog,
    addresses,
    policy: config.afterSales,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    currencySymbol: config.currencySymbol,
    now: options.now,
  });
  // Issue 19: a cancellation gives back the coupon use and the points spent, and takes back the
  // points earned; a refund (a return's too) takes back points in proportion to the money.
  aftersales.onCancelled((tx, event) => promotions.onOrderCancelled(tx, event));
  aftersales.onCancelled(async (tx, event) => {
    await loyalty.onOrderCancelled(tx, event);
  });
  refunds.onRefunded(async (tx, event) => {
    await loyalty.onRefunded(tx, event);
  });
  const oidc = config.google
    ? createOidcClient({
        issuerUrl: config.google.issuerUrl,
        clientId: config.google.clientId,
        clientSecret: config.google.clientSecret,
        redirectUri: `${config.publicUrl}/api/auth/google/callback`,
      })
    : undefined;

  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        jwtSecret: config.jwtSecret,
        loadSessionUser: users.loadSessionUser,
      });
      await api.register(siteRoutes);
      await api.register(authRoutes, {
        auth,
        oidc,
        jwtSecret: config.jwtSecret,
        secureCookies: config.publicUrl.startsWith('https://'),
        signupRateLimit: config.signupRateLimit,
      });
      await api.register(usersRoutes, { users });
      await api.register(addressesRoutes, { addresses });
      await api.register(catalogRoutes, { catalog });
      await api.register(inventoryRoutes, { inventory });
      await api.register(taxonomyRoutes, { catalog });
      await api.register(cartRoutes, { cart });
      await api.register(ordersRoutes, { orders });
      await api.register(aftersalesRoutes, { aftersales });
      await api.register(invoicesRoutes, { invoices });
      await api.register(reorderRoutes, { reorder });
      await api.register(refillsRoutes, { refills });
      await api.register(prescriptionsRoutes, { prescriptions });
      await api.register(complianceRoutes, { compliance, schedules });
      await api.register(paymentsRoutes, { payments, testProvider });
      await api.register(auditRoutes, { db });
      await api.register(stockAlertsRoutes, { stockAlerts });
      await api.register(mailPreferencesRoutes, { db });
      await api.register(jobsRoutes, { jobs });
      await api.register(reportsRoutes, { reports });
      await api.register(catalogCsvRoutes, { catalogCsv });
      await api.register(dashboardRoutes, { dashboard });
      await api.register(supportInboxRoutes, { inbox });
      await api.register(returnsRoutes, { returns, returnsAdmin });
      await api.register(loyaltyRoutes, { loyalty });
      await api.register(couponsRoutes, { coupons });
      await api.register(promotionsRoutes, { promotions });
    },
    { prefix: '/api' },
  );

  // Every worker is registered by now; the queue's tables are made (or brought up to date).
  const mailQueue: QueueSettings = {
    retryLimit: config.jobs.mailRetryLimit,
    retryDelaySeconds: config.jobs.mailRetryDelaySeconds,
    expireSeconds: config.jobs.timeoutSeconds,
  };
  await jobs.start(
    {
      [MAIL_QUEUE]: mailQueue,
      [BACK_IN_STOCK_QUEUE]: { ...mailQueue, retryLimit: 5, onePerKey: true },
      // The scan is safe to run again (each due date is marked in the transaction that mails it);
      // a failed one is retried a few times, and the next quarter-hour's scan runs anyway.
      [REFILL_REMINDER_QUEUE]: { ...mailQueue, retryLimit: 3 },
      [REFUND_QUEUE]: refundQueue,
      // Expiry is computed from the ledger each time, so a rerun writes nothing twice.
      [LOYALTY_EXPIRY_QUEUE]: { ...mailQueue, retryLimit: 3 },
    },
    { poll: config.jobs.workers && options.jobs?.poll !== false },
  );
  // pg-boss keeps the schedule in the database (one job per slot, whichever instance makes it);
  // the queue must exist first.
  await jobs.scheduleCron(REFILL_REMINDER_QUEUE, REFILL_REMINDER_CRON);
  await jobs.scheduleCron(LOYALTY_EXPIRY_QUEUE, LOYALTY_EXPIRY_CRON);
  // Stopped before the database closes (onClose hooks run last-added first).
  app.addHook('onClose', async () => jobs.stop());

  await app.register(webAppPlugin, {
    webDistDir: config.webDistDir,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    storage,
  });

  return app;
}

/**
 * Loaded only when Stripe is configured: the SDK is large, and a shop on the built-in test
 * provider should not pay for it in start-up time and memory.
 */
async function loadStripeProvider(config: AppConfig): Promise<PaymentProvider> {
  const { createStripePaymentProvider } = await import('./modules/payments/stripe-provider');
  return createStripePaymentProvider({
    secretKey: config.stripe?.secretKey ?? '',
    publishableKey: config.stripe?.publishableKey ?? '',
    webhookSecret: config.stripe?.webhookSecret,
  });
}
