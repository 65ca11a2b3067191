import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';

// The database's types on their own, so a module that only needs them (db/before-commit.ts) does
// not import db/client.ts, which imports it back (decision 0020: no import cycles).

export type Schema = typeof schema;
/** One type for both drivers so repositories have one code path (ARCHITECTURE.md). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;
