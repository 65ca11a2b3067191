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
 * Issue 31 point 4: the drug interaction table, keyed on two active ingredients (generic names as
 * saltIngredients() extracts them), so a row covers every brand and combination containing them.
 * pair_key is the unordered, case-insensitive pair (interactionPairKey in packages/shared); its
 * unique index refuses the same pair twice in either order, also between concurrent writes.
 */
export const drugInteractions = pgTable(
  'drug_interactions',
  {
    id: serial('id').primaryKey(),
    ingredientA: varchar('ingredient_a', { length: 120 }).notNull(),
    ingredientB: varchar('ingredient_b', { length: 120 }).notNull(),
    pairKey: varchar('pair_key', { length: 250 }).notNull(),
    severity: varchar('severity', { length: 10 }).notNull(),
    effect: text('effect').notNull(),
    advice: text('advice').notNull(),
    source: varchar('source', { length: 300 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('drug_interactions_pair_key').on(t.pairKey),
    index('drug_interactions_severity_idx').on(t.severity, t.pairKey),
    check('drug_interactions_severity_check', sql`${t.severity} in ('major', 'moderate', 'minor')`),
  ],
);

/**
 * Issue 31 point 4: a major interaction the pharmacist approved past, with their reason. Kept with
 * the order (and in the audit chain) so an admin sees who decided what and why.
 */
export const interactionOverrides = pgTable(
  'interaction_overrides',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    pairKey: varchar('pair_key', { length: 200 }).notNull(),
    severity: varchar('severity', { length: 10 }).notNull(),
    reason: text('reason').notNull(),
    pharmacistId: integer('pharmacist_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interaction_overrides_order_id_idx').on(t.orderId)],
);
