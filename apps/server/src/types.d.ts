import type { DatabaseHandle } from './db/client';
import type { AppConfig } from './config/env';
import type { RouteSummary } from './app';
import type { FileStorage } from './lib/storage/index';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: DatabaseHandle;
    routeTable: RouteSummary[];
    storage: FileStorage;
  }
}
