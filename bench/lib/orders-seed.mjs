// Issue 18: 100,000 orders for the dashboard's bench (rows l1–l4), written by set-based
// INSERT … SELECT over generate_series so they take seconds, not minutes: customers opened over
// the last 400 days, orders placed over the last 365 with one to three lines of the seeded
// catalogue, the statuses of a working shop (old orders mostly delivered, about one in ten
// cancelled; recent ones spread over every status), expected delivery five days after placing.
// Stock is not allocated to these lines: the dashboard reads orders and lines, not batches.
import { sql } from 'drizzle-orm';
import { query } from './database.mjs';

const MINUTES_PER_YEAR = 365 * 24 * 60;

/**
 * Seeds `orders` orders (and `customers` customer accounts) into a database that already holds
 * the catalogue; answers how long it took. Deterministic: the same counts give the same shop.
 */
export async function seedOrders(handle, { orders = 100_000, customers = 5_000 } = {}) {
  const started = performance.now();
  await query(
    handle,
    sql`INSERT INTO users (name, email, password_hash, role_id, provider_name, created_at)
        SELECT 'Bench Customer ' || g, 'bench-customer-' || g || '@example.com', 'not-a-login', 2,
               'Email', now() - ((g * 7919) % 400) * interval '1 day' - (g % 1440) * interval '1 minute'
        FROM generate_series(1, ${customers}) AS g`,
  );
  // Fresh statistics before each join on what was just written: without them the planner
  // expects empty tables and picks plans that take minutes instead of a second.
  await query(handle, sql`ANALYZE users`);
  await query(
    handle,
    sql`WITH customers AS (
          SELECT id, row_number() OVER (ORDER BY id) AS n
          FROM users WHERE email LIKE 'bench-customer-%'
        ), size AS (
          SELECT count(*) AS total FROM users WHERE email LIKE 'bench-customer-%'
        ), placed AS (
          SELECT g, (g * 7919) % 100 AS roll, 1 + (g * 31) % size.total AS customer_rank,
                 now() - ((g::bigint * 104729) % ${MINUTES_PER_YEAR}) * interval '1 minute' AS at
          FROM generate_series(1, ${orders}) AS g, size
        ), spread AS (
          SELECT g, at, customer_rank,
                 CASE
                   WHEN at < now() - interval '14 days' THEN
                     CASE WHEN roll < 10 THEN 8 WHEN roll < 12 THEN 6 ELSE 7 END
                   ELSE (ARRAY[1, 2, 3, 9, 4, 5, 10, 10, 6, 6, 7, 7, 7, 8, 4])[1 + roll % 15]
                 END AS status_id
          FROM placed
        )
        INSERT INTO orders (user_id, status_id, total_order_value_minor, expected_delivery_date,
                            payment_note, created_at, updated_at)
        SELECT customers.id, status_id, 0,
               -- Only an order past checkout has a delivery date to keep.
               CASE WHEN status_id IN (4, 5, 6, 7, 10) THEN (at + interval '5 days')::date END,
               'Cash on Delivery', at, at
        FROM spread
        JOIN customers ON customers.n = spread.customer_rank`,
  );
  await query(handle, sql`ANALYZE orders`);
  // Products are picked by their rank (a hash join), not by subscripting an array of 100,000
  // ids for every line, which PostgreSQL would read whole again each time.
  await query(
    handle,
    sql`WITH catalogue AS (
          SELECT id, row_number() OVER (ORDER BY id) AS n FROM products
        ), size AS (SELECT count(*) AS total FROM products),
        picked AS (
          SELECT o.id AS order_id,
                 1 + ((o.id::bigint * 131 + k * 7907) % size.total) AS rank,
                 1 + (o.id + k) % 4 AS quantity
          FROM orders o
          CROSS JOIN generate_series(0, 2) AS k
          CROSS JOIN size
          WHERE o.payment_note = 'Cash on Delivery' AND o.total_order_value_minor = 0
            AND k <= o.id % 3
        )
        INSERT INTO order_lines (order_id, product_id, product_name, unit_price_minor,
                                 maximum_retail_price_minor, quantity, prescription)
        SELECT picked.order_id, p.id, p.name, p.offer_price_minor, p.maximum_retail_price_minor,
               picked.quantity, p.prescription
        FROM picked
        JOIN catalogue ON catalogue.n = picked.rank
        JOIN products p ON p.id = catalogue.id`,
  );
  await query(
    handle,
    sql`UPDATE orders SET total_order_value_minor = totals.total
        FROM (SELECT order_id, sum(unit_price_minor * quantity) AS total
              FROM order_lines GROUP BY order_id) AS totals
        WHERE orders.id = totals.order_id AND orders.total_order_value_minor = 0`,
  );
  // VACUUM as autovacuum would soon after such a load: it marks the pages all-visible, which the
  // dashboard's index-only scans rely on (docs/decisions/0016).
  await query(handle, sql`VACUUM ANALYZE orders`);
  await query(handle, sql`VACUUM ANALYZE order_lines`);
  const [counts] = await query(
    handle,
    sql`SELECT (SELECT count(*) FROM orders)::int AS orders,
               (SELECT count(*) FROM order_lines)::int AS lines`,
  );
  return { ms: performance.now() - started, orders: counts.orders, lines: counts.lines };
}
