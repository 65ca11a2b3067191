import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, patients, users, type NewPatientRow } from '../../db/schema/index';

const patientColumns = {
  id: patients.id,
  userId: patients.userId,
  name: patients.name,
  relation: patients.relation,
  dateOfBirth: patients.dateOfBirth,
  ageYears: patients.ageYears,
  sex: patients.sex,
  allergies: patients.allergies,
  createdAt: patients.createdAt,
  updatedAt: patients.updatedAt,
};

export type PatientRecord = Awaited<ReturnType<typeof listForUser>>[number];

/** The member's patients still kept (archived ones are left out), self first, then as added. */
export function listForUser(db: DbOrTx, userId: number) {
  return db
    .select(patientColumns)
    .from(patients)
    .where(and(eq(patients.userId, userId), isNull(patients.archivedAt)))
    .orderBy(sql`${patients.relation} <> 'self'`, asc(patients.id));
}

/** One of the member's patients (not archived), locked when asked. */
export async function findForUser(
  db: DbOrTx,
  userId: number,
  patientId: number,
  forUpdate = false,
) {
  const query = db
    .select(patientColumns)
    .from(patients)
    .where(
      and(eq(patients.id, patientId), eq(patients.userId, userId), isNull(patients.archivedAt)),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function countForUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(patients)
    .where(and(eq(patients.userId, userId), isNull(patients.archivedAt)));
  return row?.n ?? 0;
}

/** Serialises the member's patient writes, so two adds at once cannot pass the limit. */
export async function lockUser(db: DbOrTx, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertPatient(db: DbOrTx, values: NewPatientRow) {
  const [row] = await db.insert(patients).values(values).returning(patientColumns);
  if (!row) throw new Error('patient insert returned no row');
  return row;
}

export async function updatePatient(
  db: DbOrTx,
  patientId: number,
  values: Omit<NewPatientRow, 'userId' | 'id'>,
) {
  const [row] = await db
    .update(patients)
    .set(values)
    .where(eq(patients.id, patientId))
    .returning(patientColumns);
  if (!row) throw new Error('patient update returned no row');
  return row;
}

export async function archivePatient(db: DbOrTx, patientId: number, at: Date) {
  await db.update(patients).set({ archivedAt: at }).where(eq(patients.id, patientId));
}

/** The order's patient, archived or not: an order placed for them still names them. */
export async function patientOfOrder(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select(patientColumns)
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .where(eq(orders.id, orderId));
  return row;
}

export async function findById(db: DbOrTx, patientId: number) {
  const [row] = await db.select(patientColumns).from(patients).where(eq(patients.id, patientId));
  return row;
}
