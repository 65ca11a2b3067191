import type { Database } from './types';

/**
 * A query built once per database handle instead of on every call, and sent to PostgreSQL as a
 * named statement: each pooled connection parses it once and, after a few runs, keeps one plan
 * (planning the order's read took 0.29 ms against 0.05 ms to run it; docs/performance.md,
 * issue 28). Not for transactions: a statement prepared on `db` runs on a pooled connection of
 * its own, outside any transaction, so a repository function that takes `tx` keeps its query
 * builder. The selection names its columns, so a migration that adds a column does not change a
 * prepared statement's result type.
 */
export function preparedOnce<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
