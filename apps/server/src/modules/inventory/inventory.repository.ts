import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  orderLineBatches,
  orderLines,
  products,
  stockBatches,
  stockHorizon,
  stockMovements,
} from '../../db/schema/index';
import type { AdjustmentReason, StockMovementKind } from '@pharmacy/shared';

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Locks the products' rows in id order (FOR NO KEY UPDATE, as placing an order does), so every
 * change of a product's batches happens one at a time and two writers cannot deadlock. Returns
 * the ids that exist.
 */
export async function lockProducts(tx: DbOrTx, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(products.id)
    .for('no key update');
  return rows.map((row) => row.id);
}

/** The sellable units of a product: batches not recalled with an expiry on or after the cut-off. */
const sellableSum = (productId: SQL | number, sellableFrom: string) =>
  sql`coalesce((select sum(${stockBatches.onHand}) from ${stockBatches}
    where ${stockBatches.productId} = ${productId} and ${stockBatches.recalledAt} is null
      and ${stockBatches.expiryDate} >= ${sellableFrom}::date), 0)::integer`;

/**
 * Sets products.quantity to the sum of the sellable batches (the caller holds the product locks).
 * Answers the products that had none to sell and now have some (back-in-stock mails, issue 17).
 */
export async function recomputeQuantity(
  tx: DbOrTx,
  productIds: number[],
  sellableFrom: string,
): Promise<number[]> {
  if (productIds.length === 0) return [];
  const result = await tx.execute(sql`with before as (
      select ${products.id} as id, ${products.quantity} as quantity from ${products}
      where ${products.id} in (select value::integer from json_array_elements_text(${JSON.stringify(productIds)}::json))
    )
    update ${products} set quantity = ${sellableSum(sql`${products.id}`, sellableFrom)}
    from before where ${products.id} = before.id
    returning ${products.id} as id, before.quantity as before, ${products.quantity} as after`);
  return rowsOf<{ id: number; before: number; after: number }>(result)
    .filter((row) => Number(row.before) <= 0 && Number(row.after) > 0)
    .map((row) => Number(row.id));
}

export const batchColumns = {
  id: stockBatches.id,
  productId: stockBatches.productId,
  batchNumber: stockBatches.batchNumber,
  expiryDate: stockBatches.expiryDate,
  onHand: stockBatches.onHand,
  receivedUnits: stockBatches.receivedUnits,
  receivedAt: stockBatches.receivedAt,
  purchasePriceMinor: stockBatches.purchasePriceMinor,
  supplier: stockBatches.supplier,
  invoiceReference: stockBatches.invoiceReference,
  recalledAt: stockBatches.recalledAt,
  recallReason: stockBatches.recallReason,
};
export type BatchRow = Awaited<ReturnType<typeof findBatch>> & object;

export async function findBatch(db: DbOrTx, batchId: number) {
  const [row] = await db
    .select(batchColumns)
    .from(stockBatches)
    .where(eq(stockBatches.id, batchId));
  return row;
}

export async function findBatchByNumber(db: DbOrTx, productId: number, batchNumber: string) {
  const [row] = await db
    .select(batchColumns)
    .from(stockBatches)
    .where(
      and(
        eq(stockBatches.productId, productId),
        sql`upper(${stockBatches.batchNumber}) = upper(${batchNumber})`,
      ),
    );
  return row;
}

/** A product's batches, first to expire first. */
export function listBatches(db: DbOrTx, productId: number) {
  return db
    .select(batchColumns)
    .from(stockBatches)
    .where(eq(stockBatches.productId, productId))
    .orderBy(asc(stockBatches.expiryDate), asc(stockBatches.id));
}

