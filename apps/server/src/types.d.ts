import type { DatabaseHandle } from './db/client';
import type { AppConfig } from './config/env';
import type { RouteSummary } from './plugins/index';
import type { FileStorage } from './lib/storage/index';
import type { JobQueue } from './modules/jobs/job-queue';
import type { OrderEvents } from './modules/orders/order-events';
import type { RefundsService } from './modules/refunds/refunds.service';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: DatabaseHandle;
    routeTable: RouteSummary[];
    storage: FileStorage;
    jobs: JobQueue;
    /** Issue 19 refunds engine (tests call it directly, as returns does through its deps). */
    refunds: RefundsService;
    /** The order's event bus (tests and the architecture check read its subscriptions). */
    orderEvents: OrderEvents;
  }
}
