import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server instance (lib/rate-limits.ts): one row per limited
 * key (route or login check, and client address or e-mail), in the shape rate-limiter-flexible's
 * RateLimiterDrizzle reads and writes with one atomic upsert. Expired rows are removed by it.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});
