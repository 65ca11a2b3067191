import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  drugSchedules,
  orderLines,
  prescriptionRecordLines,
  prescriptionRecordUses,
  prescriptionRecords,
  products,
  saltCompositions,
} from '../../db/schema/index';

/** Reads and writes of saved (transcribed) prescriptions and the units counted against them. */

/** The order's prescription lines with what coverage compares: the product's salt and strength. */
export function orderedPrescriptionLines(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      productName: orderLines.productName,
      saltCompositionId: products.saltCompositionId,
      strength: products.strength,
      units: orderLines.quantity,
      keepsRegister: sql<boolean>`coalesce(${drugSchedules.keepsRegister}, false)`,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(drugSchedules, eq(drugSchedules.code, products.scheduleCode))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.prescription, true)))
    .orderBy(asc(orderLines.id));
}

export function saltsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: saltCompositions.id, name: saltCompositions.name })
    .from(saltCompositions)
    .where(inArray(saltCompositions.id, ids));
}

export function productsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: products.id,
      name: products.name,
      strength: products.strength,
      saltCompositionId: products.saltCompositionId,
      prescription: products.prescription,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

/**
 * Whether any of these products, or any product of these salts, is of a register-keeping schedule
 * (Schedule H1): its prescription is valid for the shorter time.
 */
export async function prescribesRegisterMedicine(
  db: DbOrTx,
  productIds: number[],
  saltIds: number[],
): Promise<boolean> {
  const conditions = [
    productIds.length ? inArray(products.id, productIds) : undefined,
    saltIds.length ? inArray(products.saltCompositionId, saltIds) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(drugSchedules, eq(drugSchedules.code, products.scheduleCode))
    .where(and(eq(drugSchedules.keepsRegister, true), or(...conditions)))
    .limit(1);
  return Boolean(row);
}

export async function insertRecord(db: DbOrTx, values: typeof prescriptionRecords.$inferInsert) {
  const [row] = await db
    .insert(prescriptionRecords)
    .values(values)
    .returning({ id: prescriptionRecords.id });
  if (!row) throw new Error('prescription record insert returned no row');
  return row.id;
}

export async function insertRecordLines(
  db: DbOrTx,
  lines: Array<typeof prescriptionRecordLines.$inferInsert>,
) {
  return db
    .insert(prescriptionRecordLines)
    .values(lines)
    .returning({ id: prescriptionRecordLines.id });
}

const recordColumns = {
  id: prescriptionRecords.id,
  userId: prescriptionRecords.userId,
  patientId: prescriptionRecords.patientId,
  patientName: prescriptionRecords.patientName,
  orderId: prescriptionRecords.orderId,
  prescriberName: prescriptionRecords.prescriberName,
  prescriberQualification: prescriptionRecords.prescriberQualification,
  prescriberRegistrationNumber: prescriptionRecords.prescriberRegistrationNumber,
  prescriberCouncil: prescriptionRecords.prescriberCouncil,
  issuedOn: prescriptionRecords.issuedOn,
  validUntil: prescriptionRecords.validUntil,
  scheduleH1: prescriptionRecords.scheduleH1,
  approvedByName: prescriptionRecords.approvedByName,
  approvedByRegistrationNumber: prescriptionRecords.approvedByRegistrationNumber,
  createdAt: prescriptionRecords.createdAt,
};

const lineColumns = {
  id: prescriptionRecordLines.id,
  recordId: prescriptionRecordLines.recordId,
  saltCompositionId: prescriptionRecordLines.saltCompositionId,
  productId: prescriptionRecordLines.productId,
  medicineName: prescriptionRecordLines.medicineName,
  strength: prescriptionRecordLines.strength,
  dose: prescriptionRecordLines.dose,
  frequency: prescriptionRecordLines.frequency,
  durationDays: prescriptionRecordLines.durationDays,
  quantityAllowed: prescriptionRecordLines.quantityAllowed,
  unitsDispensed: prescriptionRecordLines.unitsDispensed,
};

export type RecordRow = Awaited<ReturnType<typeof findRecord>>;
export type RecordLineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** A saved prescription; with userId, only that member's (another's is not found). */
export async function findRecord(db: DbOrTx, recordId: number, userId?: number) {
  const [row] = await db
    .select(recordColumns)
    .from(prescriptionRecords)
    .where(
      and(
        eq(prescriptionRecords.id, recordId),
        userId === undefined ? undefined : eq(prescriptionRecords.userId, userId),
      ),
    );
  return row;
}

