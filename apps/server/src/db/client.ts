import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { withBeforeCommit } from './before-commit';
import { acquireDataDirLock } from './lock';
import type { Database } from './types';

export type { Database, DbOrTx, Schema, Transaction } from './types';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: how to open a connection outside the pool, for a check that must not
   * queue behind the pool's work (the health probe).
   */
  dedicatedConnection?: pg.ClientConfig;
  /**
   * Plain SQL outside the ORM, for libraries that bring their own statements (the job queue,
   * modules/jobs). Without values the text may hold several statements.
   */
  executeSql: ExecuteSql;
  /** PGlite only: the whole data directory as an uncompressed tar (see pgliteArchive). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type ExecuteSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

export const MEMORY_DATABASE = 'memory://';

/** Serialises migrations of several instances starting at once on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 72_010_000;

/**
 * Planner settings for every connection. The catalogue lives in memory or on SSD, so a random
 * page costs little more than a sequential one (PostgreSQL's default of 4 assumes spinning disks
 * and made text search prefer a sequential scan, ~40 ms, over its trigram index, ~5 ms). JIT
 * compilation costs more than it saves on short shop queries (deep listing pages paid ~15 ms).
 * See docs/performance.md.
 */
const SESSION_SETTINGS = 'SET random_page_cost = 1.1; SET jit = off';
const POSTGRES_STARTUP_OPTIONS = '-c random_page_cost=1.1 -c jit=off';

/**
 * PGlite's buffer pool lives in the server's own memory (WebAssembly), and PostgreSQL's default
 * of 128 MB is set up, page by page, every time the database opens: 130 MB more resident memory
 * and ~0.6 s more start-up than 16 MB on this project's machine (docs/performance.md). Pages
 * beyond the pool are read from the data directory through the operating system's file cache,
 * which costs microseconds and no memory of ours; the shop's queries ran no slower.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

export interface OpenDatabaseOptions {
  /** A postgres:// URL, 'memory://' for an in-memory PGlite, or unset for PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  migrate?: boolean;
  /**
   * Told about errors of idle pooled connections (PostgreSQL restarting, a connection killed by an
   * administrator). Without a listener node-postgres would crash the process on them.
   */
  onPoolError?: (error: Error) => void;
  /**
   * In-memory PGlite only: a data directory saved with PGlite's dumpDataDir to start from
   * instead of an empty cluster. Creating a cluster runs initdb (about 3 s on a 2-core machine);
   * loading a migrated one takes under 1 s, which the API tests pay once per test file
   * (apps/server/test/global-setup.ts).
   */
  pgliteArchive?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { databaseUrl } = options;
  const handle =
    databaseUrl && databaseUrl !== MEMORY_DATABASE
      ? await openPostgres(databaseUrl, options.onPoolError ?? (() => {}))
      : await openPglite(
          databaseUrl === MEMORY_DATABASE ? undefined : options.dataDir,
          databaseUrl === MEMORY_DATABASE ? options.pgliteArchive : undefined,
        );
  if (options.migrate !== false) {
    try {
      await handle.migrate();
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return {
    db: handle.db,
    kind: handle.kind,
    executeSql: handle.executeSql,
    ...('dedicatedConnection' in handle ? { dedicatedConnection: handle.dedicatedConnection } : {}),
    ...('dumpDataDir' in handle ? { dumpDataDir: handle.dumpDataDir } : {}),
    close: handle.close,
  };
}

async function openPglite(dataDir: string | undefined, archive: Blob | undefined) {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  let client: PGlite;
  // V8 compiles PGlite's WebAssembly PostgreSQL in the background, by default on as many threads
  // as it likes; each thread's compiler memory stays behind in its own malloc arena once freed.
  // One compile thread left ~44 MB less resident at start, with the same query speed
  // (docs/performance.md, embedded mode). Read when a module is compiled, so setting it here,
  // before PGlite compiles, is in time.
  v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
  try {
    client = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      ...(archive ? { loadDataDir: archive } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  try {
    await client.exec(SESSION_SETTINGS);
  } catch (error) {
    await client.close().finally(release);
    throw error;
  }
  const db = withBeforeCommit(drizzlePglite({ client, schema }) as unknown as Database);
  let closed = false;
  const executeSql: ExecuteSql = async (text, values) => {
    if (values && values.length > 0) {
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    }
    // A prepared statement holds one command; exec runs a script and answers each statement.
    const results = await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  return {
    db,
    kind: 'pglite' as const,
    executeSql,
    dumpDataDir: () => client.dumpDataDir('none'),
    migrate: () =>
      migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(connectionString: string, onPoolError: (error: Error) => void) {
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    idleTimeoutMillis: 30_000,
    // Sent when each connection starts, so every session has them from its first query.
    options: POSTGRES_STARTUP_OPTIONS,
  });
  // The pool replaces a broken idle client on its own; the listener only has to report it.
  pool.on('error', onPoolError);
  // Fail at start, with the driver's reason, when the database cannot be reached.
  const probe = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  probe.release();
  const db = withBeforeCommit(drizzlePg({ client: pool, schema }) as unknown as Database);
  let closed = false;
  return {
    db,
    kind: 'postgres' as const,
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await pool.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    },
    dedicatedConnection: { connectionString, options: POSTGRES_STARTUP_OPTIONS },
    /**
     * drizzle's migrator takes no lock: two instances starting together on an empty database both
     * ran the first migration and one failed (the two-instance test). A session-level advisory
     * lock, held on a connection of its own while the migrator runs, lets one migrate and the
     * other find the work done.
     */
    migrate: async () => {
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: pool, schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lock.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
