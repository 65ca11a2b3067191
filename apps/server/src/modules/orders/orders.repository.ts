import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import {
  orderCancellations,
  orderLineBatches,
  orderLines,
  orderStatusHistory,
  orders,
  payments,
  productImages,
  stockBatches,
  users,
  type ShippingAddressSnapshot,
} from '../../db/schema/index';

const itemCount = sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`;
const firstItemImage = sql<
  string | null
>`(select ${productImages.url} from ${orderLines} join ${productImages} on ${productImages.productId} = ${orderLines.productId} where ${orderLines.orderId} = ${orders.id} order by ${orderLines.id}, ${productImages.position}, ${productImages.id} limit 1)`;
const hasPrescriptionItems = sql<boolean>`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.prescription})`;

const orderColumns = {
  id: orders.id,
  statusId: orders.statusId,
  addressId: orders.addressId,
  userId: orders.userId,
  totalOrderValueMinor: orders.totalOrderValueMinor,
  createdAt: orders.createdAt,
  expectedDeliveryDate: orders.expectedDeliveryDate,
  deliveredAt: orders.deliveredAt,
  shippingAddress: orders.shippingAddress,
  paymentNote: orders.paymentNote,
  couponCode: orders.couponCode,
  couponDiscountMinor: orders.couponDiscountMinor,
  pointsRedeemed: orders.pointsRedeemed,
  pointsDiscountMinor: orders.pointsDiscountMinor,
  patientId: orders.patientId,
  orderedByName: users.name,
  orderedByEmail: users.email,
  orderedByProgressMails: users.orderProgressMails,
  itemCount,
  firstItemImage,
  hasPrescriptionItems,
};

export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

function selectOrders(db: DbOrTx) {
  return db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.userId));
}

export async function findByIdempotencyKey(db: DbOrTx, userId: number, key: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function insertHistory(
  db: DbOrTx,
  entry: {
    orderId: number;
    fromStatusId: number | null;
    toStatusId: number;
    changedByUserId: number | null;
    note: string | null;
  },
) {
  await db.insert(orderStatusHistory).values(entry);
}

export interface OrderListFilter {
  userId?: number | undefined;
  statusId?: number | undefined;
  /** Placed at or after this instant. */
  placedFrom?: Date | undefined;
  /** Placed before this instant. */
  placedBefore?: Date | undefined;
  /** Only orders in one of these statuses. */
  statusIds?: readonly number[] | undefined;
  /** Expected delivery date before this day (yyyy-MM-dd). */
  expectedBefore?: string | undefined;
  /** Expected delivery date on or after this day (yyyy-MM-dd). */
  expectedFrom?: string | undefined;
}

export async function listOrders(
  db: DbOrTx,
  filter: OrderListFilter,
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.statusId) conditions.push(eq(orders.statusId, filter.statusId));
  if (filter.statusIds) conditions.push(inArray(orders.statusId, [...filter.statusIds]));
  if (filter.placedFrom) conditions.push(gte(orders.createdAt, filter.placedFrom));
  if (filter.placedBefore) conditions.push(lt(orders.createdAt, filter.placedBefore));
  if (filter.expectedBefore)
    conditions.push(lt(orders.expectedDeliveryDate, filter.expectedBefore));
  if (filter.expectedFrom) conditions.push(gte(orders.expectedDeliveryDate, filter.expectedFrom));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

export async function findOrder(
  db: DbOrTx,
  orderId: number,
  options: { forUpdate?: boolean } = {},
) {
  if (options.forUpdate) {
    // Lock the order row itself first, so concurrent status changes are applied one at a time.
    await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  }
  const [row] = await selectOrders(db).where(eq(orders.id, orderId)).limit(1);
  return row;
}

const orderById = preparedOnce((db) =>
  selectOrders(db)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1)
    .prepare('order_by_id'),
);

/** `findOrder` without a lock, outside a transaction, as one prepared statement. */
export async function findOrderPrepared(db: Database, orderId: number) {
  const [row] = await orderById(db).execute({ orderId });
  return row;
}

export function listLines(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      productName: orderLines.productName,
      unitPriceMinor: orderLines.unitPriceMinor,
      maximumRetailPriceMinor: orderLines.maximumRetailPriceMinor,
      quantity: orderLines.quantity,
      prescription: orderLines.prescription,
      discountMinor: orderLines.discountMinor,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

/** Which batches each line's units came from, first to expire first. */
export function listLineBatches(db: DbOrTx, orderId: number) {
  return db
    .select({
      orderLineId: orderLineBatches.orderLineId,
      batchId: orderLineBatches.batchId,
      batchNumber: stockBatches.batchNumber,
      expiryDate: stockBatches.expiryDate,
      units: orderLineBatches.units,
      returned: orderLineBatches.returned,
    })
    .from(orderLineBatches)
    .innerJoin(orderLines, eq(orderLines.id, orderLineBatches.orderLineId))
    .innerJoin(stockBatches, eq(stockBatches.id, orderLineBatches.batchId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(stockBatches.expiryDate), asc(stockBatches.id));
}

export function listHistory(db: DbOrTx, orderId: number) {
  return db
    .select({
      fromStatusId: orderStatusHistory.fromStatusId,
      toStatusId: orderStatusHistory.toStatusId,
      changedBy: users.name,
      note: orderStatusHistory.note,
      createdAt: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.changedByUserId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

export async function updateOrder(
  db: DbOrTx,
  orderId: number,
  changes: Partial<{
    statusId: number;
    addressId: number;
    shippingAddress: ShippingAddressSnapshot;
    expectedDeliveryDate: string | null;
    deliveredAt: Date;
    paymentNote: string;
    /** Issue 31: the patient the prescription is for (set with an upload or a saved prescription). */
    patientId: number | null;
  }>,
) {
  await db.update(orders).set(changes).where(eq(orders.id, orderId));
}

export async function insertPayment(
  db: DbOrTx,
  payment: {
    orderId: number;
    method: 'card' | 'cash_on_delivery';
    provider: 'razorpay' | 'stripe' | 'test' | 'none';
    amountMinor: number;
    status: 'requires_payment' | 'succeeded' | 'failed' | 'pending';
    note: string | null;
    intentId?: string | null;
    providerPaymentId?: string | null;
    channel?: string | null;
  },
) {
  const [row] = await db.insert(payments).values(payment).returning({ id: payments.id });
  return row?.id ?? 0;
}

/** Razorpay's payment that paid the order's Razorpay order, and how (UPI, card…). */
export async function markOnlinePaymentSucceeded(
  db: DbOrTx,
  paymentId: number,
  details: { providerPaymentId: string; channel: string | null },
) {
  await db
    .update(payments)
    .set({
      status: 'succeeded',
      providerPaymentId: details.providerPaymentId,
      channel: details.channel,
      failureReason: null,
    })
    .where(eq(payments.id, paymentId));
}

/** A failed attempt leaves the payment open (the customer may try again) with the reason. */
export async function recordPaymentFailure(db: DbOrTx, intentId: string, reason: string) {
  await db
    .update(payments)
    .set({ failureReason: reason.slice(0, 300) })
    .where(and(eq(payments.intentId, intentId), eq(payments.status, 'requires_payment')));
}

/** Settled as failed: nobody can pay it any more (the order moved on, or it expired). */
export async function closeOpenPayment(db: DbOrTx, paymentId: number, note: string) {
  await db
    .update(payments)
    .set({ status: 'failed', note: note.slice(0, 200) })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'requires_payment')));
}

/** Open payments of a provider made between the two times, oldest first (reconciliation). */
export function openPaymentsBetween(
  db: DbOrTx,
  provider: 'razorpay' | 'stripe' | 'test',
  from: Date,
  to: Date,
  limit: number,
) {
  return db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      intentId: payments.intentId,
      amountMinor: payments.amountMinor,
      createdAt: payments.createdAt,
      orderStatusId: orders.statusId,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, 'requires_payment'),
        eq(payments.provider, provider),
        gte(payments.createdAt, from),
        lt(payments.createdAt, to),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

export function listPayments(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: payments.id,
      provider: payments.provider,
      method: payments.method,
      channel: payments.channel,
      intentId: payments.intentId,
      providerPaymentId: payments.providerPaymentId,
      status: payments.status,
      amountMinor: payments.amountMinor,
      failureReason: payments.failureReason,
      note: payments.note,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
}

/** The open Razorpay order of a shop order for its current total (one at most: a unique index). */
const openRazorpayIntent = sql<string | null>`(select ${payments.intentId} from ${payments}
  where ${payments.orderId} = ${orders.id} and ${payments.provider} = 'razorpay'
    and ${payments.status} = 'requires_payment'
    and ${payments.amountMinor} = ${orders.totalOrderValueMinor}
  order by ${payments.id} desc limit 1)`;

/**
 * create-intent's one read (issue 28): the order's owner, status and total, who pays (Checkout's
 * prefill: the confirmed delivery address, else the account) and the open Razorpay order for
 * that total, if any.
 */
const razorpayPaymentStep = preparedOnce((db) =>
  db
    .select({
      userId: orders.userId,
      statusId: orders.statusId,
      totalOrderValueMinor: orders.totalOrderValueMinor,
      shippingAddress: orders.shippingAddress,
      name: users.name,
      email: users.email,
      phone: users.phoneNumber,
      openIntentId: openRazorpayIntent,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1)
    .prepare('razorpay_payment_step'),
);

export async function findRazorpayPaymentStep(db: Database, orderId: number) {
  const [row] = await razorpayPaymentStep(db).execute({ orderId });
  return row;
}

/**
 * Records a new Razorpay order as the order's open payment in one autocommit statement, only
 * while the order is still the owner's, in `statusId` (Payment) and for `amountMinor`, and no
 * open Razorpay order for that amount exists (`payments_open_razorpay_key`: a concurrent insert
 * waits for the first and then does nothing). The order's row is locked for the statement, so a
 * cancellation or a new total either comes first (nothing inserted) or sees this payment.
 * False when nothing was inserted.
 */
export async function insertOpenRazorpayPayment(
  db: DbOrTx,
  payment: {
    orderId: number;
    userId: number;
    statusId: number;
    amountMinor: number;
    intentId: string;
  },
): Promise<boolean> {
  const { orderId, userId, statusId, amountMinor, intentId } = payment;
  const result = await db.execute(sql`insert into ${payments}
      (order_id, method, provider, amount_minor, status, intent_id)
    select ${orders.id}, 'card', 'razorpay', ${amountMinor}, 'requires_payment', ${intentId}
      from ${orders}
      where ${orders.id} = ${orderId} and ${orders.userId} = ${userId}
        and ${orders.statusId} = ${statusId} and ${orders.totalOrderValueMinor} = ${amountMinor}
      for update
    on conflict (order_id, amount_minor) where provider = 'razorpay' and status = 'requires_payment'
      do nothing
    returning id`);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows.length > 0;
}

const providerPaymentColumns = {
  id: payments.id,
  orderId: payments.orderId,
  ownerId: orders.userId,
  status: payments.status,
  amountMinor: payments.amountMinor,
  intentId: payments.intentId,
  providerPaymentId: payments.providerPaymentId,
};

function selectProviderPayment(
  db: DbOrTx,
  providerOrderId: string | Placeholder,
  paymentId: string | Placeholder,
) {
  return db
    .select(providerPaymentColumns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(or(eq(payments.intentId, providerOrderId), eq(payments.providerPaymentId, paymentId)))
    .orderBy(payments.id)
    .limit(8);
}

const providerPaymentRows = preparedOnce((db) =>
  selectProviderPayment(
    db,
    sql.placeholder('providerOrderId'),
    sql.placeholder('providerPaymentId'),
  ).prepare('provider_payment'),
);

type ProviderPaymentRow = Awaited<ReturnType<typeof selectProviderPayment>>[number];

function byRole(rows: ProviderPaymentRow[], providerOrderId: string, providerPaymentId: string) {
  return {
    forOrder: rows.find((row) => row.intentId === providerOrderId),
    recorded: rows.find((row) => row.providerPaymentId === providerPaymentId),
  };
}

/**
 * What the shop holds of one Razorpay payment, in one read: its Razorpay order's payment row
 * (`forOrder`, with the shop order's owner) and the row that recorded this payment id
 * (`recorded`), whichever exist. The second and third report of a payment stop here.
 */
export async function findProviderPayment(
  db: Database,
  providerOrderId: string,
  providerPaymentId: string,
) {
  const rows = await providerPaymentRows(db).execute({ providerOrderId, providerPaymentId });
  return byRole(rows, providerOrderId, providerPaymentId);
}

/** `findProviderPayment` inside a transaction (under the order's lock). */
export async function findProviderPaymentIn(
  tx: DbOrTx,
  providerOrderId: string,
  providerPaymentId: string,
) {
  const rows = await selectProviderPayment(tx, providerOrderId, providerPaymentId);
  return byRole(rows, providerOrderId, providerPaymentId);
}

export async function findPaymentByIntent(db: DbOrTx, intentId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      status: payments.status,
      amountMinor: payments.amountMinor,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(payments)
    .where(eq(payments.intentId, intentId))
    .limit(1);
  return row;
}

/**
 * The newest card payment still waiting, for this amount when one is given: after a coupon or
 * points change the total (issue 19), an intent made for another amount is not reused, and one
 * made earlier for the amount now due is (its idempotency key would answer it anyway).
 */
export async function findOpenCardPayment(
  db: DbOrTx,
  orderId: number,
  amountMinor?: number,
  provider?: 'razorpay' | 'stripe' | 'test',
) {
  const [row] = await db
    .select({
      id: payments.id,
      intentId: payments.intentId,
      amountMinor: payments.amountMinor,
      provider: payments.provider,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.method, 'card'),
        eq(payments.status, 'requires_payment'),
        amountMinor === undefined ? undefined : eq(payments.amountMinor, amountMinor),
        provider === undefined ? undefined : eq(payments.provider, provider),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function markPaymentSucceeded(
  db: DbOrTx,
  paymentId: number,
  paymentMethodId: string | null,
) {
  await db
    .update(payments)
    .set({ status: 'succeeded', paymentMethodId })
    .where(eq(payments.id, paymentId));
}

/** Paid means a card payment that succeeded, or cash on delivery chosen. */
export async function hasPayment(db: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['succeeded', 'pending'])))
    .limit(1);
  return rows.length > 0;
}

/**
 * The order's card intents still open for an amount other than `amountMinor` (its total changed
 * after they were made: a coupon or points applied), and how many intents for `amountMinor`
 * were superseded before (a new intent for that amount needs a new idempotency key).
 */
export async function supersededCardPayments(db: DbOrTx, orderId: number, amountMinor: number) {
  const rows = await db
    .select({
      id: payments.id,
      intentId: payments.intentId,
      amountMinor: payments.amountMinor,
      status: payments.status,
      provider: payments.provider,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'card')));
  return {
    open: rows.filter(
      (row) => row.status === 'requires_payment' && row.amountMinor !== amountMinor && row.intentId,
    ),
    supersededAtAmount: rows.filter(
      (row) => row.status === 'failed' && row.amountMinor === amountMinor,
    ).length,
  };
}

export const SUPERSEDED_PAYMENT_NOTE = 'Cancelled: the order total changed';

export async function markPaymentSuperseded(db: DbOrTx, paymentId: number) {
  await db
    .update(payments)
    .set({ status: 'failed', note: SUPERSEDED_PAYMENT_NOTE })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'requires_payment')));
}

/** Who cancelled and why (one row per cancelled order). */
export async function insertCancellation(
  tx: DbOrTx,
  row: {
    orderId: number;
    cancelledByUserId: number | null;
    cancelledBy: 'customer' | 'admin';
    reasonCode: string;
    reasonText: string | null;
  },
) {
  await tx.insert(orderCancellations).values(row);
}

export async function findCancellation(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({
      cancelledBy: orderCancellations.cancelledBy,
      byName: users.name,
      reasonCode: orderCancellations.reasonCode,
      reasonText: orderCancellations.reasonText,
      createdAt: orderCancellations.createdAt,
    })
    .from(orderCancellations)
    .leftJoin(users, eq(users.id, orderCancellations.cancelledByUserId))
    .where(eq(orderCancellations.orderId, orderId))
    .limit(1);
  return row;
}

/** The delivery address and its snapshot, as the checkout's address step writes them. */
export async function setDeliveryAddress(
  tx: DbOrTx,
  orderId: number,
  addressId: number,
  shippingAddress: ShippingAddressSnapshot,
) {
  await tx.update(orders).set({ addressId, shippingAddress }).where(eq(orders.id, orderId));
}