export async function findProductStock(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      isActive: products.isActive,
      quantity: products.quantity,
      reorderLevel: products.reorderLevel,
      // Spelt out: drizzle writes a one-table select's columns unqualified, and a bare "id"
      // inside the subquery would be the batch's.
      onHand: sql<number>`coalesce((select sum(b.on_hand) from ${stockBatches} b where b.product_id = ${sql.raw('"products"."id"')}), 0)::integer`,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

export async function insertBatch(
  db: DbOrTx,
  values: {
    productId: number;
    batchNumber: string;
    expiryDate: string;
    units: number;
    purchasePriceMinor: number | null;
    supplier: string | null;
    invoiceReference: string | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(stockBatches)
    .values({
      productId: values.productId,
      batchNumber: values.batchNumber,
      expiryDate: values.expiryDate,
      onHand: values.units,
      receivedUnits: values.units,
      purchasePriceMinor: values.purchasePriceMinor,
      supplier: values.supplier,
      invoiceReference: values.invoiceReference,
    })
    .returning({ id: stockBatches.id });
  if (!row) throw new Error('batch insert returned no row');
  return row.id;
}

/** Another delivery of a batch already on the shelf. */
export async function addReceipt(
  db: DbOrTx,
  batchId: number,
  units: number,
  details: {
    purchasePriceMinor: number | null;
    supplier: string | null;
    invoiceReference: string | null;
  },
) {
  await db
    .update(stockBatches)
    .set({
      onHand: sql`${stockBatches.onHand} + ${units}`,
      receivedUnits: sql`${stockBatches.receivedUnits} + ${units}`,
      purchasePriceMinor: sql`coalesce(${details.purchasePriceMinor}::integer, ${stockBatches.purchasePriceMinor})`,
      supplier: sql`coalesce(${details.supplier}::varchar, ${stockBatches.supplier})`,
      invoiceReference: sql`coalesce(${details.invoiceReference}::varchar, ${stockBatches.invoiceReference})`,
    })
    .where(eq(stockBatches.id, batchId));
}

export async function changeOnHand(db: DbOrTx, batchId: number, units: number) {
  await db
    .update(stockBatches)
    .set({ onHand: sql`${stockBatches.onHand} + ${units}` })
    .where(eq(stockBatches.id, batchId));
}

export async function markRecalled(db: DbOrTx, batchId: number, reason: string) {
  await db
    .update(stockBatches)
    .set({ recalledAt: sql`now()`, recallReason: reason, onHand: 0 })
    .where(eq(stockBatches.id, batchId));
}

export interface MovementValues {
  productId: number;
  batchId: number;
  kind: StockMovementKind;
  units: number;
  reason?: AdjustmentReason | null;
  note?: string | null;
  orderId?: number | null;
  userId: number | null;
  requestKey?: string | null;
}

export async function insertMovements(db: DbOrTx, rows: MovementValues[]) {
  if (rows.length === 0) return;
  await db.insert(stockMovements).values(rows);
}

/** The batch allocations of an order's lines not yet returned, with each batch's product. */
export function openAllocations(db: DbOrTx, orderId: number) {
  return db
    .select({
      orderLineId: orderLineBatches.orderLineId,
      batchId: orderLineBatches.batchId,
      units: orderLineBatches.units,
      productId: stockBatches.productId,
    })
    .from(orderLineBatches)
    .innerJoin(orderLines, eq(orderLines.id, orderLineBatches.orderLineId))
    .innerJoin(stockBatches, eq(stockBatches.id, orderLineBatches.batchId))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLineBatches.returned, false)))
    .orderBy(asc(stockBatches.productId), asc(orderLineBatches.batchId));
}

export async function markAllocationsReturned(db: DbOrTx, orderId: number) {
  await db
    .update(orderLineBatches)
    .set({ returned: true })
    .where(
      and(
        eq(orderLineBatches.returned, false),
        inArray(
          orderLineBatches.orderLineId,
          db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)),
        ),
      ),
    );
}

/** Takes a cancelled order's units off the products' sales counts. */
export async function releaseUnitsSold(db: DbOrTx, orderId: number) {
  await db.execute(sql`update ${products} set units_sold = greatest(${products.unitsSold} - l.units, 0)
    from (select ${orderLines.productId} as product_id, sum(${orderLines.quantity})::integer as units
          from ${orderLines} where ${orderLines.orderId} = ${orderId} and ${orderLines.productId} is not null
          group by ${orderLines.productId}) l
    where ${products.id} = l.product_id`);
}

export async function readHorizon(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ sellableFrom: stockHorizon.sellableFrom }).from(stockHorizon);
  return row?.sellableFrom ?? null;
}

/**
 * Moves the sellable cut-off to `sellableFrom` and recomputes the quantity of every product with a
 * batch whose expiry lies between the old cut-off and the new one (all products the first time).
 * Runs under a transaction-scoped advisory lock: instances starting together do it once.
 * Returns whether anything was moved.
 */
export async function advanceHorizon(tx: DbOrTx, sellableFrom: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(72010015)`);
  const previous = await readHorizon(tx);
  if (previous === sellableFrom) return false;
  const affected =
    previous === null
      ? sql`true`
      : sql`${products.id} in (select ${stockBatches.productId} from ${stockBatches}
          where ${stockBatches.expiryDate} >= least(${previous}::date, ${sellableFrom}::date)
            and ${stockBatches.expiryDate} < greatest(${previous}::date, ${sellableFrom}::date))`;
  // Locked in id order first, like every other stock writer, so an order placed meanwhile cannot
  // deadlock with this statement.
  const locked = await tx.execute(
    sql`select ${products.id} from ${products} where ${affected} order by ${products.id} for no key update`,
  );
  if (rowsOf(locked).length > 0) {
    await tx.execute(sql`update ${products} set quantity = s.units
      from (select ${products.id} as id, ${sellableSum(sql`${products.id}`, sellableFrom)} as units
            from ${products} where ${affected}) s
      where ${products.id} = s.id and ${products.quantity} <> s.units`);
  }
  await tx
    .insert(stockHorizon)
    .values({ id: true, sellableFrom })
    .onConflictDoUpdate({ target: stockHorizon.id, set: { sellableFrom, updatedAt: sql`now()` } });
  return true;
}

export async function setReorderLevel(db: DbOrTx, productId: number, reorderLevel: number) {
  await db.update(products).set({ reorderLevel }).where(eq(products.id, productId));
}

/** The batch a request with this Idempotency-Key already wrote a movement for, if any. */
export async function findRequest(db: DbOrTx, userId: number, requestKey: string) {
  const [row] = await db
    .select({ batchId: stockMovements.batchId, productId: stockMovements.productId })
    .from(stockMovements)
    .where(and(eq(stockMovements.userId, userId), eq(stockMovements.requestKey, requestKey)))
    .limit(1);
  return row;
}
