import {
  DEFAULT_MIN_SHELF_LIFE_DAYS,
  ORDER_STATUS,
  sellableCutoff,
  utcDay,
} from '@pharmacy/shared';

/**
 * Issue 15 · the stock invariants the reliability suites check after they have raced orders,
 * cancellations and stock changes against each other (oversell, crash durability, soak, flood),
 * on PGlite and on PostgreSQL:
 *
 *   (a) no batch holds fewer than 0 units;
 *   (b) a batch's units on hand are the sum of its ledger rows, and a product's units on hand
 *       (all its batches) the sum of the product's ledger rows; every ledger row names a batch of
 *       its own product;
 *   (c) allocated + on hand adds up per batch: units of the batch still allocated to order lines
 *       plus its units on hand equal its receipts, adjustments, write-offs and recalls (every row
 *       but sales and cancellation returns); and sales are exactly the allocations, cancellation
 *       returns exactly the returned ones;
 *   (d) every line of an order that is not cancelled holds allocations adding up to its quantity,
 *       from batches of its own product; every allocation of a cancelled order was returned;
 *   (e) products.quantity is the sum of the units of its batches that are not recalled and expire
 *       on or after today's sellable cut-off (MIN_SHELF_LIFE_DAYS days from today, UTC).
 *
 * Plain SQL through the driver's own client, no test runner imports: the stress scripts (plain
 * Node, scripts/stress) load this file too. `checkStockInvariants` answers the violations,
 * `assertStockInvariants` throws when there is any.
 */

/** What both drivers' clients (PGlite, pg.Pool, pg.Client) offer. */
export interface StockQueryable {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Where the invariants are read: a driver's client, or a drizzle database (whose `$client` is the
 * driver's client; drizzle's own `query` is its relational API, not this).
 */
export type StockSource = StockQueryable | object;

export interface StockInvariantOptions {
  /** Only these products (and their batches, ledger rows and order lines); all when left out. */
  productIds?: readonly number[];
  /** MIN_SHELF_LIFE_DAYS of the app that wrote the stock (default 30). */
  minShelfLifeDays?: number;
  /** The cut-off itself, instead of the one computed from today and minShelfLifeDays. */
  sellableFrom?: string;
  /** Batches that must never have been sold from: no sale row, no allocation. */
  untouchableBatchIds?: readonly number[];
}

export interface StockInvariantFigures {
  products: number;
  batches: number;
  movements: number;
  allocations: number;
  orderLines: number;
  unitsOnHand: number;
  unitsAllocated: number;
  sellableFrom: string;
}

export interface StockInvariantReport {
  violations: string[];
  figures: StockInvariantFigures;
}

const CANCELLED: number = ORDER_STATUS.CANCELLED;

function clientOf(db: StockSource): StockQueryable {
  const candidate = '$client' in db ? (db as { $client: unknown }).$client : db;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof (candidate as StockQueryable).query !== 'function'
  )
    throw new Error('stock invariants: no client with query(text, params) to read the database');
  return candidate as StockQueryable;
}

/** Row values as numbers: sums and counts come back as text (bigint, numeric) on node-postgres. */
const num = (value: unknown) => Number(value ?? 0);

