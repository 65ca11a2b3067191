import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { orders } from './orders';
import { users } from './users';

/**
 * Issue 19 coupon codes. `timesUsed` counts the redemptions that hold a use; the check below
 * makes the database itself refuse a use past `usageLimit`, and a use is taken with one
 * conditional UPDATE, so many shoppers applying the last use at once leave exactly one with it.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; shoppers may type it in any case. */
    code: varchar('code', { length: 40 }).notNull(),
    description: text('description'),
    /** 'percent' (percentOff of the eligible lines, capped by maxDiscountMinor) or 'fixed'. */
    kind: varchar('kind', { length: 16 }).notNull(),
    percentOff: integer('percent_off'),
    amountOffMinor: integer('amount_off_minor'),
    maxDiscountMinor: integer('max_discount_minor'),
    minOrderMinor: integer('min_order_minor').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    /** When not empty, only lines of these divisions or these products count. */
    divisionIds: integer('division_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    excludePrescription: boolean('exclude_prescription').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_kind_check', sql`${t.kind} IN ('percent', 'fixed')`),
    check(
      'coupons_amount_check',
      sql`(${t.kind} = 'percent' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffMinor} IS NULL)
        OR (${t.kind} = 'fixed' AND ${t.amountOffMinor} > 0 AND ${t.percentOff} IS NULL)`,
    ),
    check('coupons_min_order_check', sql`${t.minOrderMinor} >= 0`),
    check(
      'coupons_max_discount_check',
      sql`${t.maxDiscountMinor} IS NULL OR ${t.maxDiscountMinor} > 0`,
    ),
    check('coupons_window_check', sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    check('coupons_usage_limit_check', sql`${t.usageLimit} IS NULL OR ${t.usageLimit} > 0`),
    check(
      'coupons_per_customer_limit_check',
      sql`${t.perCustomerLimit} IS NULL OR ${t.perCustomerLimit} > 0`,
    ),
    check(
      'coupons_times_used_check',
      sql`${t.timesUsed} >= 0 AND (${t.usageLimit} IS NULL OR ${t.timesUsed} <= ${t.usageLimit})`,
    ),
  ],
);

/**
 * A coupon applied to an order. It holds a use from the moment it is applied before payment;
 * removing it, or cancelling the order, releases the use (releasedAt) and gives it back.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discountMinor: integer('discount_minor').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupon_redemptions_discount_check', sql`${t.discountMinor} >= 0`),
    // One coupon per order at a time.
    uniqueIndex('coupon_redemptions_order_active_key')
      .on(t.orderId)
      .where(sql`${t.releasedAt} IS NULL`),
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;
