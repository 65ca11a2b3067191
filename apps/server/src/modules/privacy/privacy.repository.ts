import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  addresses,
  couponRedemptions,
  coupons,
  loyaltyLedger,
  orderCancellations,
  orderLines,
  orderStatusHistory,
  orders,
  patients,
  payments,
  prescriptionFiles,
  prescriptionRecordLines,
  prescriptionRecords,
  prescriptions,
  products,
  refillReminders,
  refunds,
  returnRequestEvents,
  returnRequestLines,
  returnRequests,
  stockNotifications,
  users,
} from '../../db/schema/index';

/**
 * Issue 32 point 5, the data download: every row that is about one customer, read-only. This
 * repository and erasure.repository.ts are the one place that lists the tables holding a
 * customer's personal data (decision 0029): a new such table is added here and there, and the
 * test of the download's completeness names each section.
 */
export async function profileOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      signsInWith: users.providerName,
      roleId: users.roleId,
      orderProgressMails: users.orderProgressMails,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      hasPassword: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { hasPassword, ...profile } = row;
  return { ...profile, hasPassword: hasPassword !== null };
}

/** Only for confirming a deletion: the hash and how the account signs in. */
export async function credentialsOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      passwordHash: users.passwordHash,
      providerName: users.providerName,
      roleId: users.roleId,
      erasedAt: users.erasedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export const addressesOf = (db: DbOrTx, userId: number) =>
  db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));

export const patientsOf = (db: DbOrTx, userId: number) =>
  db.select().from(patients).where(eq(patients.userId, userId)).orderBy(asc(patients.id));

/** Orders with their lines, status history, cancellation, payments and refunds. */
export async function ordersOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [lines, history, cancellations, paid, refunded] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.id),
    db
      .select({
        orderId: orderStatusHistory.orderId,
        fromStatusId: orderStatusHistory.fromStatusId,
        toStatusId: orderStatusHistory.toStatusId,
        note: orderStatusHistory.note,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(orderStatusHistory.id),
    db
      .select({
        orderId: orderCancellations.orderId,
        cancelledBy: orderCancellations.cancelledBy,
        reasonCode: orderCancellations.reasonCode,
        reasonText: orderCancellations.reasonText,
        createdAt: orderCancellations.createdAt,
      })
      .from(orderCancellations)
      .where(inArray(orderCancellations.orderId, ids)),
    db
      .select({
        id: payments.id,
        orderId: payments.orderId,
        method: payments.method,
        provider: payments.provider,
        amountMinor: payments.amountMinor,
        currency: payments.currency,
        status: payments.status,
        channel: payments.channel,
        failureReason: payments.failureReason,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(payments.id),
    db
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        reason: refunds.reason,
        method: refunds.method,
        amountMinor: refunds.amountMinor,
        status: refunds.status,
        payoutReference: refunds.payoutReference,
        createdAt: refunds.createdAt,
        completedAt: refunds.completedAt,
      })
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .orderBy(refunds.id),
  ]);
  return rows.map(({ idempotencyKey: _key, ...order }) => ({
    ...order,
    lines: lines.filter((line) => line.orderId === order.id),
    statusHistory: history.filter((entry) => entry.orderId === order.id),
    cancellation: cancellations.find((entry) => entry.orderId === order.id) ?? null,
    payments: paid.filter((payment) => payment.orderId === order.id),
    refunds: refunded.filter((refund) => refund.orderId === order.id),
  }));
}

