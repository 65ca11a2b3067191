import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Weekday } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { deliveryAreas, deliveryCalendar, deliveryHolidays } from '../../db/schema/index';

export type DeliveryAreaRow = typeof deliveryAreas.$inferSelect;
export type DeliveryAreaValues = Omit<
  typeof deliveryAreas.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

/** The narrowest area that holds the pincode: a city's exception beats its range, which beats India. */
export async function areaFor(db: DbOrTx, pincode: number): Promise<DeliveryAreaRow | undefined> {
  const [row] = await db
    .select()
    .from(deliveryAreas)
    .where(and(lte(deliveryAreas.pincodeFrom, pincode), gte(deliveryAreas.pincodeTo, pincode)))
    .orderBy(sql`${deliveryAreas.pincodeTo} - ${deliveryAreas.pincodeFrom}`, asc(deliveryAreas.id))
    .limit(1);
  return row;
}

export async function listAreas(
  db: DbOrTx,
  filter: { pincode?: string },
  page: number,
  pageSize: number,
) {
  const digits = filter.pincode;
  // A full pincode finds the areas that hold it; fewer digits find areas starting with them.
  const where = !digits
    ? undefined
    : digits.length === 6
      ? and(
          lte(deliveryAreas.pincodeFrom, Number(digits)),
          gte(deliveryAreas.pincodeTo, Number(digits)),
        )
      : sql`${deliveryAreas.pincodeFrom}::text like ${`${digits}%`}`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deliveryAreas)
      .where(where)
      .orderBy(asc(deliveryAreas.pincodeFrom), asc(deliveryAreas.pincodeTo), asc(deliveryAreas.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(deliveryAreas).where(where),
  ]);
  return { rows, rowCount: total?.value ?? 0 };
}

export async function findArea(db: DbOrTx, id: number) {
  const [row] = await db.select().from(deliveryAreas).where(eq(deliveryAreas.id, id)).limit(1);
  return row;
}

/** The area of exactly this range, if one exists (an import updates it rather than add another). */
export async function findAreaByRange(db: DbOrTx, from: number, to: number) {
  const [row] = await db
    .select()
    .from(deliveryAreas)
    .where(and(eq(deliveryAreas.pincodeFrom, from), eq(deliveryAreas.pincodeTo, to)))
    .orderBy(asc(deliveryAreas.id))
    .limit(1);
  return row;
}

export async function insertArea(db: DbOrTx, values: DeliveryAreaValues) {
  const [row] = await db.insert(deliveryAreas).values(values).returning();
  if (!row) throw new Error('The delivery area was not saved.');
  return row;
}

export async function updateArea(db: DbOrTx, id: number, values: DeliveryAreaValues) {
  const [row] = await db
    .update(deliveryAreas)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deliveryAreas.id, id))
    .returning();
  return row;
}

export async function deleteArea(db: DbOrTx, id: number) {
  const [row] = await db.delete(deliveryAreas).where(eq(deliveryAreas.id, id)).returning();
  return row;
}

export async function readCalendar(db: DbOrTx) {
  const [[calendar], holidays] = await Promise.all([
    db.select().from(deliveryCalendar).where(eq(deliveryCalendar.id, 1)).limit(1),
    db.select().from(deliveryHolidays).orderBy(asc(deliveryHolidays.day)),
  ]);
  return {
    workingDays: (calendar?.workingDays ?? [1, 2, 3, 4, 5, 6]) as Weekday[],
    dispatchCutoff: calendar?.dispatchCutoff ?? '18:00',
    holidays: holidays.map((row) => ({ day: row.day, name: row.name })),
    updatedAt: calendar?.updatedAt ?? null,
  };
}

export async function saveCalendar(
  tx: DbOrTx,
  calendar: {
    workingDays: number[];
    dispatchCutoff: string;
    holidays: { day: string; name: string }[];
  },
) {
  await tx
    .insert(deliveryCalendar)
    .values({ id: 1, workingDays: calendar.workingDays, dispatchCutoff: calendar.dispatchCutoff })
    .onConflictDoUpdate({
      target: deliveryCalendar.id,
      set: {
        workingDays: calendar.workingDays,
        dispatchCutoff: calendar.dispatchCutoff,
        updatedAt: new Date(),
      },
    });
  await tx.delete(deliveryHolidays);
  if (calendar.holidays.length > 0) await tx.insert(deliveryHolidays).values(calendar.holidays);
}
