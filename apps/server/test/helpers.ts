import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/env';
import { MEMORY_DATABASE, openDatabase, type DatabaseHandle } from '../src/db/client';

/**
 * Tests run on PGlite by default and on PostgreSQL when the runner sets TEST_DB_DRIVER=postgres
 * with TEST_DATABASE_URL (scripts/test.mjs does both when TEST_DATABASE_URL is set).
 */
export const testDriver: 'pglite' | 'postgres' =
  process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL
    ? 'postgres'
    : 'pglite';

export interface TestDatabase extends DatabaseHandle {
  /** Drops the per-file PostgreSQL database too. */
  destroy(): Promise<void>;
}

let pgliteTemplate: Blob | undefined;
/** The run's migrated PGlite data directory (global-setup.ts), read once per worker. */
function pgliteArchive(): Blob | undefined {
  const file = inject('pgliteTemplatePath');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A fresh, migrated database for one test file: a copy of the run's migrated template
 * (global-setup.ts), on which the migrator then finds nothing left to do.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    const handle = await openDatabase({
      databaseUrl: MEMORY_DATABASE,
      dataDir: '',
      pgliteArchive: pgliteArchive(),
    });
    return { ...handle, destroy: handle.close };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    ...handle,
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/** The real app over a fresh database, called through inject (no port opened). */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  appOptions: Omit<BuildAppOptions, 'database' | 'logger'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    {
      dataDir,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      admin: undefined,
      ...overrides,
    },
  );
  const database = await createTestDatabase();
  const app = await buildApp(config, { ...appOptions, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
