import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { orderLines, orders } from './orders';
import { users } from './users';

/**
 * A batch of one product as it arrived from the supplier (docs/decisions/0011). Units on hand
 * change only while the product's row is locked, and always with a ledger row beside them.
 * products.quantity holds the sum of the sellable batches (not recalled, enough shelf life left).
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    batchNumber: varchar('batch_number', { length: 40 }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    onHand: integer('on_hand').notNull(),
    /** Units received over every goods receipt of this batch. */
    receivedUnits: integer('received_units').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    purchasePriceMinor: integer('purchase_price_minor'),
    supplier: varchar('supplier', { length: 120 }),
    invoiceReference: varchar('invoice_reference', { length: 60 }),
    recalledAt: timestamp('recalled_at', { withTimezone: true }),
    recallReason: text('recall_reason'),
    /**
     * lower(products.name) of the batch's product: the near-expiry list's name sort, which an
     * index on batches can hold (products.name cannot be in one). Set by triggers (migration
     * 0011_stock_list_indexes), also when the product is renamed. Never write it.
     */
    productSortName: text('product_sort_name').notNull().default(''),
  },
  (t) => [
    check('stock_batches_on_hand_check', sql`${t.onHand} >= 0`),
    check('stock_batches_received_units_check', sql`${t.receivedUnits} >= 0`),
    check('stock_batches_purchase_price_check', sql`${t.purchasePriceMinor} >= 0`),
    // One batch number per product: a second delivery of the same batch adds to it.
    uniqueIndex('stock_batches_product_batch_number_key').on(
      t.productId,
      sql`upper(${t.batchNumber})`,
    ),
    // First expiry, first out, and a product's sellable sum.
    index('stock_batches_product_expiry_idx').on(t.productId, t.expiryDate, t.id),
    // The near-expiry list: batches still holding units, by expiry date.
    index('stock_batches_expiry_open_idx')
      .on(t.expiryDate, t.id)
      .where(sql`${t.onHand} > 0 and ${t.recalledAt} is null`),
    // Its name and units sorts, read in index order; the expiry date is there so the window is
    // checked in the index, without reading the batch.
    index('stock_batches_open_name_idx')
      .on(t.productSortName, t.id, t.expiryDate)
      .where(sql`${t.onHand} > 0 and ${t.recalledAt} is null`),
    index('stock_batches_open_units_idx')
      .on(t.onHand, t.id, t.expiryDate)
      .where(sql`${t.onHand} > 0 and ${t.recalledAt} is null`),
  ],
);

/**
 * The stock ledger: one row per batch and movement, signed. A batch's on_hand is always the sum
 * of its rows (tests check it after the oversell and soak suites).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 24 }).notNull(),
    units: integer('units').notNull(),
    reason: varchar('reason', { length: 30 }),
    note: text('note'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Idempotency-Key of the request that wrote it: a resent receipt is not counted twice. */
    requestKey: varchar('request_key', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_units_check', sql`${t.units} <> 0`),
    uniqueIndex('stock_movements_user_request_key').on(t.userId, t.requestKey),
    check(
      'stock_movements_kind_check',
      sql`${t.kind} in ('receipt', 'sale', 'cancellation_return', 'adjustment', 'expiry_write_off', 'recall', 'customer_return', 'return_write_off')`,
    ),
    index('stock_movements_product_created_at_idx').on(
      t.productId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('stock_movements_batch_id_idx').on(t.batchId),
    index('stock_movements_order_id_idx').on(t.orderId),
    index('stock_movements_user_id_idx').on(t.userId),
  ],
);

/** Which batches an order line's units came from: what a cancellation returns, what a recall traces. */
export const orderLineBatches = pgTable(
  'order_line_batches',
  {
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'cascade' }),
    units: integer('units').notNull(),
    /** Set when the order is cancelled and the units went back to the batch. */
    returned: boolean('returned').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.orderLineId, t.batchId] }),
    check('order_line_batches_units_check', sql`${t.units} > 0`),
    index('order_line_batches_batch_id_idx').on(t.batchId),
  ],
);

/**
 * The sellable cut-off that products.quantity was last computed for (one row). When the day
 * turns, or MIN_SHELF_LIFE_DAYS changes, the products whose batches crossed it are recomputed.
 */
export const stockHorizon = pgTable(
  'stock_horizon',
  {
    id: boolean('id').primaryKey().default(true),
    sellableFrom: date('sellable_from', { mode: 'string' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stock_horizon_single_row_check', sql`${t.id}`)],
);

export type StockBatchRow = typeof stockBatches.$inferSelect;
export type StockMovementRow = typeof stockMovements.$inferSelect;
