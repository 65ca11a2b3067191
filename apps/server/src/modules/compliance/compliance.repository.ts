import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  drugSchedules,
  orderLineBatches,
  orderLines,
  prescriptions,
  products,
  scheduleRegister,
  stockBatches,
  users,
  type NewScheduleRegisterRow,
} from '../../db/schema/index';

/** Reads and writes of dispensing safety: schedules, approvals, the register (issue 16). */

export function listSchedules(db: DbOrTx) {
  return db
    .select({
      code: drugSchedules.code,
      name: drugSchedules.name,
      requiresPrescription: drugSchedules.requiresPrescription,
      onlineSale: drugSchedules.onlineSale,
      keepsRegister: drugSchedules.keepsRegister,
    })
    .from(drugSchedules)
    .orderBy(asc(drugSchedules.sortOrder), asc(drugSchedules.code));
}

export async function findPharmacist(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      roleId: users.roleId,
      registrationNumber: users.pharmacistRegistrationNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The approval of the order's prescription, if a pharmacist has given one. */
export async function findApproval(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      prescriptionId: prescriptions.id,
      reviewedAt: prescriptions.reviewedAt,
      reviewedByUserId: prescriptions.reviewedByUserId,
      pharmacistName: prescriptions.reviewerName,
      pharmacistRegistrationNumber: prescriptions.reviewerRegistrationNumber,
      prescriberName: prescriptions.prescriberName,
      prescriberRegistrationNumber: prescriptions.prescriberRegistrationNumber,
      patientName: prescriptions.patientName,
    })
    .from(prescriptions)
    .where(and(eq(prescriptions.orderId, orderId), eq(prescriptions.reviewStatus, 'approved')))
    .orderBy(desc(prescriptions.reviewedAt), desc(prescriptions.id))
    .limit(1);
  return row;
}

/**
 * The units of an order's lines whose schedule keeps a register, per batch they were taken from
 * (lines from before batches existed have none, and are written with a blank batch).
 */
export function registerLines(db: DbOrTx, orderId: number) {
  return db
    .select({
      orderLineId: orderLines.id,
      productId: orderLines.productId,
      productName: orderLines.productName,
      scheduleCode: products.scheduleCode,
      lineUnits: orderLines.quantity,
      batchId: orderLineBatches.batchId,
      batchUnits: orderLineBatches.units,
      batchNumber: stockBatches.batchNumber,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .innerJoin(drugSchedules, eq(drugSchedules.code, products.scheduleCode))
    .leftJoin(
      orderLineBatches,
      and(eq(orderLineBatches.orderLineId, orderLines.id), eq(orderLineBatches.returned, false)),
    )
    .leftJoin(stockBatches, eq(stockBatches.id, orderLineBatches.batchId))
    .where(and(eq(orderLines.orderId, orderId), eq(drugSchedules.keepsRegister, true)))
    .orderBy(asc(orderLines.id), asc(stockBatches.expiryDate), asc(stockBatches.id));
}

/** Written once per line and batch: a second dispatch of the same order adds nothing. */
export async function insertRegisterRows(db: DbOrTx, rows: NewScheduleRegisterRow[]) {
  if (rows.length === 0) return [];
  return db
    .insert(scheduleRegister)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: scheduleRegister.id, orderLineId: scheduleRegister.orderLineId });
}

const registerColumns = {
  id: scheduleRegister.id,
  scheduleCode: scheduleRegister.scheduleCode,
  dispatchedAt: scheduleRegister.dispatchedAt,
  orderId: scheduleRegister.orderId,
  patientName: scheduleRegister.patientName,
  prescriberName: scheduleRegister.prescriberName,
  prescriberRegistrationNumber: scheduleRegister.prescriberRegistrationNumber,
  productId: scheduleRegister.productId,
  productName: scheduleRegister.productName,
  batchNumber: scheduleRegister.batchNumber,
  units: scheduleRegister.units,
  pharmacistName: scheduleRegister.pharmacistName,
  pharmacistRegistrationNumber: scheduleRegister.pharmacistRegistrationNumber,
};

/** Register rows dispatched in [from, until), oldest first as a register is kept. */
export async function listRegister(
  db: DbOrTx,
  range: { from: Date; until: Date },
  page: { offset: number; limit: number },
) {
  const where = and(
    gte(scheduleRegister.dispatchedAt, range.from),
    lt(scheduleRegister.dispatchedAt, range.until),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(registerColumns)
      .from(scheduleRegister)
      .where(where)
      .orderBy(asc(scheduleRegister.dispatchedAt), asc(scheduleRegister.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(scheduleRegister).where(where),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

export type RegisterRow = Awaited<ReturnType<typeof listRegister>>['rows'][number];

/** For tests and the retention check: whether a register row may already be deleted. */
export async function registerRowRetainedUntil(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ retainUntil: scheduleRegister.retainUntil })
    .from(scheduleRegister)
    .where(eq(scheduleRegister.id, id));
  return row?.retainUntil ?? null;
}
