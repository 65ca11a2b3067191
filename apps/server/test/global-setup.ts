import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MEMORY_DATABASE, openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated in-memory PGlite data directory (tar), loaded by every PGlite test database. */
    pgliteTemplatePath: string;
    /** A migrated PostgreSQL database every PostgreSQL test database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per run and lets every test file start from a copy of it (decision
 * 0019): on PostgreSQL `CREATE DATABASE … TEMPLATE`, on PGlite a dumped data directory loaded
 * into a new in-memory cluster. Each test database still runs the migrator, which finds nothing
 * to do; the migrations themselves run from an empty database here, every run, on the database
 * the run is about.
 */
export default async function setup(project: TestProject) {
  const driver = process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL;
  return driver ? postgresTemplate(project) : pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const handle = await openDatabase({ databaseUrl: MEMORY_DATABASE, dataDir: '' });
  const file = path.join(
    tmpdir(),
    `pharmacy-pglite-template-${randomBytes(6).toString('hex')}.tar`,
  );
  try {
    const archive = await handle.dumpDataDir?.();
    if (!archive) throw new Error('PGlite did not dump its data directory');
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplatePath', file);
  return () => rmSync(file, { force: true });
}

async function postgresTemplate(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `test_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await handle.close();
  // A template with a connection open cannot be copied; refusing connections keeps a stray one
  // (a test pointed at the wrong database) from failing every other file's CREATE DATABASE.
  await admin(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
