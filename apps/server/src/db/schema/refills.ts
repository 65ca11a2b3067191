import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { orders } from './orders';
import { users } from './users';

/**
 * Refill reminders (issue 17 part 4): one per customer and product, set from one of their orders.
 * The scan mails the reminder `REFILL_REMINDER_DAYS_BEFORE` days before next_due_on and writes
 * that due date into reminded_for_due_on in the same transaction as it queues the mail, so each
 * due date is mailed once however many instances scan (rules/refills.ts has the date rules).
 */
export const refillReminders = pgTable(
  'refill_reminders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Units the refill link puts in the cart. */
    quantity: integer('quantity').notNull(),
    intervalDays: integer('interval_days').notNull(),
    nextDueOn: date('next_due_on', { mode: 'string' }).notNull(),
    paused: boolean('paused').notNull().default(false),
    /** The order the reminder was set from (kept as history; null once the order is deleted). */
    sourceOrderId: integer('source_order_id').references(() => orders.id, {
      onDelete: 'set null',
    }),
    /** The due date the last reminder mail was queued for: each due date is mailed once. */
    remindedForDueOn: date('reminded_for_due_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('refill_reminders_interval_days_check', sql`${t.intervalDays} BETWEEN 7 AND 180`),
    check('refill_reminders_quantity_check', sql`${t.quantity} BETWEEN 1 AND 100`),
    uniqueIndex('refill_reminders_user_product_key').on(t.userId, t.productId),
    // The scan reads only reminders that are on, by due date.
    index('refill_reminders_due_idx')
      .on(t.nextDueOn)
      .where(sql`${t.paused} = false`),
    index('refill_reminders_product_id_idx').on(t.productId),
    index('refill_reminders_source_order_id_idx').on(t.sourceOrderId),
  ],
);

export type RefillReminderRow = typeof refillReminders.$inferSelect;
export type NewRefillReminderRow = typeof refillReminders.$inferInsert;
