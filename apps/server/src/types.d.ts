import type { DatabaseHandle } from './db/client';
import type { AppConfig } from './config/env';
import type { RouteSummary } from './app';
import type { FileStorage } from './lib/storage/index';
import type { JobQueue } from './modules/jobs/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: DatabaseHandle;
    routeTable: RouteSummary[];
    storage: FileStorage;
    jobs: JobQueue;
  }
}
