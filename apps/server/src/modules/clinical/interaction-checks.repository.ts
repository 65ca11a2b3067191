import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { INTERACTION_HISTORY_STATUSES } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import {
  interactionOverrides,
  orderLines,
  orders,
  patients,
  products,
  saltCompositions,
  users,
} from '../../db/schema/index';

/**
 * What the interaction check reads (issue 31 point 4, decision 0026). The clinical module reads
 * the order, catalogue and patient tables here without writing them: the check is the clinical
 * picture of one member, and reading it in one statement keeps it to one round trip.
 */

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** jsonb values: node-postgres parses them, PGlite may hand over the text. */
const parsedJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The lines being checked: a cart's products, or an order's own lines. */
export type CheckedSource =
  { kind: 'products'; productIds: readonly number[] } | { kind: 'order'; orderId: number };

export interface CheckScope {
  userId: number;
  /** The chosen patient: their allergies, and orders for them or for no one in particular. */
  patientId: number | null;
  /** The earliest placement counted (the shared rule's window). */
  since: Date;
  /** The order being checked is not its own history. */
  excludeOrderId: number | null;
}

export interface CheckRow {
  kind: 'line' | 'history' | 'allergy';
  lineId: number | null;
  orderId: number | null;
  orderedAt: string | null;
  productId: number | null;
  productName: string | null;
  saltName: string | null;
  patientId: number | null;
  patientName: string | null;
  allergies: string[];
}

interface RawRow {
  kind: CheckRow['kind'];
  line_id: number | null;
  order_id: number | null;
  ordered_at: Date | string | null;
  product_id: number | null;
  product_name: string | null;
  salt_name: string | null;
  patient_id: number | null;
  patient_name: string | null;
  allergies: unknown;
}

const idList = (ids: readonly number[]) =>
  sql`(select value::integer from json_array_elements_text(${JSON.stringify(ids)}::json))`;

function currentLines(source: CheckedSource): SQL {
  if (source.kind === 'products')
    return sql`select 'line' as kind, null::integer as line_id, null::integer as order_id,
        null::timestamptz as ordered_at, ${products.id} as product_id,
        ${products.name}::text as product_name, ${saltCompositions.name}::text as salt_name,
        null::integer as patient_id, null::text as patient_name, null::jsonb as allergies
      from ${products}
      join ${saltCompositions} on ${saltCompositions.id} = ${products.saltCompositionId}
      where ${products.id} in ${idList(source.productIds)}`;
  return sql`select 'line' as kind, ${orderLines.id} as line_id, ${orderLines.orderId} as order_id,
      null::timestamptz as ordered_at, ${orderLines.productId} as product_id,
      ${orderLines.productName}::text as product_name, ${saltCompositions.name}::text as salt_name,
      null::integer as patient_id, null::text as patient_name, null::jsonb as allergies
    from ${orderLines}
    left join ${products} on ${products.id} = ${orderLines.productId}
    left join ${saltCompositions} on ${saltCompositions.id} = ${products.saltCompositionId}
    where ${orderLines.orderId} = ${source.orderId}`;
}

/**
 * The lines' salts, the salts of the member's counted orders in the window (orders_user_created_at
 * index: the member's orders from `since` on) and the allergies on file, in one statement.
 * Another member's orders or patients are never read: every part is bound to `userId`.
 */
export async function readCheck(
  db: DbOrTx,
  source: CheckedSource,
  scope: CheckScope,
): Promise<CheckRow[]> {
  const statuses = sql.join(
    INTERACTION_HISTORY_STATUSES.map((id) => sql`${id}`),
    sql`, `,
  );
  const forPatient =
    scope.patientId === null
      ? sql``
      : sql`and (${orders.patientId} = ${scope.patientId} or ${orders.patientId} is null)`;
  const whichPatients =
    scope.patientId === null
      ? sql`${patients.archivedAt} is null`
      : sql`${patients.id} = ${scope.patientId}`;
  const rows = rowsOf<RawRow>(
    await db.execute(sql`${currentLines(source)}
      union all
      select 'history', null::integer, ${orders.id}, ${orders.createdAt}, ${orderLines.productId},
        ${orderLines.productName}::text, ${saltCompositions.name}::text,
        null::integer, null::text, null::jsonb
      from ${orders}
      join ${orderLines} on ${orderLines.orderId} = ${orders.id}
      join ${products} on ${products.id} = ${orderLines.productId}
      join ${saltCompositions} on ${saltCompositions.id} = ${products.saltCompositionId}
      where ${orders.userId} = ${scope.userId}
        and ${orders.createdAt} >= ${scope.since.toISOString()}::timestamptz
        and ${orders.statusId} in (${statuses})
        and ${orders.id} <> ${scope.excludeOrderId ?? 0}
        ${forPatient}
      union all
      select 'allergy', null::integer, null::integer, null::timestamptz, null::integer, null::text,
        null::text, ${patients.id}, ${patients.name}::text, ${patients.allergies}
      from ${patients}
      where ${patients.userId} = ${scope.userId} and ${whichPatients}
        and jsonb_array_length(${patients.allergies}) > 0`),
  );
  return rows.map((row) => ({
    kind: row.kind,
    lineId: row.line_id,
    orderId: row.order_id,
    orderedAt: row.ordered_at === null ? null : new Date(row.ordered_at).toISOString(),
    productId: row.product_id,
    productName: row.product_name,
    saltName: row.salt_name,
    patientId: row.patient_id,
    patientName: row.patient_name,
    allergies: row.allergies === null ? [] : parsedJson<string[]>(row.allergies),
  }));
}

/** The order a check or an approval is about: its owner, placement and patient. */
export async function findOrderScope(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      createdAt: orders.createdAt,
      patientId: orders.patientId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

export async function insertOverride(
  tx: DbOrTx,
  values: typeof interactionOverrides.$inferInsert,
): Promise<number> {
  const [row] = await tx
    .insert(interactionOverrides)
    .values(values)
    .returning({ id: interactionOverrides.id });
  if (!row) throw new Error('interaction override insert returned no row');
  return row.id;
}

export function listOverrides(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: interactionOverrides.id,
      pairKey: interactionOverrides.pairKey,
      severity: interactionOverrides.severity,
      reason: interactionOverrides.reason,
      pharmacistId: interactionOverrides.pharmacistId,
      pharmacistName: users.name,
      createdAt: interactionOverrides.createdAt,
    })
    .from(interactionOverrides)
    .leftJoin(users, eq(users.id, interactionOverrides.pharmacistId))
    .where(eq(interactionOverrides.orderId, orderId))
    .orderBy(asc(interactionOverrides.createdAt), asc(interactionOverrides.id));
}