/**
 * The records' lines; locked when asked, in id order so two transactions lock them in the same
 * order: the lock is what keeps two orders from both taking the last units.
 */
export function linesOf(db: DbOrTx, recordIds: number[], forUpdate = false) {
  if (recordIds.length === 0) return Promise.resolve([]);
  const query = db
    .select(lineColumns)
    .from(prescriptionRecordLines)
    .where(inArray(prescriptionRecordLines.recordId, recordIds))
    .orderBy(asc(prescriptionRecordLines.id));
  return forUpdate ? query.for('update') : query;
}

/** The member's saved prescriptions, newest issue first; with `validOn`, only those not expired. */
export function recordsOfUser(db: DbOrTx, userId: number, validOn?: string) {
  return db
    .select(recordColumns)
    .from(prescriptionRecords)
    .where(
      and(
        eq(prescriptionRecords.userId, userId),
        validOn === undefined ? undefined : gte(prescriptionRecords.validUntil, validOn),
      ),
    )
    .orderBy(desc(prescriptionRecords.issuedOn), desc(prescriptionRecords.id))
    .limit(200);
}

export async function insertUses(
  db: DbOrTx,
  orderId: number,
  uses: Array<{ recordLineId: number; orderLineId: number; units: number }>,
) {
  if (uses.length === 0) return;
  await db.insert(prescriptionRecordUses).values(uses.map((use) => ({ ...use, orderId })));
  for (const use of uses) await addDispensed(db, use.recordLineId, use.units);
}

/** Moves the line's count; the table's check refuses going below 0 or past the quantity. */
async function addDispensed(db: DbOrTx, recordLineId: number, units: number) {
  await db
    .update(prescriptionRecordLines)
    .set({ unitsDispensed: sql`${prescriptionRecordLines.unitsDispensed} + ${units}` })
    .where(eq(prescriptionRecordLines.id, recordLineId));
}

/** The order's uses still counted, their lines locked (in id order). */
export async function activeUsesOfOrder(db: DbOrTx, orderId: number) {
  const uses = await db
    .select({
      id: prescriptionRecordUses.id,
      recordLineId: prescriptionRecordUses.recordLineId,
      units: prescriptionRecordUses.units,
      recordId: prescriptionRecordLines.recordId,
    })
    .from(prescriptionRecordUses)
    .innerJoin(
      prescriptionRecordLines,
      eq(prescriptionRecordLines.id, prescriptionRecordUses.recordLineId),
    )
    .where(
      and(eq(prescriptionRecordUses.orderId, orderId), isNull(prescriptionRecordUses.releasedAt)),
    )
    .orderBy(asc(prescriptionRecordUses.recordLineId), asc(prescriptionRecordUses.id));
  return uses;
}

/** Gives the uses' units back to their lines (locked first, in id order) and marks them released. */
export async function releaseUses(
  db: DbOrTx,
  uses: Array<{ id: number; recordLineId: number; units: number }>,
  at: Date,
) {
  if (uses.length === 0) return;
  const lineIds = [...new Set(uses.map((use) => use.recordLineId))].sort((a, b) => a - b);
  await db
    .select({ id: prescriptionRecordLines.id })
    .from(prescriptionRecordLines)
    .where(inArray(prescriptionRecordLines.id, lineIds))
    .orderBy(asc(prescriptionRecordLines.id))
    .for('update');
  await db
    .update(prescriptionRecordUses)
    .set({ releasedAt: at })
    .where(
      inArray(
        prescriptionRecordUses.id,
        uses.map((use) => use.id),
      ),
    );
  for (const use of uses) await addDispensed(db, use.recordLineId, -use.units);
}
