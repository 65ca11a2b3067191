import { and, asc, desc, eq, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, payments, refunds, users, type RefundRow } from '../../db/schema/index';

/**
 * The order's figures a refund needs; locked (the default) when a refund is about to be decided,
 * so that refunds of one order are decided one at a time.
 */
export async function lockOrder(tx: DbOrTx, orderId: number, lock = true) {
  const query = tx
    .select({
      id: orders.id,
      userId: orders.userId,
      statusId: orders.statusId,
      totalOrderValueMinor: orders.totalOrderValueMinor,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The order's payment that decides how money goes back: the succeeded card one, else COD. */
export async function settledPayments(tx: DbOrTx, orderId: number) {
  return tx
    .select({
      id: payments.id,
      method: payments.method,
      provider: payments.provider,
      status: payments.status,
      amountMinor: payments.amountMinor,
      intentId: payments.intentId,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), sql`${payments.status} IN ('succeeded', 'pending')`))
    .orderBy(desc(payments.id));
}

export async function refundedMinor(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amountMinor}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

export async function insertRefund(tx: DbOrTx, values: typeof refunds.$inferInsert) {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row as RefundRow;
}

export async function findRefund(tx: DbOrTx, refundId: number) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  return row;
}

export async function updateRefund(
  tx: DbOrTx,
  refundId: number,
  changes: Partial<Pick<RefundRow, 'status' | 'providerRefundId' | 'lastError' | 'completedAt'>>,
) {
  await tx.update(refunds).set(changes).where(eq(refunds.id, refundId));
}

export function listForOrder(tx: DbOrTx, orderId: number) {
  return tx
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function customerOf(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({ email: users.email, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** A provider's refund by its id, or by the shop's key ('refund-<id>') it was made with. */
export async function findRefundForProvider(
  tx: DbOrTx,
  providerRefundId: string,
  shopRefundId: number | null,
) {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(
      shopRefundId === null
        ? eq(refunds.providerRefundId, providerRefundId)
        : or(eq(refunds.providerRefundId, providerRefundId), eq(refunds.id, shopRefundId)),
    )
    .orderBy(asc(refunds.id))
    .limit(1)
    .for('update');
  return row;
}

/** Refunds the provider accepted but has not settled, older than `before` (reconciliation). */
export function pendingProviderRefunds(
  tx: DbOrTx,
  provider: 'razorpay' | 'stripe' | 'test',
  before: Date,
  limit: number,
) {
  return tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.provider, provider),
        isNotNull(refunds.providerRefundId),
        lt(refunds.createdAt, before),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

/** Payments that a refund of their own gives back in full ('duplicate'). */
export async function paymentsRefundedOnTheirOwn(tx: DbOrTx, orderId: number): Promise<number[]> {
  const rows = await tx
    .select({ paymentId: refunds.paymentId })
    .from(refunds)
    .where(
      and(eq(refunds.orderId, orderId), isNotNull(refunds.paymentId), ne(refunds.status, 'failed')),
    );
  return rows.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId]));
}
