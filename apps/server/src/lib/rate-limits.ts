import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/index';

const SWEEP_INTERVAL_MS = 5 * 60_000;
/** Rows are removed an hour after they expire, so a sweep never races a live window. */
const SWEEP_GRACE_MS = 60 * 60_000;

/**
 * Rate-limit counters that every server instance shares (OWASP ASVS 6.3 anti-automation): a
 * limit of 5 sign-ups a minute must stay 5 behind a balancer with two instances, not 10. Kept by
 * rate-limiter-flexible in Redis when REDIS_URL is set, otherwise in the shop's own database (the
 * `rate_limits` table, one atomic upsert per counted request), so no extra server is required.
 */
export interface LimitCounters {
  readonly store: 'database' | 'redis';
  /** `limit` points per `windowMs` under `name`; the same arguments give the same counter. */
  counter(name: string, limit: number, windowMs: number): RateLimiterAbstract;
  close(): Promise<void>;
}

export async function createLimitCounters(options: {
  db: Database;
  redisUrl: string | undefined;
}): Promise<LimitCounters> {
  const counters = new Map<string, RateLimiterAbstract>();
  // Imported only when configured: the server bundle would otherwise load it at every start.
  const redis = options.redisUrl
    ? // No offline queue: while Redis is away a check fails at once (and falls back to the
      // per-process insurance below) instead of holding the request.
      new (await import('ioredis')).Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  // Without a listener ioredis reports a lost connection as an unhandled error event.
  redis?.on('error', () => {});

  // Expired rows are dead weight; any instance may remove them (Redis expires its own keys).
  const sweep = redis
    ? undefined
    : setInterval(() => {
        options.db
          .delete(rateLimits)
          .where(lt(rateLimits.expire, new Date(Date.now() - SWEEP_GRACE_MS)))
          .catch(() => {
            // Not critical: the next sweep tries again.
          });
      }, SWEEP_INTERVAL_MS);
  sweep?.unref();

  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    if (!redis) {
      return new RateLimiterDrizzle({
        storeClient: options.db,
        schema: rateLimits,
        keyPrefix,
        points,
        duration,
        // One sweep for the whole table below, stopped on close, instead of a timer per counter
        // that would outlive the database it sweeps.
        clearExpiredByTimeout: false,
      });
    }
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points,
      duration,
      // While Redis cannot be reached each instance counts on its own: limits still hold per
      // instance rather than failing every login and form.
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
    });
  };

  return {
    store: redis ? 'redis' : 'database',
    counter(name, limit, windowMs) {
      // rate-limiter-flexible counts whole seconds.
      const duration = Math.max(1, Math.ceil(windowMs / 1000));
      const id = `${name}|${limit}|${duration}`;
      let counter = counters.get(id);
      if (!counter) {
        counter = make(name, limit, duration);
        counters.set(id, counter);
      }
      return counter;
    },
    async close() {
      if (sweep) clearInterval(sweep);
      redis?.disconnect();
    },
  };
}

/** Keys are stored: an e-mail address is kept only as its hash, and no longer than the column. */
export const limitKey = (value: string) =>
  value.length <= 64 && !value.includes('@')
    ? value
    : createHash('sha256').update(value).digest('hex');

/**
 * The store @fastify/rate-limit counts route limits in (its `store` option): each route's counter
 * is named after its method and path, so one client address counts separately per route.
 */
export function routeLimitStore(counters: LimitCounters): FastifyRateLimitStoreCtor {
  return class SharedRouteLimitStore implements FastifyRateLimitStore {
    readonly name: string;

    constructor(_params: unknown, name = 'route') {
      this.name = name;
    }

    incr(...[key, done, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
      counters
        .counter(this.name, Math.max(1, max), timeWindow)
        .penalty(limitKey(key), 1)
        .then(
          (res) => done(null, { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) }),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(...[routeOptions]: Parameters<FastifyRateLimitStore['child']>) {
      // The plugin passes the route's merged limit settings, the route itself under routeInfo
      // (its typings say the route options).
      const route =
        (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ??
        routeOptions;
      const method = [route.method ?? 'ANY'].flat().join(',');
      return new SharedRouteLimitStore(undefined, `route:${method}:${route.url}`);
    }
  };
}
