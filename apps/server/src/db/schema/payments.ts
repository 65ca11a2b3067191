import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';

export const PAYMENT_METHODS = ['card', 'cash_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_PROVIDERS = ['razorpay', 'stripe', 'test', 'none'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATUSES = ['requires_payment', 'succeeded', 'failed', 'pending'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * An online payment (method 'card' for historical reasons: a Stripe or test-provider intent, or
 * a Razorpay order paid by UPI, card, netbanking or wallet) or a cash-on-delivery choice.
 * For Razorpay, intent_id is the Razorpay order and provider_payment_id the payment that paid it.
 * Financial records: deleting an order with payments is refused.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    method: varchar('method', { length: 32 }).$type<PaymentMethod>().notNull(),
    provider: varchar('provider', { length: 16 }).$type<PaymentProvider>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('INR'),
    status: varchar('status', { length: 32 }).$type<PaymentStatus>().notNull(),
    intentId: varchar('intent_id', { length: 255 }).unique('payments_intent_id_key'),
    paymentMethodId: varchar('payment_method_id', { length: 255 }),
    providerPaymentId: varchar('provider_payment_id', { length: 255 }).unique(
      'payments_provider_payment_id_key',
    ),
    /** How a Razorpay payment was made: upi, card, netbanking, wallet… */
    channel: varchar('channel', { length: 16 }),
    /** The provider's words for the last failed attempt. */
    failureReason: varchar('failure_reason', { length: 300 }),
    note: varchar('note', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('payments_method_check', sql`${t.method} IN ('card', 'cash_on_delivery')`),
    check('payments_provider_check', sql`${t.provider} IN ('razorpay', 'stripe', 'test', 'none')`),
    check(
      'payments_status_check',
      sql`${t.status} IN ('requires_payment', 'succeeded', 'failed', 'pending')`,
    ),
    check('payments_amount_check', sql`${t.amountMinor} >= 0`),
    index('payments_order_id_idx').on(t.orderId),
    // The reconciliation job's scan: open online payments by age.
    index('payments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requires_payment'`),
    // One open Razorpay order per order total (issue 28): create-intent inserts without a
    // transaction, and a double click's or a second tab's insert meets this and answers the
    // first's Razorpay order instead.
    uniqueIndex('payments_open_razorpay_key')
      .on(t.orderId, t.amountMinor)
      .where(sql`${t.provider} = 'razorpay' and ${t.status} = 'requires_payment'`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
