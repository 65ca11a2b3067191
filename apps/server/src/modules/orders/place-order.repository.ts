import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cartItems,
  drugSchedules,
  orderLineBatches,
  orderLines,
  orderStatusHistory,
  orders,
  products,
  stockBatches,
  stockMovements,
  users,
} from '../../db/schema/index';

/** Placing an order: what it reads, and the one statement that writes it (decision 0006, 0011). */

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** json / json_agg values: node-postgres parses them, PGlite may hand over the text. */
const parsedJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A product as an order takes it, read without a lock. */
export interface CheckoutProduct {
  id: number;
  name: string;
  priceMinor: number;
  mrpMinor: number;
  quantity: number;
  isActive: boolean;
  prescription: boolean;
  /** False for a schedule the law keeps out of online sale (issue 16). */
  onlineSale: boolean;
  maxUnitsPerOrder: number | null;
}

/** A cart line with its product. */
export interface CheckoutLine extends Omit<CheckoutProduct, 'id'> {
  productId: number;
  count: number;
}

export interface CheckoutState {
  /** The order an earlier request with the same idempotency key placed. */
  existingOrderId: number | null;
  name: string;
  email: string;
  products: Map<number, CheckoutProduct>;
}

/**
 * Everything else placing an order reads, in one statement (the caller holds the cart lock):
 * the order of an earlier request with the same key, the shopper's name and e-mail (for the
 * confirmation) and the products of the cart's lines as they are now.
 */
export async function readCheckout(
  tx: DbOrTx,
  userId: number,
  idempotencyKey: string | null,
  productIds: number[],
): Promise<CheckoutState | undefined> {
  const [row] = rowsOf<{ existing: number | null; name: string; email: string; items: unknown }>(
    await tx.execute(sql`select
      (select ${orders.id} from ${orders}
        where ${orders.userId} = ${userId} and ${orders.idempotencyKey} = ${idempotencyKey}) as existing,
      ${users.name} as name, ${users.email} as email,
      (select coalesce(json_agg(json_build_object(
          'id', ${products.id}, 'name', ${products.name},
          'priceMinor', ${products.offerPriceMinor}, 'mrpMinor', ${products.maximumRetailPriceMinor},
          'quantity', ${products.quantity}, 'isActive', ${products.isActive},
          'prescription', ${products.prescription},
          'maxUnitsPerOrder', ${products.maxUnitsPerOrder},
          'onlineSale', coalesce((select ${drugSchedules.onlineSale} from ${drugSchedules}
            where ${drugSchedules.code} = ${products.scheduleCode}), true))), '[]')
        from ${products}
        where ${products.id} in (select value::integer from json_array_elements_text(${JSON.stringify(productIds)}::json))) as items
      from ${users} where ${users.id} = ${userId}`),
  );
  if (!row) return undefined;
  return {
    existingOrderId: row.existing === null ? null : Number(row.existing),
    name: row.name,
    email: row.email,
    products: new Map(parsedJson<CheckoutProduct[]>(row.items).map((p) => [p.id, p])),
  };
}

/**
 * Takes the stock of every line and writes the order, its lines, its first status and the
 * emptied cart, or nothing at all: stock is taken only where the product is still active, has
 * enough units in batches sellable from `sellableFrom` on, and still has the price the shopper is
 * charged. The units come out of the earliest-expiring batches, each line records the batches it
 * got, and the ledger gets one sale row per line and batch. The order is written only if
 * every line got its stock. The products are locked in id order first (two orders sharing
 * products cannot deadlock), in a statement of their own: the writing statement then starts
 * from a snapshot that already sees the locked rows' latest versions. Locking inside the same
 * statement deadlocked on PostgreSQL when a cancellation had just updated a product: the UPDATE,
 * still on the statement's older snapshot, waited for the old row version's tuple lock, which a
 * third order queued on our lock was holding (found by the crash-durability burst). The rows
 * are held for two round trips before the commit. Returns the new order's id, or null when a
 * line could not be served (the caller reads why and rolls back the stock taken for the others).
 */
