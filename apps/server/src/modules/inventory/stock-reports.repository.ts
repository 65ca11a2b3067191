import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  orderLineBatches,
  orderLines,
  orders,
  products,
  stockBatches,
  stockMovements,
  users,
} from '../../db/schema/index';

/** The reads of the stock screens: the ledger, recall lists, low stock and near expiry. */

export async function listMovements(db: DbOrTx, productId: number, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        createdAt: stockMovements.createdAt,
        kind: stockMovements.kind,
        units: stockMovements.units,
        batchId: stockMovements.batchId,
        batchNumber: stockBatches.batchNumber,
        reason: stockMovements.reason,
        note: stockMovements.note,
        orderId: stockMovements.orderId,
        byName: users.name,
      })
      .from(stockMovements)
      .innerJoin(stockBatches, eq(stockBatches.id, stockMovements.batchId))
      .leftJoin(users, eq(users.id, stockMovements.userId))
      .where(eq(stockMovements.productId, productId))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.productId, productId)),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

/** Orders that received units of a batch and kept them (cancelled ones gave them back). */
export function ordersWithBatch(db: DbOrTx, batchId: number) {
  return db
    .select({
      orderId: orders.id,
      customerName: users.name,
      customerEmail: users.email,
      customerPhone: users.phoneNumber,
      units: sql<number>`sum(${orderLineBatches.units})::integer`,
      statusId: orders.statusId,
      orderedAt: orders.createdAt,
    })
    .from(orderLineBatches)
    .innerJoin(orderLines, eq(orderLines.id, orderLineBatches.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderLineBatches.batchId, batchId), eq(orderLineBatches.returned, false)))
    .groupBy(orders.id, users.id)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

const LOW_STOCK = sql`${products.isActive} and ${products.quantity} < ${products.reorderLevel}`;

/*
 * Both lists take a page's ids first, read in the order of an index that matches the sort
 * (products_low_stock_*, stock_batches_expiry_open_idx and stock_batches_open_*: partial indexes
 * holding the sort key, the id and what the filter needs), so the rows a deep page skips are
 * counted off the index, never read or joined; then the page's rows are read by id and put in the
 * same order (ties broken by id, in the sort's direction).
 */

export async function listLowStock(
  db: DbOrTx,
  sort: { by: 'quantity' | 'name' | 'shortfall'; direction: 'asc' | 'desc' },
  page: number,
  pageSize: number,
) {
  const dir = sort.direction === 'asc' ? asc : desc;
  const shortfall = sql<number>`(${products.reorderLevel} - ${products.quantity})::integer`;
  const key =
    sort.by === 'name'
      ? sql`lower(${products.name})`
      : sort.by === 'shortfall'
        ? shortfall
        : products.quantity;
  const order = [dir(key), dir(products.id)];
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(LOW_STOCK)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        productId: products.id,
        name: products.name,
        quantity: products.quantity,
        reorderLevel: products.reorderLevel,
        shortfall,
      })
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...order),
    db.select({ n: count() }).from(products).where(LOW_STOCK),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

export async function listNearExpiry(
  db: DbOrTx,
  before: string,
  sort: { by: 'expiryDate' | 'name' | 'units'; direction: 'asc' | 'desc' },
  page: number,
  pageSize: number,
) {
  const dir = sort.direction === 'asc' ? asc : desc;
  // The predicate of the partial indexes on open batches, so they can be used.
  const where = and(
    sql`${stockBatches.onHand} > 0`,
    isNull(stockBatches.recalledAt),
    lt(stockBatches.expiryDate, before),
  );
  // product_sort_name is lower(products.name), kept by triggers: the name order, on the batch.
  const key =
    sort.by === 'name'
      ? stockBatches.productSortName
      : sort.by === 'units'
        ? stockBatches.onHand
        : stockBatches.expiryDate;
  const order = [dir(key), dir(stockBatches.id)];
  const pageIds = db
    .select({ id: stockBatches.id })
    .from(stockBatches)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        batchId: stockBatches.id,
        productId: stockBatches.productId,
        productName: products.name,
        batchNumber: stockBatches.batchNumber,
        expiryDate: stockBatches.expiryDate,
        onHand: stockBatches.onHand,
      })
      .from(stockBatches)
      .innerJoin(products, eq(products.id, stockBatches.productId))
      .where(inArray(stockBatches.id, pageIds))
      .orderBy(...order),
    db.select({ n: count() }).from(stockBatches).where(where),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}
