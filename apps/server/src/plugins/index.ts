import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { createChangeCounter } from '../lib/cache';
import { createLocalChangeFeed, createPostgresChangeFeed } from '../lib/change-feed';
import { createLimitCounters, routeLimitStore, type LimitCounters } from '../lib/rate-limits';
import type { FileStorage } from '../lib/storage/index';
import { docsPlugin } from './docs';
import { errorBody, errorsPlugin } from './errors';
import { httpCachePlugin } from './http-cache';
import { loadGatePlugin } from './load-gate';
import { razorpayOrigins, securityPlugin } from './security';

export interface RouteSummary {
  method: string;
  url: string;
}

/** Every route the app registers, for the docs check and the authorization matrix tests. */
export function recordRouteTable(app: FastifyInstance) {
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method, url: route.url });
  });
}

/** Body limit for JSON; uploads have their own limits in the multipart plugin. */
const JSON_BODY_LIMIT = 100 * 1024;

/** Fastify's own options: logs (secrets redacted), limits, proxies, routing. */
export function serverOptions(
  config: AppConfig,
  logger: boolean | Record<string, unknown> | undefined,
): FastifyServerOptions {
  return {
    logger:
      logger === false
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
            ...(typeof logger === 'object' ? logger : {}),
          },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // The client may cancel a request; Fastify answers nothing and frees the handler.
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
}

/**
 * The cross-cutting plugins every route runs through: errors, security headers, compression,
 * the catalogue's HTTP cache with its cross-instance invalidation, rate limits, the load gate,
 * uploads and the API docs.
 */
export async function registerPlugins(
  app: FastifyInstance,
  {
    config,
    database,
    storage,
  }: { config: AppConfig; database: DatabaseHandle; storage: FileStorage },
): Promise<{
  limits: LimitCounters;
  catalogueChanged: () => void;
  onRemoteCatalogueChange: (listener: () => void) => void;
}> {
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    imageOrigins: storage.imageOrigins,
    paymentOrigins: config.razorpay ? razorpayOrigins(config.razorpay) : undefined,
  });
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
  changeFeed.onRemoteChange(() => catalogueChanges.bump());
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

  return {
    limits,
    catalogueChanged() {
      catalogueChanges.bump();
      changeFeed.publish();
    },
    onRemoteCatalogueChange: (listener) => changeFeed.onRemoteChange(listener),
  };
}