export async function placeFromCart(
  tx: DbOrTx,
  order: {
    userId: number;
    statusId: number;
    totalOrderValueMinor: number;
    idempotencyKey: string | null;
    note: string;
  },
  lines: CheckoutLine[],
  sellableFrom: string,
): Promise<number | null> {
  const wanted = JSON.stringify(
    lines.map((line, position) => ({
      position,
      product_id: line.productId,
      count: line.count,
      name: line.name,
      price: line.priceMinor,
      mrp: line.mrpMinor,
      prescription: line.prescription,
    })),
  );
  const productIds = [...new Set(lines.map((line) => line.productId))].sort((a, b) => a - b);
  // FOR NO KEY UPDATE: the lock the UPDATE below takes anyway; it still lets other transactions
  // insert rows that only reference these products (cart lines, order lines).
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(products.id)
    .for('no key update');
  const [row] = rowsOf<{ orderId: number | null }>(
    await tx.execute(sql`with wanted as (
        select w.*, nextval(pg_get_serial_sequence('order_lines', 'id'))::integer as line_id
        from json_to_recordset(${wanted}::json) as w(
          position integer, product_id integer, count integer, name text, price integer,
          mrp integer, prescription boolean)
      ),
      -- Two lines of one product take their units together (an UPDATE applies one match).
      per_product as (
        select product_id, sum(count) as count, min(price) as price, max(price) as top_price,
          min(mrp) as mrp, max(mrp) as top_mrp
        from wanted group by product_id
      ),
      -- First expiry, first out (docs/decisions/0011): the sellable batches of each product lie
      -- end to end in expiry order, the lines of the product likewise in cart order; a line takes
      -- from each batch the units where the two ranges overlap. rules/stock.ts allocateFefo is
      -- the same rule in TypeScript, and a test holds them together.
      batch_ranges as (
        select b.id, b.product_id, b.on_hand,
          sum(b.on_hand) over (partition by b.product_id order by b.expiry_date, b.id) as range_end
        from ${stockBatches} b
        where b.product_id in (select product_id from per_product)
          and b.recalled_at is null and b.expiry_date >= ${sellableFrom}::date and b.on_hand > 0
      ),
      sellable as (
        select product_id, sum(on_hand) as units from batch_ranges group by product_id
      ),
      line_ranges as (
        select line_id, product_id, count,
          sum(count) over (partition by product_id order by position) as range_end
        from wanted
      ),
      takes as (
        select l.line_id, b.id as batch_id, b.product_id,
          (least(l.range_end, b.range_end) - greatest(l.range_end - l.count, b.range_end - b.on_hand))::integer as units
        from line_ranges l join batch_ranges b on b.product_id = l.product_id
        where b.range_end - b.on_hand < l.range_end and b.range_end > l.range_end - l.count
      ),
      reserved as (
        update ${products} set
          quantity = sellable.units - per_product.count,
          units_sold = ${products.unitsSold} + per_product.count
        from per_product join sellable on sellable.product_id = per_product.product_id
        where ${products.id} = per_product.product_id
          and ${products.isActive} and sellable.units >= per_product.count
          and ${products.offerPriceMinor} = per_product.price and per_product.price = per_product.top_price
          and ${products.maximumRetailPriceMinor} = per_product.mrp and per_product.mrp = per_product.top_mrp
        returning ${products.id}
      ),
      placed as (
        insert into ${orders} (user_id, status_id, total_order_value_minor, idempotency_key)
        select ${order.userId}::integer, ${order.statusId}::integer,
          ${order.totalOrderValueMinor}::integer, ${order.idempotencyKey}::varchar
        where (select count(*) from reserved) = (select count(*) from per_product)
        returning ${orders.id}
      ),
      taken as (
        update ${stockBatches} set on_hand = ${stockBatches.onHand} - per_batch.units
        from (select batch_id, sum(units) as units from takes group by batch_id) per_batch
        where ${stockBatches.id} = per_batch.batch_id and exists (select 1 from placed)
      ),
      placed_lines as (
        insert into ${orderLines} (id, order_id, product_id, product_name, unit_price_minor,
          maximum_retail_price_minor, quantity, prescription)
        select wanted.line_id, placed.id, wanted.product_id, wanted.name, wanted.price, wanted.mrp,
          wanted.count, wanted.prescription
        from placed, wanted order by wanted.position
      ),
      allocated as (
        insert into ${orderLineBatches} (order_line_id, batch_id, units)
        select takes.line_id, takes.batch_id, takes.units from takes where exists (select 1 from placed)
      ),
      ledger as (
        insert into ${stockMovements} (product_id, batch_id, kind, units, order_id, user_id)
        select takes.product_id, takes.batch_id, 'sale', -takes.units, placed.id, ${order.userId}::integer
        from takes, placed
      ),
      history as (
        insert into ${orderStatusHistory} (order_id, from_status_id, to_status_id, changed_by_user_id, note)
        select placed.id, null::integer, ${order.statusId}::integer, ${order.userId}::integer,
          ${order.note}::text
        from placed
      ),
      emptied as (
        delete from ${cartItems}
        where ${cartItems.userId} = ${order.userId} and exists (select 1 from placed)
      )
      select (select id from placed) as "orderId"`),
  );
  return row?.orderId === null || row?.orderId === undefined ? null : Number(row.orderId);
}
