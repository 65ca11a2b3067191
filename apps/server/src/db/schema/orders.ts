import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { addresses } from './addresses';
import { products } from './catalog';
import { patients } from './patients';
import { users } from './users';

/** The confirmed delivery address, copied onto the order so later edits do not change it. */
export interface ShippingAddressSnapshot {
  name: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  country: string;
  pinCode: string;
  alternatePhone: string | null;
}

/**
 * Spec §3 Order; statusId is one of the ids of spec §4 (1..10). Money in paise. A retried
 * POST /order with the same idempotency key returns the first order instead of a second one.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddressSnapshot>(),
    statusId: integer('status_id').notNull().default(1),
    totalOrderValueMinor: integer('total_order_value_minor').notNull(),
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    paymentNote: varchar('payment_note', { length: 200 }),
    /**
     * Issue 19: what a coupon and redeemed points took off before payment. The total above is
     * what is paid: the lines' gross amounts less these two, which are also allocated to the
     * lines (order_lines.discount_minor) so that tax is computed on what each line was sold for.
     */
    couponCode: varchar('coupon_code', { length: 40 }),
    couponDiscountMinor: integer('coupon_discount_minor').notNull().default(0),
    pointsRedeemed: integer('points_redeemed').notNull().default(0),
    pointsDiscountMinor: integer('points_discount_minor').notNull().default(0),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /**
     * Issue 31: the patient the prescription is for (chosen at upload or with a saved
     * prescription); the H1 register and the invoice name them. Null: the member themself.
     */
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('orders_status_id_check', sql`${t.statusId} BETWEEN 1 AND 10`),
    check('orders_total_order_value_check', sql`${t.totalOrderValueMinor} >= 0`),
    check(
      'orders_discounts_check',
      sql`${t.couponDiscountMinor} >= 0 AND ${t.pointsDiscountMinor} >= 0 AND ${t.pointsRedeemed} >= 0`,
    ),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_created_at_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_status_created_at_idx').on(
      t.statusId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Issue 18 dashboard: the per-day sums of a period read this index alone (no heap visits).
    index('orders_created_at_status_total_idx').on(t.createdAt, t.statusId, t.totalOrderValueMinor),
    index('orders_address_id_idx').on(t.addressId),
    index('orders_patient_id_idx').on(t.patientId),
    // Issue 29: the dispatch desk's on-time rate reads the orders delivered in a period.
    index('orders_delivered_at_idx')
      .on(t.deliveredAt, t.expectedDeliveryDate)
      .where(sql`${t.deliveredAt} is not null`),
    index('orders_status_expected_delivery_idx').on(t.statusId, t.expectedDeliveryDate),
  ],
);

/**
 * Spec §3 OrderDetail. Name and prices are snapshots taken at placement (DECISIONS), so the
 * line survives catalogue edits and even the product's deletion ('Not Available').
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: varchar('product_name', { length: 200 }).notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    maximumRetailPriceMinor: integer('maximum_retail_price_minor').notNull(),
    quantity: integer('quantity').notNull(),
    prescription: boolean('prescription').notNull(),
    /** Issue 19: this line's share of the order's coupon and points discount, in paise. */
    discountMinor: integer('discount_minor').notNull().default(0),
  },
  (t) => [
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('order_lines_unit_price_check', sql`${t.unitPriceMinor} >= 0`),
    check('order_lines_maximum_retail_price_check', sql`${t.maximumRetailPriceMinor} >= 0`),
    check(
      'order_lines_discount_check',
      sql`${t.discountMinor} >= 0 AND ${t.discountMinor} <= ${t.unitPriceMinor} * ${t.quantity}`,
    ),
    index('order_lines_order_id_idx').on(t.orderId),
    index('order_lines_product_id_idx').on(t.productId),
    // Issue 18 dashboard: a period's best sellers read the lines of its orders from this index
    // alone (no heap visits).
    index('order_lines_order_product_sales_idx').on(
      t.orderId,
      t.productId,
      t.quantity,
      t.unitPriceMinor,
    ),
  ],
);

/** DECISIONS: every status change is recorded with who, when, from and to. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatusId: integer('from_status_id'),
    toStatusId: integer('to_status_id').notNull(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'order_status_history_from_status_id_check',
      sql`${t.fromStatusId} IS NULL OR ${t.fromStatusId} BETWEEN 1 AND 10`,
    ),
    check('order_status_history_to_status_id_check', sql`${t.toStatusId} BETWEEN 1 AND 10`),
    index('order_status_history_order_created_at_idx').on(t.orderId, t.createdAt),
    index('order_status_history_changed_by_idx').on(t.changedByUserId),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLineRow = typeof orderLines.$inferInsert;
export type OrderStatusHistoryRow = typeof orderStatusHistory.$inferSelect;
export type NewOrderStatusHistoryRow = typeof orderStatusHistory.$inferInsert;
