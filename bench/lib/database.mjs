// The bench's databases: a fresh PostgreSQL database (dropped afterwards) or a PGlite data
// directory, migrated and filled with the 100,000-product catalogue by the server's own code.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { generateLargeCatalogue } from '../../apps/server/src/db/seed/large-catalogue.ts';
import { signSessionToken } from '../../apps/server/src/lib/tokens.ts';
import { BENCH_JWT_SECRET } from './process.mjs';

export const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** CREATE DATABASE bench_<random>; drop() removes it (WITH FORCE, after the servers stop). */
export async function createPgDatabase() {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Opens (and migrates) the database the way the server does. */
export function open(kind, location) {
  return kind === 'postgres'
    ? openDatabase({ databaseUrl: location, dataDir: '' })
    : openDatabase({ databaseUrl: undefined, dataDir: location });
}

/** The server's generator: 100,000 products (ends with VACUUM ANALYZE). */
export async function seedCatalogue(handle, products) {
  return generateLargeCatalogue(handle.db, { products });
}

const rowsOf = (result) => (Array.isArray(result) ? result : result.rows);

export async function query(handle, statement) {
  return rowsOf(await handle.db.execute(statement));
}

/**
 * A checkpoint once the set-up has written its data, so that none starts while rounds are being
 * measured. Seeding writes about half a gigabyte of WAL, and PostgreSQL starts a spread checkpoint
 * for it a few seconds later; that checkpoint then writes through the measured rounds for up to a
 * minute (51 s on 2026-11-29, docs/performance.md, issue 28), and every page first changed after it
 * begins is written to the WAL whole. False when the bench's role may not checkpoint (not a
 * superuser, not in pg_checkpoint).
 */
export async function checkpoint(handle) {
  try {
    await query(handle, sql`CHECKPOINT`);
    return true;
  } catch {
    return false;
  }
}

/** Names of active products, in id order, for search terms. */
export async function productNames(handle) {
  const rows = await query(handle, sql`SELECT name FROM products WHERE is_active ORDER BY id`);
  return rows.map((row) => row.name);
}

/** Ids of some active products spread over the catalogue, for product-page load. */
export async function sampleProductIds(handle, count) {
  const rows = await query(
    handle,
    sql`SELECT id FROM products WHERE is_active ORDER BY md5(id::text) LIMIT ${count}`,
  );
  return rows.map((row) => Number(row.id));
}

/** Division with the most active products, for the filtered listing. */
export async function busiestDivision(handle) {
  const [row] = await query(
    handle,
    sql`SELECT division_id AS id FROM products WHERE is_active GROUP BY division_id ORDER BY count(*) DESC LIMIT 1`,
  );
  return Number(row.id);
}

const DAY_MS = 86_400_000;
/** The day (UTC) `days` from today, yyyy-MM-dd. */
const dayFromToday = (days = 0) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const addDays = (day, days) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const idList = (ids) =>
  sql`(SELECT value::int FROM json_array_elements_text(${JSON.stringify(ids)}::json))`;

/**
 * The sellable cut-off products.quantity is written for: the stock_horizon row the seed (or a
 * server) wrote; today + 30 days (the default MIN_SHELF_LIFE_DAYS) when there is none.
 */
export async function sellableFrom(handle) {
  const [row] = await query(handle, sql`SELECT sellable_from::text AS day FROM stock_horizon`);
  return row?.day ?? dayFromToday(30);
}

/**
 * Receives `batches` ({ productId, number, expiry, units }) as goods receipts would: one batch and
 * one 'receipt' ledger row each; with `replace`, the products' batches (and their ledger rows) are
 * deleted first (only before any order exists). Then each product's quantity is set to its
 * sellable sum, as the inventory module keeps it.
 */
export async function receiveBatches(handle, productIds, batches, { replace = false } = {}) {
  if (replace)
    await query(handle, sql`DELETE FROM stock_batches WHERE product_id IN ${idList(productIds)}`);
  const rows = batches.map((b) => ({ p: b.productId, n: b.number, e: b.expiry, u: b.units }));
  await query(
    handle,
    sql`WITH received AS (
          INSERT INTO stock_batches (product_id, batch_number, expiry_date, on_hand, received_units,
            received_at, supplier, invoice_reference)
          SELECT p, n, e, u, u, now() - interval '20 days', 'Bench Distributors', 'BENCH/' || p || '/' || n
          FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(p integer, n text, e date, u integer)
          RETURNING id, product_id, on_hand, received_at, invoice_reference
        )
        INSERT INTO stock_movements (product_id, batch_id, kind, units, note, created_at)
        SELECT product_id, id, 'receipt', on_hand, 'Invoice ' || invoice_reference || ' (bench)', received_at
        FROM received`,
  );
  await query(
    handle,
    sql`UPDATE products p SET quantity = (
          SELECT coalesce(sum(b.on_hand), 0)::int FROM stock_batches b
          WHERE b.product_id = p.id AND b.recalled_at IS NULL AND b.expiry_date >= ${await sellableFrom(handle)}::date)
        WHERE p.id IN ${idList(productIds)}`,
  );
}

/** Shares of the hot product's units over its three sellable batches, first to expire first. */
const HOT_SHARES = [0.2, 0.3, 0.5];

/**
 * The stock of the checkout's products, in batches (issue 15).
 * - 'topUp' (rows c1–c2): each pool product keeps the 2–3 batches the catalogue was seeded with
 *   and receives one more, expiring last, that brings its sellable stock to 100,000; the hot
 *   product's stock is three batches of 20 %, 30 % and 50 % of `hotStock`.
 * - 'layered' (the inventory rows): every product's batches are replaced by an expired one and a
 *   short-dated one (30 units each, never to be sold), then sellable batches of 2, 3 and 4 units
 *   and the rest, so that a product's first orders empty its first batches and lines straddle
 *   two or three of them; the hot product the same with its `hotStock` in three batches.
 */
async function stockForCheckout(handle, pool, hot, hotStock, stock) {
  const cutoff = await sellableFrom(handle);
  const today = dayFromToday();
  const shortDated = addDays(cutoff, -5) >= today ? addDays(cutoff, -5) : today;
  const unsellable = (productId, units) => [
    { productId, number: 'BENCH-EXP', expiry: addDays(today, -10), units },
    { productId, number: 'BENCH-SHORT', expiry: shortDated, units },
  ];
  const hotUnits = HOT_SHARES.map((share, i) =>
    i === HOT_SHARES.length - 1
      ? hotStock - HOT_SHARES.slice(0, -1).reduce((sum, s) => sum + Math.round(hotStock * s), 0)
      : Math.round(hotStock * share),
  );
  const hotBatches = [
    ...(stock === 'layered' ? unsellable(hot, 20) : []),
    ...hotUnits.map((units, i) => ({
      productId: hot,
      number: `BENCH-HOT-${i + 1}`,
      expiry: addDays(cutoff, [5, 60, 400][i]),
      units,
    })),
  ];
  await receiveBatches(handle, [hot], hotBatches, { replace: true });
  if (stock === 'layered') {
    const batches = pool.flatMap((productId) => [
      ...unsellable(productId, 30),
      ...[2, 3, 4, 100_000 - 9].map((units, i) => ({
        productId,
        number: `BENCH-${i + 1}`,
        expiry: addDays(cutoff, [3, 30, 200, 800][i]),
        units,
      })),
    ]);
    await receiveBatches(handle, pool, batches, { replace: true });
  } else {
    const current = await query(
      handle,
      sql`SELECT id, quantity FROM products WHERE id IN ${idList(pool)}`,
    );
    const batches = current
      .filter((row) => Number(row.quantity) < 100_000)
      .map((row) => ({
        productId: Number(row.id),
        number: 'BENCH-TOPUP',
        expiry: addDays(cutoff, 1_100),
        units: 100_000 - Number(row.quantity),
      }));
    await receiveBatches(handle, pool, batches);
  }
}

/**
 * Checkout set-up, by SQL before anything is measured: `shoppers` accounts with a signed token,
 * and a cart each of 1–3 products from a pool of 400 well-stocked products; one 'hot' product
 * with `hotStock` units sits in a quarter of the carts so that it sells out under contention.
 * `warmup` more accounts (`warmupTokens`) hold carts without the hot product: their orders warm
 * the server up before the measured ones and leave the hot product's stock alone. Stock is in
 * batches, laid out as `stock` says (stockForCheckout). `poolOffset` skips that many products,
 * and `accounts` names the accounts, so that a second set-up in one database uses other products
 * and shoppers.
 */
export async function prepareCheckout(
  handle,
  { shoppers, hotStock, warmup = 0, stock = 'topUp', poolOffset = 0, accounts = 'bench-shopper' },
) {
  const pool = (
    await query(
      handle,
      sql`SELECT id FROM products WHERE is_active AND NOT prescription ORDER BY id LIMIT 401 OFFSET ${poolOffset}`,
    )
  ).map((row) => Number(row.id));
  const hot = pool.pop();
  await stockForCheckout(handle, pool, hot, hotStock, stock);
  const users = await query(
    handle,
    sql`INSERT INTO users (name, email, password_hash)
        SELECT 'Bench Shopper ' || n, ${accounts} || '-' || n || '@example.com', 'not-a-login'
        FROM generate_series(1, ${shoppers + warmup}) AS n
        ORDER BY n
        RETURNING id, token_version AS "tokenVersion"`,
  );
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const lines = [];
  for (const [index, user] of users.entries()) {
    const chosen = new Set();
    const count = 1 + Math.floor(next() * 3);
    while (chosen.size < count) chosen.add(pool[Math.floor(next() * pool.length)]);
    if (next() < 0.25 && index >= warmup) chosen.add(hot);
    for (const productId of chosen)
      lines.push({ u: Number(user.id), p: productId, c: 1 + Math.floor(next() * 2) });
  }
  await query(
    handle,
    sql`INSERT INTO cart_items (user_id, product_id, count)
        SELECT u, p, c FROM json_to_recordset(${JSON.stringify(lines)}::json) AS r(u integer, p integer, c integer)`,
  );
  const tokens = await Promise.all(
    users.map((user) =>
      signSessionToken(BENCH_JWT_SECRET, {
        userId: Number(user.id),
        roleId: 2,
        tokenVersion: Number(user.tokenVersion),
      }),
    ),
  );
  const before = await query(
    handle,
    sql`SELECT id, quantity FROM products WHERE id IN ${idList([...pool, hot])}`,
  );
  return {
    warmupTokens: tokens.slice(0, warmup),
    tokens: tokens.slice(warmup),
    hot,
    products: [...pool, hot],
    stockBefore: new Map(before.map((row) => [Number(row.id), Number(row.quantity)])),
  };
}

/**
 * Oversell check after checkout: no stock below zero, and for every product the units that left
 * stock equal the units in order lines.
 */
export async function checkStock(handle, products, stockBefore) {
  const rows = await query(
    handle,
    sql`SELECT p.id, p.quantity,
          coalesce((SELECT sum(l.quantity) FROM order_lines l WHERE l.product_id = p.id), 0) AS sold
        FROM products p WHERE p.id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(products)}::json))`,
  );
  let negative = 0;
  let mismatched = 0;
  for (const row of rows) {
    const quantity = Number(row.quantity);
    if (quantity < 0) negative += 1;
    if ((stockBefore.get(Number(row.id)) ?? 0) - quantity !== Number(row.sold)) mismatched += 1;
  }
  return { negative, mismatched };
}

/**
 * The stock model's invariants after checkout (docs/decisions/0011), over `products`' batches;
 * each count should be 0 except `splitLines` and `batchesTouched`, which show how much of the
 * allocation crossed batches:
 * - negativeBatches: a batch with units on hand below zero;
 * - ledgerMismatch: a batch whose units on hand differ from the sum of its ledger rows;
 * - allocationMismatch: a batch whose units received differ from its units on hand plus the
 *   units allocated to order lines (and not returned);
 * - lineMismatch: an order line whose batch allocations do not add up to its quantity;
 * - quantityMismatch: a product whose quantity differs from the sum of its sellable batches;
 * - unsellableTaken: units allocated from an expired, short-dated or recalled batch;
 * - fefoViolations: a batch that gave units while a sellable batch expiring before it (or on the
 *   same day, with a lower id) still holds units (valid as long as no units were returned).
 */
export async function checkBatches(handle, products) {
  const cutoff = await sellableFrom(handle);
  const [row] = await query(
    handle,
    sql`WITH b AS (
          SELECT b.*,
            (SELECT coalesce(sum(m.units), 0) FROM stock_movements m WHERE m.batch_id = b.id) AS ledger,
            (SELECT coalesce(sum(a.units), 0) FROM order_line_batches a
              WHERE a.batch_id = b.id AND NOT a.returned) AS allocated
          FROM stock_batches b WHERE b.product_id IN ${idList(products)}
        )
        SELECT
          count(*) FILTER (WHERE on_hand < 0)::int AS "negativeBatches",
          count(*) FILTER (WHERE on_hand <> ledger)::int AS "ledgerMismatch",
          count(*) FILTER (WHERE received_units <> on_hand + allocated)::int AS "allocationMismatch",
          count(*) FILTER (WHERE allocated > 0
            AND (expiry_date < ${cutoff}::date OR recalled_at IS NOT NULL))::int AS "unsellableTaken",
          count(*) FILTER (WHERE allocated > 0 AND EXISTS (
            SELECT 1 FROM stock_batches e WHERE e.product_id = b.product_id AND e.on_hand > 0
              AND e.recalled_at IS NULL AND e.expiry_date >= ${cutoff}::date
              AND (e.expiry_date, e.id) < (b.expiry_date, b.id)))::int AS "fefoViolations",
          count(*) FILTER (WHERE allocated > 0)::int AS "batchesTouched",
          (SELECT count(*)::int FROM order_lines l WHERE l.product_id IN ${idList(products)}
            AND l.quantity <> (SELECT coalesce(sum(a.units), 0) FROM order_line_batches a
              WHERE a.order_line_id = l.id)) AS "lineMismatch",
          (SELECT count(*)::int FROM (SELECT a.order_line_id FROM order_line_batches a
            JOIN order_lines l ON l.id = a.order_line_id WHERE l.product_id IN ${idList(products)}
            GROUP BY a.order_line_id HAVING count(*) > 1) x) AS "splitLines",
          (SELECT count(*)::int FROM products p WHERE p.id IN ${idList(products)}
            AND p.quantity <> (SELECT coalesce(sum(s.on_hand), 0) FROM stock_batches s
              WHERE s.product_id = p.id AND s.recalled_at IS NULL
                AND s.expiry_date >= ${cutoff}::date)) AS "quantityMismatch"
        FROM b`,
  );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}
