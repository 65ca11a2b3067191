import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ReturnStatus } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import {
  orderLines,
  orders,
  products,
  refunds,
  returnRequestEvents,
  returnRequestLines,
  returnRequestPhotos,
  returnRequests,
  users,
} from '../../db/schema/index';

/** The order's row, locked: requests of one order are made and worked one at a time. */
export async function lockOrder(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      statusId: orders.statusId,
      deliveredAt: orders.deliveredAt,
      totalOrderValueMinor: orders.totalOrderValueMinor,
      paymentNote: orders.paymentNote,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

export function findOrder(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      statusId: orders.statusId,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .then((rows) => rows[0]);
}

/** The order's lines with what the return form needs of their product. */
export function orderLinesOf(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      productName: orderLines.productName,
      unitPriceMinor: orderLines.unitPriceMinor,
      quantity: orderLines.quantity,
      discountMinor: orderLines.discountMinor,
      prescription: orderLines.prescription,
      returnable: products.returnable,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}
export type OrderLineForReturn = Awaited<ReturnType<typeof orderLinesOf>>[number];

/**
 * Units of each line of the order already in a request that is not rejected, and the units
 * already received back (what earlier returns took off the line's batches).
 */
export async function unitsInRequests(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({
      orderLineId: returnRequestLines.orderLineId,
      units: sql<number>`sum(${returnRequestLines.units})::integer`,
      received: sql<number>`coalesce(sum(${returnRequestLines.units}) filter (where ${returnRequestLines.resaleableUnits} is not null), 0)::integer`,
    })
    .from(returnRequestLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.returnRequestId))
    .where(and(eq(returnRequests.orderId, orderId), sql`${returnRequests.status} <> 'rejected'`))
    .groupBy(returnRequestLines.orderLineId);
  return new Map(
    rows.map((row) => [row.orderLineId, { units: row.units, received: row.received }] as const),
  );
}

export async function insertRequest(tx: DbOrTx, values: typeof returnRequests.$inferInsert) {
  const [row] = await tx.insert(returnRequests).values(values).returning();
  return row as typeof returnRequests.$inferSelect;
}

export async function insertLines(
  tx: DbOrTx,
  requestId: number,
  lines: Array<{ orderLineId: number; units: number }>,
) {
  await tx
    .insert(returnRequestLines)
    .values(lines.map((line) => ({ returnRequestId: requestId, ...line })));
}

export async function insertPhotos(
  tx: DbOrTx,
  requestId: number,
  photos: Array<{ storageKey: string; originalName: string; mimeType: string; sizeBytes: number }>,
) {
  if (photos.length === 0) return;
  await tx
    .insert(returnRequestPhotos)
    .values(photos.map((photo) => ({ returnRequestId: requestId, ...photo })));
}

export async function insertEvent(tx: DbOrTx, values: typeof returnRequestEvents.$inferInsert) {
  await tx.insert(returnRequestEvents).values(values);
}

/** The request's row, locked for a step. */
export async function lockRequest(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.id, id))
    .for('update');
  return row;
}

export async function updateRequest(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof returnRequests.$inferInsert>,
) {
  await tx.update(returnRequests).set(values).where(eq(returnRequests.id, id));
}

export async function setResaleable(
  tx: DbOrTx,
  requestId: number,
  orderLineId: number,
  resaleableUnits: number,
) {
  await tx
    .update(returnRequestLines)
    .set({ resaleableUnits })
    .where(
      and(
        eq(returnRequestLines.returnRequestId, requestId),
        eq(returnRequestLines.orderLineId, orderLineId),
      ),
    );
}

export function requestsOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
}

/** Lines, photos, events and refunds of the given requests. */
export async function detailsOf(db: DbOrTx, requestIds: number[]) {
  if (requestIds.length === 0) return { lines: [], photos: [], events: [], refunds: [] };
  const [lines, photos, events, refundRows] = await Promise.all([
    db
      .select({
        returnRequestId: returnRequestLines.returnRequestId,
        orderLineId: returnRequestLines.orderLineId,
        units: returnRequestLines.units,
        resaleableUnits: returnRequestLines.resaleableUnits,
        productName: orderLines.productName,
        unitPriceMinor: orderLines.unitPriceMinor,
        quantity: orderLines.quantity,
        discountMinor: orderLines.discountMinor,
        /** Units of the line in earlier live requests: this request's refund starts after them. */
        priorUnits: sql<number>`(select coalesce(sum(l2.units), 0)::integer
          from return_request_lines l2 join return_requests r2 on r2.id = l2.return_request_id
          where l2.order_line_id = ${returnRequestLines.orderLineId}
            and l2.return_request_id < ${returnRequestLines.returnRequestId}
            and r2.status <> 'rejected')`,
      })
      .from(returnRequestLines)
      .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
      .where(inArray(returnRequestLines.returnRequestId, requestIds))
      .orderBy(asc(returnRequestLines.id)),
    db
      .select({
        id: returnRequestPhotos.id,
        returnRequestId: returnRequestPhotos.returnRequestId,
        originalName: returnRequestPhotos.originalName,
      })
      .from(returnRequestPhotos)
      .where(inArray(returnRequestPhotos.returnRequestId, requestIds))
      .orderBy(asc(returnRequestPhotos.id)),
    db
      .select()
      .from(returnRequestEvents)
      .where(inArray(returnRequestEvents.returnRequestId, requestIds))
      .orderBy(asc(returnRequestEvents.createdAt), asc(returnRequestEvents.id)),
    db
      .select({
        returnRequestId: refunds.returnRequestId,
        amountMinor: refunds.amountMinor,
        status: refunds.status,
      })
      .from(refunds)
      .where(inArray(refunds.returnRequestId, requestIds)),
  ]);
  return { lines, photos, events, refunds: refundRows };
}

export async function findPhoto(db: DbOrTx, requestId: number, photoId: number) {
  const [row] = await db
    .select({
      storageKey: returnRequestPhotos.storageKey,
      originalName: returnRequestPhotos.originalName,
      mimeType: returnRequestPhotos.mimeType,
      orderId: returnRequests.orderId,
    })
    .from(returnRequestPhotos)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestPhotos.returnRequestId))
    .where(and(eq(returnRequestPhotos.id, photoId), eq(returnRequests.id, requestId)));
  return row;
}

/** The queue: requests of the given statuses, oldest first, with their order and customer. */
export async function queue(
  db: DbOrTx,
  statuses: readonly ReturnStatus[],
  page: number,
  pageSize: number,
) {
  const where = inArray(returnRequests.status, [...statuses]);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        request: returnRequests,
        customerName: users.name,
        customerEmail: users.email,
        orderTotalMinor: orders.totalOrderValueMinor,
        paymentNote: orders.paymentNote,
      })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .innerJoin(users, eq(users.id, returnRequests.userId))
      .where(where)
      .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(returnRequests).where(where),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

export async function findWithCustomer(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      request: returnRequests,
      customerName: users.name,
      customerEmail: users.email,
      orderTotalMinor: orders.totalOrderValueMinor,
      paymentNote: orders.paymentNote,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(users, eq(users.id, returnRequests.userId))
    .where(eq(returnRequests.id, id));
  return row;
}

export async function countsByStatus(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: returnRequests.status, n: count() })
    .from(returnRequests)
    .groupBy(returnRequests.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

export async function customerOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function countOpen(db: DbOrTx, statuses: readonly ReturnStatus[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(returnRequests)
    .where(inArray(returnRequests.status, [...statuses]));
  return row?.n ?? 0;
}