export async function checkStockInvariants(
  db: StockSource,
  options: StockInvariantOptions = {},
): Promise<StockInvariantReport> {
  const client = clientOf(db);
  const sellableFrom =
    options.sellableFrom ??
    sellableCutoff(utcDay(), options.minShelfLifeDays ?? DEFAULT_MIN_SHELF_LIFE_DAYS);
  // $1: the products in scope as a JSON array (null: every product); $2: the sellable cut-off.
  const scope = options.productIds ? JSON.stringify(options.productIds) : null;
  const inScope = (column: string) =>
    `($1::json is null or ${column} in (select value::integer from json_array_elements_text($1::json)))`;
  const rows = async <T>(text: string, params: unknown[] = [scope]) =>
    (await client.query(text, params)).rows as T[];
  const violations: string[] = [];

  // (a) no negative batch.
  for (const row of await rows<{ id: number; product_id: number; on_hand: number }>(
    `select id, product_id, on_hand from stock_batches
      where on_hand < 0 and ${inScope('product_id')} order by id`,
  ))
    violations.push(
      `(a) batch ${row.id} of product ${row.product_id} holds ${row.on_hand} units, below zero`,
    );

  // (b) on hand = the ledger, per batch and per product; a ledger row's product is its batch's.
  for (const row of await rows<{ id: number; product_id: number; on_hand: number; ledger: string }>(
    `select b.id, b.product_id, b.on_hand, coalesce(sum(m.units), 0)::text as ledger
      from stock_batches b left join stock_movements m on m.batch_id = b.id
      where ${inScope('b.product_id')}
      group by b.id having b.on_hand <> coalesce(sum(m.units), 0) order by b.id`,
  ))
    violations.push(
      `(b) batch ${row.id} of product ${row.product_id}: ${row.on_hand} on hand, ledger rows sum to ${row.ledger}`,
    );
  for (const row of await rows<{ id: number; product_id: number; batch_product: number }>(
    `select m.id, m.product_id, b.product_id as batch_product
      from stock_movements m join stock_batches b on b.id = m.batch_id
      where m.product_id <> b.product_id and (${inScope('m.product_id')} or ${inScope('b.product_id')})
      order by m.id`,
  ))
    violations.push(
      `(b) ledger row ${row.id} is for product ${row.product_id} but its batch belongs to product ${row.batch_product}`,
    );
  for (const row of await rows<{ id: number; on_hand: string; ledger: string }>(
    `select p.id,
        (select coalesce(sum(b.on_hand), 0) from stock_batches b where b.product_id = p.id)::text as on_hand,
        (select coalesce(sum(m.units), 0) from stock_movements m where m.product_id = p.id)::text as ledger
      from products p where ${inScope('p.id')}`,
  ))
    if (row.on_hand !== row.ledger)
      violations.push(
        `(b) product ${row.id}: ${row.on_hand} units on hand in its batches, its ledger rows sum to ${row.ledger}`,
      );

  // (c) allocated + on hand = receipts, adjustments, write-offs and recalls; sales = allocations.
  for (const row of await rows<{
    id: number;
    product_id: number;
    on_hand: number;
    open: string;
    allocated: string;
    returned: string;
    stocked: string;
    sold: string;
    given_back: string;
  }>(
    `select b.id, b.product_id, b.on_hand,
        coalesce(a.open, 0)::text as open, coalesce(a.allocated, 0)::text as allocated,
        coalesce(a.returned, 0)::text as returned, coalesce(m.stocked, 0)::text as stocked,
        coalesce(m.sold, 0)::text as sold, coalesce(m.given_back, 0)::text as given_back
      from stock_batches b
      left join (select batch_id, sum(units) filter (where not returned) as open,
                   sum(units) as allocated, sum(units) filter (where returned) as returned
                 from order_line_batches group by batch_id) a on a.batch_id = b.id
      left join (select batch_id,
                   sum(units) filter (where kind not in ('sale', 'cancellation_return')) as stocked,
                   -sum(units) filter (where kind = 'sale') as sold,
                   sum(units) filter (where kind = 'cancellation_return') as given_back
                 from stock_movements group by batch_id) m on m.batch_id = b.id
      where ${inScope('b.product_id')}
        and (coalesce(a.open, 0) + b.on_hand <> coalesce(m.stocked, 0)
          or coalesce(a.allocated, 0) <> coalesce(m.sold, 0)
          or coalesce(a.returned, 0) <> coalesce(m.given_back, 0))
      order by b.id`,
  )) {
    const where = `batch ${row.id} of product ${row.product_id}`;
    if (num(row.open) + num(row.on_hand) !== num(row.stocked))
      violations.push(
        `(c) ${where}: ${row.open} allocated + ${row.on_hand} on hand ≠ ${row.stocked} received, adjusted, written off and recalled`,
      );
    if (num(row.allocated) !== num(row.sold))
      violations.push(
        `(c) ${where}: ${row.allocated} units allocated to order lines, ${row.sold} in sale rows`,
      );
    if (num(row.returned) !== num(row.given_back))
      violations.push(
        `(c) ${where}: ${row.returned} allocated units returned, ${row.given_back} in cancellation-return rows`,
      );
  }

  // (d) the lines of live orders hold their quantity; cancelled orders hold nothing.
  for (const row of await rows<{
    line_id: number;
    order_id: number;
    status_id: number;
    product_id: number;
    quantity: number;
    open: string;
    other_product: string;
  }>(
    `select l.id as line_id, l.order_id, o.status_id, l.product_id, l.quantity,
        coalesce(sum(a.units) filter (where not a.returned), 0)::text as open,
        count(a.batch_id) filter (where b.product_id <> l.product_id)::text as other_product
      from order_lines l join orders o on o.id = l.order_id
      left join order_line_batches a on a.order_line_id = l.id
      left join stock_batches b on b.id = a.batch_id
      where l.product_id is not null and ${inScope('l.product_id')}
      group by l.id, o.status_id
      having count(a.batch_id) filter (where b.product_id <> l.product_id) > 0
        or (o.status_id <> ${CANCELLED} and coalesce(sum(a.units) filter (where not a.returned), 0) <> l.quantity)
        or (o.status_id = ${CANCELLED} and coalesce(sum(a.units) filter (where not a.returned), 0) <> 0)
      order by l.id`,
  )) {
    const where = `order ${row.order_id} line ${row.line_id} (product ${row.product_id})`;
    if (num(row.other_product) > 0)
      violations.push(
        `(d) ${where} holds units of ${row.other_product} batch(es) of another product`,
      );
    if (row.status_id === CANCELLED && num(row.open) !== 0)
      violations.push(`(d) ${where} is cancelled but still holds ${row.open} units`);
    if (row.status_id !== CANCELLED && num(row.open) !== row.quantity)
      violations.push(`(d) ${where}: quantity ${row.quantity}, allocated ${row.open}`);
  }

  // (e) the shop's quantity is the sellable sum.
  for (const row of await rows<{ id: number; quantity: number; sellable: string }>(
    `select p.id, p.quantity,
        (select coalesce(sum(b.on_hand), 0) from stock_batches b
          where b.product_id = p.id and b.recalled_at is null and b.expiry_date >= $2::date)::text as sellable
      from products p where ${inScope('p.id')} order by p.id`,
    [scope, sellableFrom],
  ))
    if (num(row.sellable) !== row.quantity)
      violations.push(
        `(e) product ${row.id}: quantity ${row.quantity}, sellable units from ${sellableFrom} on: ${row.sellable}`,
      );

  // Batches that must never have been sold from (expired, short-dated or recalled ones a suite
  // put on the shelf): no sale row, no allocation. With (b), their units on hand are then exactly
  // what they received, adjusted, wrote off or recalled: no unit of theirs left by an order.
  if (options.untouchableBatchIds?.length) {
    for (const row of await rows<{ id: number; sales: string; allocations: string }>(
      `select b.id,
          (select count(*) from stock_movements m where m.batch_id = b.id and m.kind = 'sale')::text as sales,
          (select count(*) from order_line_batches a where a.batch_id = b.id)::text as allocations
        from stock_batches b
        where b.id in (select value::integer from json_array_elements_text($1::json))
        order by b.id`,
      [JSON.stringify(options.untouchableBatchIds)],
    ))
      if (num(row.sales) > 0 || num(row.allocations) > 0)
        violations.push(
          `unsellable batch ${row.id} was sold from: ${row.sales} sale rows, ${row.allocations} allocations`,
        );
  }

  const [counts] = await rows<Record<string, string>>(
    `select
        (select count(*) from products p where ${inScope('p.id')})::text as products,
        (select count(*) from stock_batches b where ${inScope('b.product_id')})::text as batches,
        (select count(*) from stock_movements m where ${inScope('m.product_id')})::text as movements,
        (select count(*) from order_line_batches a join stock_batches b on b.id = a.batch_id
          where ${inScope('b.product_id')})::text as allocations,
        (select count(*) from order_lines l where l.product_id is not null and ${inScope('l.product_id')})::text as order_lines,
        (select coalesce(sum(b.on_hand), 0) from stock_batches b where ${inScope('b.product_id')})::text as on_hand,
        (select coalesce(sum(a.units), 0) from order_line_batches a join stock_batches b on b.id = a.batch_id
          where not a.returned and ${inScope('b.product_id')})::text as allocated`,
  );
  return {
    violations,
    figures: {
      products: num(counts?.products),
      batches: num(counts?.batches),
      movements: num(counts?.movements),
      allocations: num(counts?.allocations),
      orderLines: num(counts?.order_lines),
      unitsOnHand: num(counts?.on_hand),
      unitsAllocated: num(counts?.allocated),
      sellableFrom,
    },
  };
}

/** Throws with the first violations when any invariant does not hold; answers the figures. */
export async function assertStockInvariants(
  db: StockSource,
  options: StockInvariantOptions = {},
): Promise<StockInvariantFigures> {
  const { violations, figures } = await checkStockInvariants(db, options);
  if (violations.length > 0)
    throw new Error(
      `${violations.length} stock invariant violation(s):\n  ${violations.slice(0, 25).join('\n  ')}` +
        (violations.length > 25 ? `\n  … and ${violations.length - 25} more` : ''),
    );
  return figures;
}

/** One line of figures for a suite's summary. */
export function describeStockFigures(figures: StockInvariantFigures): string {
  return (
    `${figures.products} products, ${figures.batches} batches, ${figures.movements} ledger rows, ` +
    `${figures.allocations} allocations over ${figures.orderLines} order lines, ` +
    `${figures.unitsOnHand} units on hand + ${figures.unitsAllocated} allocated`
  );
}
