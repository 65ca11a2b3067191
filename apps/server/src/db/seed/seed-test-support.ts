import { utcDay, addDays } from '@pharmacy/shared';
import type { and } from 'drizzle-orm';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import type { divisions, manufacturers, saltCompositions } from '../schema/index';
import { products } from '../schema/index';

/** What the seed test files share: SQLSTATEs, counts and the stock invariants of decision 0011. */

export const MIN_PRICE_MINOR = 50 * 100;

/** The PostgreSQL SQLSTATE of a failed query (drizzle wraps the driver error in `cause`). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

export async function failureCode(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    return sqlState(error);
  }
  return 'no error';
}

export const CHECK_VIOLATION = '23514';
export const UNIQUE_VIOLATION = '23505';

export async function countOf(
  db: Database,
  table: typeof products | typeof divisions | typeof manufacturers | typeof saltCompositions,
) {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

export async function countProducts(db: Database, where: ReturnType<typeof and>) {
  const [row] = await db.select({ n: count() }).from(products).where(where);
  return row?.n ?? 0;
}

export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export async function one<T>(db: Database, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<T>(await db.execute(query));
  if (!row) throw new Error('no row');
  return row;
}

export const NO_VIOLATIONS = {
  onHandNotLedger: 0,
  notOneReceipt: 0,
  notReceipt: 0,
  notAllOnHand: 0,
  quantityNotSellable: 0,
  badPurchasePrice: 0,
  badDetails: 0,
  moreThanFour: 0,
};

/**
 * The stock invariants of docs/decisions/0011 over the products with id > `afterId`, at the
 * sellable cut-off `sellableFrom`; every count should be 0.
 */
export async function stockViolations(db: Database, afterId: number, sellableFrom: string) {
  return one<typeof NO_VIOLATIONS>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM stock_batches b WHERE b.product_id > ${afterId}
        AND b.on_hand <> (SELECT coalesce(sum(m.units), 0) FROM stock_movements m WHERE m.batch_id = b.id))
        AS "onHandNotLedger",
      (SELECT count(*)::int FROM stock_batches b WHERE b.product_id > ${afterId}
        AND (SELECT count(*) FROM stock_movements m WHERE m.batch_id = b.id AND m.kind = 'receipt'
          AND m.units = b.received_units AND m.created_at = b.received_at AND m.product_id = b.product_id) <> 1)
        AS "notOneReceipt",
      (SELECT count(*)::int FROM stock_movements m JOIN stock_batches b ON b.id = m.batch_id
        WHERE b.product_id > ${afterId} AND m.kind <> 'receipt') AS "notReceipt",
      (SELECT count(*)::int FROM stock_batches b WHERE b.product_id > ${afterId}
        AND (b.on_hand <> b.received_units OR b.on_hand <= 0)) AS "notAllOnHand",
      (SELECT count(*)::int FROM products p WHERE p.id > ${afterId}
        AND p.quantity <> (SELECT coalesce(sum(b.on_hand), 0) FROM stock_batches b
          WHERE b.product_id = p.id AND b.recalled_at IS NULL AND b.expiry_date >= ${sellableFrom}::date))
        AS "quantityNotSellable",
      (SELECT count(*)::int FROM stock_batches b JOIN products p ON p.id = b.product_id
        WHERE b.product_id > ${afterId} AND (b.purchase_price_minor IS NULL
          OR b.purchase_price_minor >= p.offer_price_minor OR b.purchase_price_minor <= 0))
        AS "badPurchasePrice",
      (SELECT count(*)::int FROM stock_batches b WHERE b.product_id > ${afterId}
        AND (b.received_at > now() OR b.received_at >= b.expiry_date::timestamptz
          OR b.supplier IS NULL OR b.invoice_reference IS NULL
          OR b.batch_number !~ '^[A-Z]{2}[0-9]{2}-[0-9]{4}$'))
        AS "badDetails",
      (SELECT count(*)::int FROM (SELECT product_id FROM stock_batches WHERE product_id > ${afterId}
        GROUP BY product_id HAVING count(*) > 4) x) AS "moreThanFour"
  `,
  );
}

/** How the batches of products with id > `afterId` lie against today and the cut-off. */
export interface BatchShape {
  expired: number;
  shortDated: number;
  nearExpirySellable: number;
  overTwoYears: number;
  furthestDays: number;
  batches: number;
  products: number;
  stocked: number;
  stockedSellableBatches: number;
}

export async function batchShape(db: Database, afterId: number, sellableFrom: string) {
  const today = utcDay();
  return one<BatchShape>(
    db,
    sql`
    SELECT
      count(*) FILTER (WHERE b.expiry_date < ${today}::date)::int AS expired,
      count(*) FILTER (WHERE b.expiry_date >= ${today}::date
        AND b.expiry_date < ${sellableFrom}::date)::int AS "shortDated",
      count(*) FILTER (WHERE b.expiry_date >= ${sellableFrom}::date
        AND b.expiry_date < ${addDays(today, 90)}::date)::int AS "nearExpirySellable",
      count(*) FILTER (WHERE b.expiry_date > ${addDays(today, 2 * 365)}::date)::int AS "overTwoYears",
      max(b.expiry_date - ${today}::date)::int AS "furthestDays",
      count(*)::int AS batches,
      count(DISTINCT b.product_id)::int AS products,
      (SELECT count(*)::int FROM products p WHERE p.id > ${afterId} AND p.quantity >= 10) AS "stocked",
      count(*) FILTER (WHERE p.quantity >= 10 AND b.expiry_date >= ${sellableFrom}::date)::int
        AS "stockedSellableBatches"
    FROM stock_batches b JOIN products p ON p.id = b.product_id
    WHERE b.product_id > ${afterId}
  `,
  );
}

/** A tiny well-formedness check: tags balance, no stray '<' or '&' in text. */
export function isWellFormedXml(xml: string): boolean {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const text = xml.slice(last, match.index);
    if (/[<>]/.test(text) || /&(?!(amp|lt|gt|quot|apos);)/.test(text)) return false;
    last = tag.lastIndex;
    const [, closing, name = '', , selfClosing] = match;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else {
      stack.push(name);
    }
  }
  return stack.length === 0 && xml.slice(last).trim() === '';
}
