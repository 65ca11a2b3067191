import { DEFAULT_NEAR_EXPIRY_DAYS } from '@pharmacy/shared';
import { sql, type SQL } from 'drizzle-orm';
import { stockBatches, stockMovements } from '../schema/index';
import { SUPPLIERS } from './stock';

/** Suppliers as SQL arrays, indexed 1…n like PostgreSQL's. */
const SUPPLIER_NAMES = `{${SUPPLIERS.map((s) => `"${s.name}"`).join(',')}}`;
const SUPPLIER_CODES = `{${SUPPLIERS.map((s) => s.code).join(',')}}`;
/**
 * The stock of the products just inserted (CTE \`inserted\`: id, quantity, offer, created),
 * set-based: each product's quantity in 1–3 sellable batches (2–3 when it holds 10 units or
 * more), the first to expire holding the fewest; some products also hold a batch that cannot be
 * sold. Their sellable units add up to the product's quantity by construction: sellable batches
 * expire on or after the cut-off, the others before it. Pseudo-random but repeatable: every choice
 * comes from a multiplicative hash of the product's id (and the batch's position).
 *
 * - about 12 % of products' first batch expires within the near-expiry window (90 days), the
 *   others 2–19 months after the cut-off, each later batch 2–10 months after the one before;
 * - 5 % of products also hold a short-dated batch (expiring before the cut-off) and 1 % an expired
 *   one (both awaiting a write-off), as do half of the products out of stock;
 * - batch numbers like 'KD24-5517' (two letters, the year made, four digits, unique per
 *   product), received between the product's listing and now, from one of SUPPLIERS with an
 *   invoice number, at 60–81 % of the offer price.
 */
export function batchesSql(day: { today: string; sellableFrom: string; now: string }) {
  const today = sql`${day.today}::date`;
  const cutoff = sql`${day.sellableFrom}::date`;
  const now = sql`${day.now}::timestamptz`;
  // The last day inside the near-expiry window, and the minimum shelf life, in days.
  const nearLast = sql`(${today} + ${sql.raw(String(DEFAULT_NEAR_EXPIRY_DAYS - 1))})`;
  const shelf = sql`(${cutoff} - ${today})`;
  /** A number in [0, n) from bits of the product's hash. */
  const pick = (bits: number, n: SQL | number) =>
    sql`((s.h / ${sql.raw(String(bits))}) % ${typeof n === 'number' ? sql.raw(String(n)) : n})::integer`;
  return sql`
    shaped AS (
      SELECT i.*, h.h,
        CASE WHEN i.quantity = 0 THEN 0 WHEN i.quantity < 10 THEN 1 ELSE 2 + (h.h % 2)::integer END
          AS sellable,
        CASE
          WHEN (h.h / 7) % 100 = 0 THEN 'expired'
          WHEN ${shelf} >= 2 AND ((h.h / 7) % 100 <= 5 OR (i.quantity = 0 AND (h.h / 7) % 2 = 0))
            THEN 'short'
        END AS extra,
        (h.h / 701) % 100 < 12 AND ${nearLast} - ${cutoff} >= 3 AS near
      FROM inserted i
      CROSS JOIN LATERAL (SELECT (i.id::bigint * 2654435761 % 4294967296) / 256 AS h) h
    ),
    counted AS (
      SELECT s.*, s.sellable + CASE WHEN s.extra IS NULL THEN 0 ELSE 1 END AS batches FROM shaped s
    ),
    layout AS (
      SELECT s.id AS product_id, s.offer, s.created, k,
        ((s.id::bigint * 8 + k) * 2246822519 % 4294967296) / 256 AS r,
        CASE
          WHEN k > s.sellable AND s.extra = 'expired' THEN ${today} - 3 - ${pick(13, 60)}
          WHEN k > s.sellable THEN ${today} + 1 + ${pick(13, sql`(${shelf} - 1)`)}
          WHEN s.near THEN ${cutoff} + 2 + ${pick(17, sql`(${nearLast} - ${cutoff} - 2)`)}
            + (k - 1) * (60 + ${pick(19, 240)})
          ELSE ${cutoff} + 60 + ${pick(17, 500)} + (k - 1) * (60 + ${pick(19, 240)})
        END AS expiry,
        -- Shares 1 : 2 : 3 of the quantity (integer steps of k(k + 1) / n(n + 1), so they add up).
        CASE WHEN k > s.sellable THEN 1 + ${pick(23, 24)}
          ELSE s.quantity * k * (k + 1) / (s.sellable * (s.sellable + 1))
            - s.quantity * (k - 1) * k / (s.sellable * (s.sellable + 1))
        END AS units,
        -- Received in expiry order: the unsellable batch first, then the sellable ones.
        (CASE WHEN k > s.sellable THEN 0 ELSE k END + 0.2 + ${pick(29, 60)} / 100.0)
          / (s.batches + 1) AS received_share
      FROM counted s
      CROSS JOIN LATERAL generate_series(1, s.batches) AS k
    ),
    dated AS (
      SELECT l.*, least(
          l.created + (${now} - l.created) * l.received_share,
          l.expiry::timestamptz - interval '90 days'
        ) AS received_at,
        (${SUPPLIER_NAMES}::text[])[1 + (l.r / 22) % ${sql.raw(String(SUPPLIERS.length))}] AS supplier,
        (${SUPPLIER_CODES}::text[])[1 + (l.r / 22) % ${sql.raw(String(SUPPLIERS.length))}] AS code
      FROM layout l
    ),
    batches AS (
      INSERT INTO ${stockBatches} (product_id, batch_number, expiry_date, on_hand, received_units,
        received_at, purchase_price_minor, supplier, invoice_reference)
      SELECT d.product_id,
        chr(65 + ((d.product_id::bigint * 40503) % 65536 % 26)::integer)
          || chr(65 + ((d.product_id::bigint * 40503) % 65536 / 26 % 26)::integer)
          || to_char(d.expiry - interval '2 years', 'YY') || '-'
          || (1000 + ((d.product_id::bigint * 2654435761 % 4294967296) / 4096 + d.k * 3331) % 9000)::text,
        d.expiry, d.units, d.units, d.received_at,
        round(d.offer * (0.60 + (d.r % 22) / 100.0) / 10) * 10,
        d.supplier,
        d.code || '/' || to_char(d.received_at AT TIME ZONE 'UTC' - interval '3 months', 'YY') || '-'
          || to_char(d.received_at AT TIME ZONE 'UTC' + interval '9 months', 'YY') || '/'
          || lpad(((d.r / 1000) % 99999 + 1)::text, 5, '0')
      FROM dated d
      RETURNING id, product_id, on_hand, received_at, supplier, invoice_reference
    )
    INSERT INTO ${stockMovements} (product_id, batch_id, kind, units, note, created_at)
    SELECT b.product_id, b.id, 'receipt', b.on_hand,
      'Invoice ' || b.invoice_reference || ' from ' || b.supplier, b.received_at
    FROM batches b`;
}
