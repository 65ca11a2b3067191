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
import { orders } from './orders';
import { users } from './users';

/**
 * Issue 19 loyalty points: a ledger, never a stored balance. A member's balance is the sum of
 * their rows; 'earned' rows are positive and carry the date they expire, 'redeemed' and
 * 'expired' rows are negative, a 'reversed' row undoes an earning (negative) or a redemption
 * (positive) of one order. Writers lock the member's users row first, so two redemptions of one
 * balance are serialised and the second sees the first (the balance never goes below zero).
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** For 'reversed': which kind of row it undoes ('earned' or 'redeemed'). */
    reverses: varchar('reverses', { length: 16 }),
    points: integer('points').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** For 'earned': when these points lapse if not spent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'loyalty_ledger_kind_check',
      sql`${t.kind} IN ('earned', 'redeemed', 'reversed', 'expired')`,
    ),
    check('loyalty_ledger_points_check', sql`${t.points} <> 0`),
    check(
      'loyalty_ledger_sign_check',
      sql`(${t.kind} = 'earned' AND ${t.points} > 0 AND ${t.expiresAt} IS NOT NULL)
        OR (${t.kind} IN ('redeemed', 'expired') AND ${t.points} < 0)
        OR (${t.kind} = 'reversed' AND ${t.reverses} IN ('earned', 'redeemed'))`,
    ),
    // An order earns once, however often its delivery is reported.
    uniqueIndex('loyalty_ledger_order_earned_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'earned'`),
    index('loyalty_ledger_user_created_at_idx').on(t.userId, t.createdAt),
    index('loyalty_ledger_order_id_idx').on(t.orderId),
    index('loyalty_ledger_expires_at_idx')
      .on(t.expiresAt)
      .where(sql`${t.kind} = 'earned'`),
  ],
);

export type LoyaltyLedgerRow = typeof loyaltyLedger.$inferSelect;
