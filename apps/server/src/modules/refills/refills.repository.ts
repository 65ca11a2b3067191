import { and, asc, eq, gt, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { drugSchedules, products } from '../../db/schema/catalog';
import { refillReminders, type NewRefillReminderRow } from '../../db/schema/refills';
import { users } from '../../db/schema/users';

/** The columns a reminder is shown with (list, order page, answers to changes). */
const listed = {
  id: refillReminders.id,
  userId: refillReminders.userId,
  productId: refillReminders.productId,
  productName: products.name,
  productActive: products.isActive,
  onlineSale: drugSchedules.onlineSale,
  quantity: refillReminders.quantity,
  intervalDays: refillReminders.intervalDays,
  nextDueOn: refillReminders.nextDueOn,
  paused: refillReminders.paused,
  sourceOrderId: refillReminders.sourceOrderId,
  createdAt: refillReminders.createdAt,
};

function listedQuery(db: DbOrTx) {
  return db
    .select(listed)
    .from(refillReminders)
    .innerJoin(products, eq(products.id, refillReminders.productId))
    .innerJoin(drugSchedules, eq(drugSchedules.code, products.scheduleCode));
}

export type ListedReminder = Awaited<ReturnType<typeof listedQuery>>[number];

/** The customer's reminders, soonest due first (paused ones after). */
export function listForUser(db: DbOrTx, userId: number) {
  return listedQuery(db)
    .where(eq(refillReminders.userId, userId))
    .orderBy(asc(refillReminders.paused), asc(refillReminders.nextDueOn), asc(refillReminders.id))
    .limit(500);
}

/** The customer's reminders for these products (the order page). */
export function listForProducts(db: DbOrTx, userId: number, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return listedQuery(db).where(
    and(eq(refillReminders.userId, userId), inArray(refillReminders.productId, productIds)),
  );
}

export async function findListed(db: DbOrTx, id: number): Promise<ListedReminder | undefined> {
  const [row] = await listedQuery(db).where(eq(refillReminders.id, id));
  return row;
}

/** A new reminder; undefined when the customer already has one for the product. */
export async function insertReminder(
  db: DbOrTx,
  values: NewRefillReminderRow,
): Promise<number | undefined> {
  const [row] = await db
    .insert(refillReminders)
    .values(values)
    .onConflictDoNothing({ target: [refillReminders.userId, refillReminders.productId] })
    .returning({ id: refillReminders.id });
  return row?.id;
}

/** The reminder's schedule, locked for a change. */
export async function lockReminder(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: refillReminders.id,
      userId: refillReminders.userId,
      productId: refillReminders.productId,
      quantity: refillReminders.quantity,
      intervalDays: refillReminders.intervalDays,
      nextDueOn: refillReminders.nextDueOn,
      paused: refillReminders.paused,
    })
    .from(refillReminders)
    .where(eq(refillReminders.id, id))
    .for('update');
  return row;
}

export async function updateReminder(
  db: DbOrTx,
  id: number,
  changes: Partial<
    Pick<NewRefillReminderRow, 'quantity' | 'intervalDays' | 'nextDueOn' | 'paused'>
  >,
) {
  await db.update(refillReminders).set(changes).where(eq(refillReminders.id, id));
}

export async function deleteReminder(db: DbOrTx, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(refillReminders)
    .where(and(eq(refillReminders.id, id), eq(refillReminders.userId, userId)))
    .returning({ id: refillReminders.id });
  return rows.length > 0;
}

/** The unsubscribe link: pauses the reminder if it is still the customer's; its product's name. */
export async function pauseForUser(db: DbOrTx, id: number, userId: number) {
  const [row] = await db
    .update(refillReminders)
    .set({ paused: true })
    .where(and(eq(refillReminders.id, id), eq(refillReminders.userId, userId)))
    .returning({ productId: refillReminders.productId });
  if (!row) return undefined;
  const [product] = await db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, row.productId));
  return { productName: product?.name ?? '' };
}

/**
 * An order of these products was confirmed on `today`: the customer's reminders for them are due
 * again one interval from today (paused ones too, so a resumed reminder keeps the new rhythm).
 */
export async function restartFrom(db: DbOrTx, userId: number, productIds: number[], today: string) {
  if (productIds.length === 0) return;
  await db
    .update(refillReminders)
    .set({ nextDueOn: sql`${today}::date + ${refillReminders.intervalDays}` })
    .where(and(eq(refillReminders.userId, userId), inArray(refillReminders.productId, productIds)));
}

/**
 * A slice of reminders the scan has something to do for on `today`, in id order after `afterId`,
 * locked so that a scan on another instance skips them rather than mailing the same people:
 * those whose mail is due and not yet queued for the current due date, and those whose mailed due
 * date has passed (to move on). `daysBefore` is the configured lead; a reminder's own lead is never
 * its interval or more (rules/refills.ts reminderLeadDays), which the SQL says with LEAST.
 */
export function lockDue(
  db: DbOrTx,
  options: { today: string; daysBefore: number; afterId: number; limit: number },
) {
  const { today, daysBefore } = options;
  const lead = sql`greatest(0, least(${daysBefore}::int, ${refillReminders.intervalDays} - 1))`;
  return db
    .select({
      id: refillReminders.id,
      userId: refillReminders.userId,
      productId: refillReminders.productId,
      quantity: refillReminders.quantity,
      intervalDays: refillReminders.intervalDays,
      nextDueOn: refillReminders.nextDueOn,
      remindedForDueOn: refillReminders.remindedForDueOn,
      paused: refillReminders.paused,
      email: users.email,
      name: users.name,
      productName: products.name,
      productActive: products.isActive,
      onlineSale: drugSchedules.onlineSale,
    })
    .from(refillReminders)
    .innerJoin(users, eq(users.id, refillReminders.userId))
    .innerJoin(products, eq(products.id, refillReminders.productId))
    .innerJoin(drugSchedules, eq(drugSchedules.code, products.scheduleCode))
    .where(
      and(
        eq(refillReminders.paused, false),
        gt(refillReminders.id, options.afterId),
        // Bounds the partial index: nothing due later than today + the configured lead is touched.
        lte(refillReminders.nextDueOn, sql`${today}::date + ${daysBefore}::int`),
        or(
          and(
            sql`${refillReminders.nextDueOn} < ${today}::date`,
            isNotNull(refillReminders.remindedForDueOn),
            eq(refillReminders.remindedForDueOn, refillReminders.nextDueOn),
          ),
          and(
            or(
              sql`${refillReminders.remindedForDueOn} is null`,
              ne(refillReminders.remindedForDueOn, refillReminders.nextDueOn),
            ),
            sql`${refillReminders.nextDueOn} - ${lead} <= ${today}::date`,
          ),
        ),
      ),
    )
    .orderBy(asc(refillReminders.id))
    .limit(options.limit)
    .for('update', { of: refillReminders, skipLocked: true });
}

export async function markScanned(
  db: DbOrTx,
  id: number,
  changes: { nextDueOn: string; remindedForDueOn?: string },
) {
  await db.update(refillReminders).set(changes).where(eq(refillReminders.id, id));
}
