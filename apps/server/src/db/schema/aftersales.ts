import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orderLines, orders } from './orders';
import { payments } from './payments';
import { users } from './users';

/**
 * Issue 19: who cancelled an order, when and why (the customer within the window, or an admin).
 * One row per cancelled order; the order's status history keeps the transition itself.
 */
export const orderCancellations = pgTable(
  'order_cancellations',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    cancelledByUserId: integer('cancelled_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** 'customer' or 'admin': who pressed the button, kept even if the user is deleted. */
    cancelledBy: varchar('cancelled_by', { length: 16 }).notNull(),
    reasonCode: varchar('reason_code', { length: 40 }).notNull(),
    reasonText: text('reason_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_cancellations_by_check', sql`${t.cancelledBy} IN ('customer', 'admin')`)],
);

/**
 * A return of delivered units, or a report of damaged or wrong items (issue 19). Its status
 * follows the shared RETURN_TRANSITIONS; every step is an event below and a mail.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'return' (unopened, within returnDays) or 'damage' (damaged or wrong, within damageReportHours). */
    kind: varchar('kind', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('requested'),
    reasonCode: varchar('reason_code', { length: 40 }).notNull(),
    reasonText: text('reason_text'),
    /** Why an admin rejected it (required then). */
    rejectionReason: text('rejection_reason'),
    /** What the pharmacy settled: a refund amount, or a replacement. */
    resolution: varchar('resolution', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('return_requests_kind_check', sql`${t.kind} IN ('return', 'damage')`),
    check(
      'return_requests_status_check',
      sql`${t.status} IN ('requested', 'approved', 'rejected', 'received', 'refunded', 'replaced')`,
    ),
    check(
      'return_requests_resolution_check',
      sql`${t.resolution} IS NULL OR ${t.resolution} IN ('refund', 'replacement')`,
    ),
    index('return_requests_order_id_idx').on(t.orderId),
    index('return_requests_user_id_idx').on(t.userId),
    index('return_requests_status_created_at_idx').on(t.status, t.createdAt),
  ],
);

/** The lines and units a request covers; on receipt, how many of them are fit to sell again. */
export const returnRequestLines = pgTable(
  'return_request_lines',
  {
    id: serial('id').primaryKey(),
    returnRequestId: integer('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    units: integer('units').notNull(),
    /** Set when received: units back into sellable stock; the rest are written off. */
    resaleableUnits: integer('resaleable_units'),
  },
  (t) => [
    check('return_request_lines_units_check', sql`${t.units} > 0`),
    check(
      'return_request_lines_resaleable_check',
      sql`${t.resaleableUnits} IS NULL OR (${t.resaleableUnits} >= 0 AND ${t.resaleableUnits} <= ${t.units})`,
    ),
    uniqueIndex('return_request_lines_request_line_key').on(t.returnRequestId, t.orderLineId),
    index('return_request_lines_order_line_id_idx').on(t.orderLineId),
  ],
);

/** Photos of a damage report: private files, the prescription upload's rules (size, types, access). */
export const returnRequestPhotos = pgTable(
  'return_request_photos',
  {
    id: serial('id').primaryKey(),
    returnRequestId: integer('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 300 })
      .notNull()
      .unique('return_request_photos_storage_key_key'),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('return_request_photos_size_check', sql`${t.sizeBytes} > 0`),
    index('return_request_photos_request_id_idx').on(t.returnRequestId),
  ],
);

/** Every step of a request, shown on the customer's order page and the admin's. */
export const returnRequestEvents = pgTable(
  'return_request_events',
  {
    id: serial('id').primaryKey(),
    returnRequestId: integer('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_request_events_request_id_idx').on(t.returnRequestId, t.createdAt)],
);

/**
 * Money given back (issue 19): a full refund on cancellation, a full or partial one for a
 * return or damage report. To the card through the payment provider (written 'pending' in the
 * transaction that decides it, sent by a job with the refund's id as the idempotency key, then
 * 'succeeded'), or for cash on delivery a payout the pharmacy made and recorded with its
 * reference. The sum of an order's refunds never exceeds what was paid (shared refund rules,
 * checked under the order's row lock).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    returnRequestId: integer('return_request_id').references(() => returnRequests.id),
    /** The payment given back; null means the order's succeeded online payment (one per order). */
    paymentId: integer('payment_id').references(() => payments.id),
    /** 'cancellation' | 'return' | 'damage' | 'duplicate' (a payment the order did not need). */
    reason: varchar('reason', { length: 16 }).notNull(),
    /** 'card' (through the provider) or 'payout' (cash on delivery: UPI or bank transfer). */
    method: varchar('method', { length: 16 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    /** The provider's refund id once sent. */
    providerRefundId: varchar('provider_refund_id', { length: 255 }),
    /** For a payout: 'upi' or 'bank_transfer', and the transaction reference. */
    payoutChannel: varchar('payout_channel', { length: 16 }),
    payoutReference: varchar('payout_reference', { length: 100 }),
    lastError: text('last_error'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountMinor} > 0`),
    check(
      'refunds_reason_check',
      sql`${t.reason} IN ('cancellation', 'return', 'damage', 'duplicate')`,
    ),
    check('refunds_method_check', sql`${t.method} IN ('card', 'payout')`),
    check('refunds_provider_check', sql`${t.provider} IN ('razorpay', 'stripe', 'test', 'none')`),
    check('refunds_status_check', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
    check(
      'refunds_payout_check',
      sql`(${t.method} = 'payout') = (${t.payoutReference} IS NOT NULL AND ${t.payoutChannel} IN ('upi', 'bank_transfer'))`,
    ),
    index('refunds_order_id_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status),
  ],
);

export type OrderCancellationRow = typeof orderCancellations.$inferSelect;
export type ReturnRequestRow = typeof returnRequests.$inferSelect;
export type ReturnRequestLineRow = typeof returnRequestLines.$inferSelect;
export type ReturnRequestPhotoRow = typeof returnRequestPhotos.$inferSelect;
export type ReturnRequestEventRow = typeof returnRequestEvents.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
