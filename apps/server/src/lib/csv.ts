import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * A spreadsheet-safe cell (OWASP 'CSV injection'): text a spreadsheet would run as a formula
 * gets a leading ' so it shows as text. Every CSV the shop writes uses it.
 */
export function spreadsheetCell(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Rows as a CSV stream: a UTF-8 BOM (so Excel reads the accents and ₹ right), the header row,
 * then each row as the source yields it. The source is pulled only as fast as the client reads,
 * and is closed (its `finally` runs) when the client goes away or the stream fails.
 */
export function csvStream(
  columns: readonly string[],
  rows: AsyncIterable<readonly (string | number)[]>,
): Readable {
  const csv = stringify({ bom: true, header: true, columns: [...columns] });
  return pipeline(Readable.from(rows), csv, () => {
    // Errors reach the reply through `csv`, which pipeline destroys with them.
  });
}
