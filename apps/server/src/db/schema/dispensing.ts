import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { stockBatches } from './inventory';
import { orderLines, orders } from './orders';
import { users } from './users';

/**
 * The Schedule H1 register (issue 16): one row per dispatched order line of a register-keeping
 * schedule and per batch its units came from. Written in the transaction that dispatches the
 * order; names and numbers are copied, so the register reads the same whatever is edited later.
 * A trigger refuses updates, and deletes before `retain_until` (RECORD_RETENTION_YEARS).
 */
export const scheduleRegister = pgTable(
  'schedule_register',
  {
    id: serial('id').primaryKey(),
    scheduleCode: varchar('schedule_code', { length: 10 }).notNull(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    patientName: varchar('patient_name', { length: 120 }).notNull(),
    prescriberName: varchar('prescriber_name', { length: 120 }).notNull(),
    prescriberRegistrationNumber: varchar('prescriber_registration_number', {
      length: 40,
    }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: varchar('product_name', { length: 200 }).notNull(),
    batchId: integer('batch_id').references(() => stockBatches.id),
    batchNumber: varchar('batch_number', { length: 40 }),
    units: integer('units').notNull(),
    pharmacistUserId: integer('pharmacist_user_id').references(() => users.id),
    pharmacistName: varchar('pharmacist_name', { length: 120 }).notNull(),
    pharmacistRegistrationNumber: varchar('pharmacist_registration_number', {
      length: 40,
    }).notNull(),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A line is written once per batch, however often the order is set to Dispatched.
    uniqueIndex('schedule_register_line_batch_key').on(
      t.orderLineId,
      sql`coalesce(${t.batchId}, 0)`,
    ),
    index('schedule_register_dispatched_at_idx').on(t.scheduleCode, t.dispatchedAt, t.id),
  ],
);

export type ScheduleRegisterRow = typeof scheduleRegister.$inferSelect;
export type NewScheduleRegisterRow = typeof scheduleRegister.$inferInsert;
