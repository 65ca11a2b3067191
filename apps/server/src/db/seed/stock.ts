import { DEFAULT_MIN_SHELF_LIFE_DAYS, sellableCutoff, utcDay } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { stockHorizon } from '../schema/index';

/**
 * What the seeds share about stock in batches (docs/decisions/0011): the sellable cut-off that
 * products.quantity is written for, and the suppliers goods arrive from.
 */

/**
 * The advisory lock under which the inventory module moves the sellable cut-off
 * (inventory.repository advanceHorizon). A seed takes it too, so the cut-off cannot move between
 * the moment it is read and the moment the seeded products are committed.
 */
const HORIZON_LOCK_KEY = 72_010_015;

/**
 * The earliest expiry date whose units count in products.quantity, in the caller's transaction
 * and under the inventory module's lock: the cut-off the database already holds (stock_horizon,
 * written when a server started), or today (UTC) + `minShelfLifeDays` when no server ever ran on
 * it. In the second case the row is written, so a server starting later with the same
 * MIN_SHELF_LIFE_DAYS need not recompute every product; with another value it recomputes only
 * the products with a batch between the two cut-offs. Quantities written by the seeds are always
 * the sellable sum for the day returned here.
 */
export async function lockSellableFrom(
  tx: DbOrTx,
  options: { minShelfLifeDays?: number; now?: Date } = {},
): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(HORIZON_LOCK_KEY))})`);
  const [row] = await tx.select({ sellableFrom: stockHorizon.sellableFrom }).from(stockHorizon);
  if (row) return row.sellableFrom;
  const sellableFrom = sellableCutoff(
    utcDay(options.now),
    options.minShelfLifeDays ?? DEFAULT_MIN_SHELF_LIFE_DAYS,
  );
  await tx.insert(stockHorizon).values({ id: true, sellableFrom }).onConflictDoNothing();
  return sellableFrom;
}

/** Wholesale distributors (invented names) and the prefix of their invoice numbers. */
export const SUPPLIERS: readonly { name: string; code: string }[] = [
  { name: 'Shree Ganesh Medical Agencies', code: 'SGMA' },
  { name: 'Balaji Pharma Distributors', code: 'BPD' },
  { name: 'Sai Krishna Medicos (Wholesale)', code: 'SKM' },
  { name: 'Metro Drug House', code: 'MDH' },
  { name: 'Lifeline Pharma Traders', code: 'LPT' },
  { name: 'Apex Healthcare Distributors', code: 'AHD' },
  { name: 'Navjeevan Medical Agencies', code: 'NJMA' },
];

/** India's financial year of a day, as printed on invoices: '25-26' from April 2025 to March 2026. */
export function financialYear(date: Date): string {
  const year = date.getUTCFullYear() - (date.getUTCMonth() < 3 ? 1 : 0);
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(year)}-${yy(year + 1)}`;
}

/** Two capital letters for a manufacturer's batch codes: 'Micro Labs' → 'ML', 'Cipla' → 'CI'. */
export function batchPrefix(manufacturer: string): string {
  const words = manufacturer
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((word) => word.length > 1);
  const letters =
    words.length >= 2 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0] ?? 'XX').slice(0, 2);
  return letters.padEnd(2, 'X');
}

/** The note of a receipt's ledger row, as a goods receipt through the API writes it. */
export function receiptNote(invoiceReference: string, supplier: string): string {
  return `Invoice ${invoiceReference} from ${supplier}`;
}
