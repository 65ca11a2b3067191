import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client';

/**
 * "The database is unchanged after every 4xx" (issue 7), checked two ways:
 *
 * - a write counter: a row trigger on every application table adds one to a counter for each
 *   row inserted, updated or deleted. The counter is transactional, so a request whose
 *   transaction rolled back leaves it as it was, and one query tells whether any committed write
 *   happened since the last look. Test databases only; the counter serializes writers, so it is
 *   not installed where the tests race orders.
 * Rate-limit counters (rate_limits) are left out: a refused request still counts towards its
 * client's limit, which is the point of them.
 * - a checksum: row count and the sum of a hash of every row, per table, for a before/after
 *   comparison around a whole batch of refused requests.
 */
export interface DbWatch {
  /** Committed row changes so far. */
  writes(): Promise<number>;
  /** Row count and content hash of every application table. */
  checksum(): Promise<string>;
  /** Files under the data directory's uploads/ and private/ folders. */
  storedFiles(): number;
}

const COUNTER_TABLE = 'zz_test_write_counter';

/** Both drivers answer `execute` with `{ rows }`; the shared Database type does not say so. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function applicationTables(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name <> ${COUNTER_TABLE} and table_name not like '__drizzle%'
          and table_name <> 'rate_limits'
        order by table_name`,
  );
  return rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
}

function countFiles(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    ).length;
  } catch {
    return 0;
  }
}

export async function installDbWatch(db: Database, dataDir: string): Promise<DbWatch> {
  const tables = await applicationTables(db);
  await db.execute(
    sql.raw(`create table if not exists ${COUNTER_TABLE} (id int primary key, n bigint not null)`),
  );
  await db.execute(sql.raw(`insert into ${COUNTER_TABLE} values (1, 0) on conflict do nothing`));
  await db.execute(
    sql.raw(`create or replace function zz_test_count_write() returns trigger language plpgsql as $$
      begin update ${COUNTER_TABLE} set n = n + 1 where id = 1; return null; end $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql.raw(`create trigger zz_test_count_write after insert or update or delete on "${table}"
        for each row execute function zz_test_count_write()`),
    );
  }
  const checksumQuery = sql.raw(
    tables
      .map(
        (table) =>
          `select '${table}' as t, count(*)::text as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from "${table}" x`,
      )
      .join(' union all '),
  );
  // The driver's own client (PGlite or the pg pool) reads the counter several times faster than
  // a drizzle round trip, and it is read after every fuzzed request.
  const client = (db as unknown as { $client?: { query(text: string): Promise<unknown> } }).$client;
  const counterQuery = `select n::text as n from ${COUNTER_TABLE}`;
  return {
    async writes() {
      const result = client
        ? await client.query(counterQuery)
        : await db.execute(sql.raw(counterQuery));
      return Number(rowsOf<{ n: string }>(result)[0]?.n ?? 0);
    },
    async checksum() {
      const result = await db.execute(checksumQuery);
      return rowsOf<{ t: string; n: string; h: string }>(result)
        .map((row) => `${row.t}:${row.n}:${row.h}`)
        .join('|');
    },
    storedFiles: () =>
      countFiles(path.join(dataDir, 'uploads')) + countFiles(path.join(dataDir, 'private')),
  };
}
