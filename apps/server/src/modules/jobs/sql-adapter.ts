import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * pg-boss's `db` option for one call: its parameterised statement ($1, $2…) run through the
 * caller's Drizzle transaction, so the job is written by that transaction (decision 0014).
 * Only for single statements with placeholders (pg-boss's insert); a `$n` inside a quoted string
 * would be taken as a placeholder, which pg-boss's insert never has.
 */
export function inTransaction(tx: DbOrTx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await tx.execute(withParameters(text, values));
      return { rows: (result as unknown as { rows: Record<string, unknown>[] }).rows };
    },
  };
}

export function withParameters(text: string, values: unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, index) => {
    if (index % 2 === 0) {
      if (piece) chunks.push(sql.raw(piece));
      return;
    }
    const value = values[Number(piece) - 1];
    chunks.push(sql`${asParameter(value)}`);
  });
  return sql.join(chunks);
}

/** Objects go as JSON text (both drivers accept it for json/jsonb); the rest as they are. */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || value instanceof Date || typeof value !== 'object') return value;
  return JSON.stringify(value);
}
