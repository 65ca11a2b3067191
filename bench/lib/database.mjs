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

/**
 * Checkout set-up, by SQL before anything is measured: `shoppers` accounts with a signed token,
 * and a cart each of 1–3 products from a pool of 400 well-stocked products; one 'hot' product
 * with `hotStock` units sits in a quarter of the carts so that it sells out under contention.
 * `warmup` more accounts (`warmupTokens`) hold carts without the hot product: their orders warm
 * the server up before the measured ones and leave the hot product's stock alone.
 */
export async function prepareCheckout(handle, { shoppers, hotStock, warmup = 0 }) {
  const pool = (
    await query(
      handle,
      sql`SELECT id FROM products WHERE is_active AND NOT prescription ORDER BY id LIMIT 401`,
    )
  ).map((row) => Number(row.id));
  const hot = pool.pop();
  await query(
    handle,
    sql`UPDATE products SET quantity = 100000 WHERE id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(pool)}::json))`,
  );
  await query(handle, sql`UPDATE products SET quantity = ${hotStock} WHERE id = ${hot}`);
  const users = await query(
    handle,
    sql`INSERT INTO users (name, email, password_hash)
        SELECT 'Bench Shopper ' || n, 'bench-shopper-' || n || '@example.com', 'not-a-login'
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
  const stock = await query(
    handle,
    sql`SELECT id, quantity FROM products WHERE id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify([...pool, hot])}::json))`,
  );
  return {
    warmupTokens: tokens.slice(0, warmup),
    tokens: tokens.slice(warmup),
    hot,
    products: [...pool, hot],
    stockBefore: new Map(stock.map((row) => [Number(row.id), Number(row.quantity)])),
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
