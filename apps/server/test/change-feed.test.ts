import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEED_APPLICATION_NAME,
  createPostgresChangeFeed,
  type ChangeFeed,
} from '../src/lib/change-feed';
import { createTestDatabase, testDriver, type TestDatabase } from './helpers';

/**
 * The cross-instance cache invalidation of issue 14 (lib/change-feed.ts), with two feeds standing
 * for two instances on one PostgreSQL database: a change announced by one reaches the other, not
 * itself; a lost listening connection comes back by itself, tells its instance to forget what it
 * cached meanwhile, and carries announcements again.
 */
const silentLog = { warn() {}, info() {} };

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

describe.runIf(testDriver === 'postgres')(
  'change feed over LISTEN/NOTIFY (PostgreSQL runs only)',
  () => {
    let database: TestDatabase;
    let first: ChangeFeed;
    let second: ChangeFeed;
    const heard = { first: 0, second: 0 };
    /** Feed connections open on this database (each listens as soon as it connects). */
    const feedConnections = async () => {
      const result = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
          where application_name = ${FEED_APPLICATION_NAME} and datname = current_database()`,
      );
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
    };
    const waitForFeeds = async (count: number) => {
      const started = Date.now();
      while ((await feedConnections()) < count) {
        if (Date.now() - started > 10_000) throw new Error(`fewer than ${count} feed connections`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      const connection = database.dedicatedConnection;
      if (!connection) throw new Error('PostgreSQL handle without a dedicated connection');
      first = createPostgresChangeFeed({ connection, log: silentLog });
      second = createPostgresChangeFeed({ connection, log: silentLog });
      first.onRemoteChange(() => (heard.first += 1));
      second.onRemoteChange(() => (heard.second += 1));
      await waitForFeeds(2);
    });
    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
      await database?.destroy();
    });

    it('tells the other instance, not the sender, within milliseconds', async () => {
      const before = { ...heard };
      first.publish();
      const ms = await waitFor(() => heard.second > before.second);
      expect(ms).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.first).toBe(before.first);
    });

    it('coalesces a burst of changes into few announcements', async () => {
      const before = heard.second;
      for (let i = 0; i < 200; i++) first.publish();
      await waitFor(() => heard.second > before);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const received = heard.second - before;
      expect(received).toBeGreaterThanOrEqual(1);
      expect(received).toBeLessThanOrEqual(3);
    });

    it('reconnects after its connection is killed, forgets its caches, and hears again', async () => {
      const before = heard.second;
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${FEED_APPLICATION_NAME} and datname = current_database()`,
      );
      // Both feeds lost their connections; each reconnects and tells its own instance to forget.
      await waitFor(() => heard.second > before);
      await waitForFeeds(2);
      const again = heard.second;
      first.publish();
      await waitFor(() => heard.second > again);
    });
  },
);
