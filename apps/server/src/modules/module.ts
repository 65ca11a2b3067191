import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config/env';
import type { Database, DatabaseHandle } from '../db/client';
import type { Mailer } from '../lib/mail';
import type { FileStorage } from '../lib/storage/index';
import type { LimitCounters } from '../lib/rate-limits';
import type { JobQueue, QueueSettings } from './jobs/job-queue';
import type { MailOutbox } from './notifications/mail-outbox';
import type { OrderEvents } from './orders/order-events';
import type { PaymentProvider } from './payments/payment-provider';
import type { SitemapRegistry } from './seo/sitemap-source';

/**
 * What every module's registration function is given (docs/architecture.md): the shared
 * infrastructure, the order's event bus to publish on and subscribe to, and the means to add
 * its routes, queues and schedules. A module gets the services it uses as arguments from
 * modules/index.ts, which registers them in dependency order: nothing calls a module made later.
 */
export interface ModuleContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  outbox: MailOutbox;
  jobs: JobQueue;
  limits: LimitCounters;
  log: FastifyBaseLogger;
  orderEvents: OrderEvents;
  paymentProvider: PaymentProvider;
  /** The clock stock and after-sales decisions read; tests move it. */
  now?: () => Date;
  /** The catalogue changed here (stock, products): caches here and on other instances drop. */
  catalogueChanged(): void;
  /** Another instance changed the catalogue. */
  onRemoteCatalogueChange(listener: () => void): void;
  /** Routes under /api. */
  routes<Options extends object>(plugin: FastifyPluginAsync<Options>, options: Options): void;
  /** Routes at the site's root, outside /api and its session: robots.txt, the sitemaps. */
  rootRoutes<Options extends object>(plugin: FastifyPluginAsync<Options>, options: Options): void;
  /** Where a module adds the public pages it owns to the sitemaps (issue 30, modules/seo). */
  sitemaps: SitemapRegistry;
  /** A job queue with its settings (made when the app starts). */
  queue(name: string, settings: QueueSettings): void;
  /** A schedule for a queue (kept in the database: one job per slot across instances). */
  cron(queue: string, expression: string): void;
  /** Work to do when the app closes (before the database closes). */
  onClose(hook: () => Promise<void>): void;
}