/** Uploaded prescriptions with their files' metadata (the bytes are read through the storage). */
export async function prescriptionsOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      id: prescriptions.id,
      orderId: prescriptions.orderId,
      comment: prescriptions.comment,
      reviewStatus: prescriptions.reviewStatus,
      reviewReason: prescriptions.reviewReason,
      reviewedAt: prescriptions.reviewedAt,
      reviewerName: prescriptions.reviewerName,
      prescriberName: prescriptions.prescriberName,
      patientName: prescriptions.patientName,
      savedPrescriptionId: prescriptions.recordId,
      retainUntil: prescriptions.retainUntil,
      createdAt: prescriptions.createdAt,
    })
    .from(prescriptions)
    .where(eq(prescriptions.userId, userId))
    .orderBy(prescriptions.id);
  const ids = rows.map((row) => row.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(prescriptionFiles)
          .where(inArray(prescriptionFiles.prescriptionId, ids))
          .orderBy(prescriptionFiles.id);
  return rows.map((row) => ({
    ...row,
    files: files
      .filter((file) => file.prescriptionId === row.id)
      .map((file) => ({
        id: file.id,
        name: file.originalName,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        createdAt: file.createdAt,
        storageKey: file.storageKey,
      })),
  }));
}

/** The pharmacist's transcriptions (saved prescriptions) with their lines and validity. */
export async function prescriptionRecordsOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(prescriptionRecords)
    .where(eq(prescriptionRecords.userId, userId))
    .orderBy(prescriptionRecords.id);
  const ids = rows.map((row) => row.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(prescriptionRecordLines)
          .where(inArray(prescriptionRecordLines.recordId, ids))
          .orderBy(prescriptionRecordLines.id);
  return rows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.recordId === row.id),
  }));
}

export const pointsOf = (db: DbOrTx, userId: number) =>
  db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId)).orderBy(loyaltyLedger.id);

export const couponsUsedOf = (db: DbOrTx, userId: number) =>
  db
    .select({
      code: coupons.code,
      orderId: couponRedemptions.orderId,
      discountMinor: couponRedemptions.discountMinor,
      releasedAt: couponRedemptions.releasedAt,
      createdAt: couponRedemptions.createdAt,
    })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(couponRedemptions.userId, userId))
    .orderBy(couponRedemptions.id);

export async function returnsOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.userId, userId))
    .orderBy(returnRequests.id);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [lines, events] = await Promise.all([
    db.select().from(returnRequestLines).where(inArray(returnRequestLines.returnRequestId, ids)),
    db
      .select({
        returnRequestId: returnRequestEvents.returnRequestId,
        fromStatus: returnRequestEvents.fromStatus,
        toStatus: returnRequestEvents.toStatus,
        note: returnRequestEvents.note,
        createdAt: returnRequestEvents.createdAt,
      })
      .from(returnRequestEvents)
      .where(inArray(returnRequestEvents.returnRequestId, ids))
      .orderBy(returnRequestEvents.id),
  ]);
  return rows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.returnRequestId === row.id),
    history: events.filter((event) => event.returnRequestId === row.id),
  }));
}

export const stockAlertsOf = (db: DbOrTx, userId: number) =>
  db
    .select({
      productId: stockNotifications.productId,
      productName: products.name,
      requestedAt: stockNotifications.createdAt,
      notifiedAt: stockNotifications.notifiedAt,
    })
    .from(stockNotifications)
    .innerJoin(products, eq(products.id, stockNotifications.productId))
    .where(eq(stockNotifications.userId, userId))
    .orderBy(stockNotifications.id);

export const refillRemindersOf = (db: DbOrTx, userId: number) =>
  db
    .select({
      id: refillReminders.id,
      productId: refillReminders.productId,
      productName: products.name,
      quantity: refillReminders.quantity,
      intervalDays: refillReminders.intervalDays,
      nextDueOn: refillReminders.nextDueOn,
      paused: refillReminders.paused,
      sourceOrderId: refillReminders.sourceOrderId,
      createdAt: refillReminders.createdAt,
    })
    .from(refillReminders)
    .innerJoin(products, eq(products.id, refillReminders.productId))
    .where(eq(refillReminders.userId, userId))
    .orderBy(refillReminders.id);

/** Orders neither delivered nor cancelled: the account cannot be deleted while one is open. */
export async function openOrderIds(db: DbOrTx, userId: number, closed: readonly number[]) {
  const rows = await db
    .select({ id: orders.id, statusId: orders.statusId })
    .from(orders)
    .where(eq(orders.userId, userId));
  return rows.filter((row) => !closed.includes(row.statusId)).map((row) => row.id);
}
