import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DrugInteractionData, InteractionSeverity } from '@pharmacy/shared';
import { interactionPairKey } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { drugInteractions } from '../../db/schema/index';

export type DrugInteractionRow = typeof drugInteractions.$inferSelect;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(query: { search?: string; severity?: InteractionSeverity }): SQL | undefined {
  const parts: SQL[] = [];
  if (query.search) {
    const pattern = `%${likeEscape(query.search)}%`;
    const either = or(
      ilike(drugInteractions.ingredientA, pattern),
      ilike(drugInteractions.ingredientB, pattern),
    );
    if (either) parts.push(either);
  }
  if (query.severity) parts.push(eq(drugInteractions.severity, query.severity));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** One page of the table in pair order, with the number of rows the filters match. */
export async function listPage(
  db: DbOrTx,
  query: { search?: string; severity?: InteractionSeverity; limit: number; offset: number },
): Promise<{ rows: DrugInteractionRow[]; total: number }> {
  const where = filters(query);
  const rows = await db
    .select()
    .from(drugInteractions)
    .where(where)
    .orderBy(asc(drugInteractions.pairKey))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(drugInteractions).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every row: what the interaction check keeps in memory (a few thousand rows at most). */
export function listAll(db: DbOrTx): Promise<DrugInteractionRow[]> {
  return db.select().from(drugInteractions);
}

/** Every row in pair order: the CSV export (the table stays a few thousand rows). */
export function listInPairOrder(db: DbOrTx): Promise<DrugInteractionRow[]> {
  return db.select().from(drugInteractions).orderBy(asc(drugInteractions.pairKey));
}

/** The rows of these pair keys (an import matches its rows with them), locked until commit. */
export async function findByPairKeys(
  db: DbOrTx,
  pairKeys: readonly string[],
): Promise<DrugInteractionRow[]> {
  const rows: DrugInteractionRow[] = [];
  // In slices: one statement's parameters stay far below PostgreSQL's limit.
  for (let start = 0; start < pairKeys.length; start += 1_000) {
    const slice = pairKeys.slice(start, start + 1_000);
    rows.push(
      ...(await db
        .select()
        .from(drugInteractions)
        .where(inArray(drugInteractions.pairKey, slice))
        .for('update')),
    );
  }
  return rows;
}

export async function findById(db: DbOrTx, id: number): Promise<DrugInteractionRow | undefined> {
  const [row] = await db
    .select()
    .from(drugInteractions)
    .where(eq(drugInteractions.id, id))
    .for('update');
  return row;
}

const columns = (data: DrugInteractionData, byUserId: number | null, now: Date) => ({
  ingredientA: data.ingredientA,
  ingredientB: data.ingredientB,
  pairKey: interactionPairKey(data.ingredientA, data.ingredientB),
  severity: data.severity,
  effect: data.effect,
  advice: data.advice,
  source: data.source,
  updatedAt: now,
  updatedByUserId: byUserId,
});

export async function insert(
  db: DbOrTx,
  data: DrugInteractionData,
  byUserId: number | null,
  now: Date,
): Promise<DrugInteractionRow> {
  const [row] = await db
    .insert(drugInteractions)
    .values(columns(data, byUserId, now))
    .returning();
  if (!row) throw new Error('drug_interactions: insert returned no row');
  return row;
}

export async function update(
  db: DbOrTx,
  id: number,
  data: DrugInteractionData,
  byUserId: number | null,
  now: Date,
): Promise<DrugInteractionRow | undefined> {
  const [row] = await db
    .update(drugInteractions)
    .set(columns(data, byUserId, now))
    .where(eq(drugInteractions.id, id))
    .returning();
  return row;
}

export async function remove(db: DbOrTx, id: number): Promise<void> {
  await db.delete(drugInteractions).where(eq(drugInteractions.id, id));
}
