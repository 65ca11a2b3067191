import { parse } from 'csv-parse/sync';
import {
  DELIVERY_CSV_COLUMNS,
  DELIVERY_CSV_MAX_ROWS,
  deliveryAreaFromCsv,
  type DeliveryAreaInput,
  type DeliveryCsvColumn,
} from '@pharmacy/shared';
import { BadRequestError } from '../../lib/errors';

const REQUIRED: DeliveryCsvColumn[] = ['pincode_from', 'zone', 'delivery_days'];

/**
 * The delivery areas' CSV (csv-parse, the catalogue import's parser): a header row naming
 * columns of DELIVERY_CSV_COLUMNS (any order, any case; pincode_from, zone and delivery_days
 * required), then one area per row. A file that cannot be read as a whole is a 400; a row that is
 * wrong is refused with its line and the reason, the others read.
 */
export function readDeliveryCsv(content: Buffer): {
  rows: { line: number; area: DeliveryAreaInput }[];
  refused: { line: number; message: string }[];
} {
  let records: string[][];
  try {
    records = parse(content, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw new BadRequestError(
      `file: This is not a CSV file we can read (${error instanceof Error ? error.message.slice(0, 120) : 'unreadable'}).`,
    );
  }
  const [header, ...body] = records;
  if (!header) throw new BadRequestError('file: The file is empty.');
  const columns = header.map((cell) => cell.trim().toLowerCase());
  for (const column of columns)
    if (!DELIVERY_CSV_COLUMNS.includes(column as DeliveryCsvColumn))
      throw new BadRequestError(
        `file: The column “${column.slice(0, 40)}” is not a delivery area column. The columns are: ${DELIVERY_CSV_COLUMNS.join(', ')}.`,
      );
  const missing = REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new BadRequestError(`file: The file needs the columns ${missing.join(', ')}.`);
  if (body.length > DELIVERY_CSV_MAX_ROWS)
    throw new BadRequestError(`file: At most ${DELIVERY_CSV_MAX_ROWS} rows in one file.`);
  const rows: { line: number; area: DeliveryAreaInput }[] = [];
  const refused: { line: number; message: string }[] = [];
  body.forEach((record, index) => {
    // Line 1 is the header; records here are single-line (a pincode file has no quoted breaks).
    const line = index + 2;
    if (record.length > columns.length) {
      refused.push({ line, message: `More cells than the ${columns.length} columns.` });
      return;
    }
    const cells = Object.fromEntries(columns.map((column, i) => [column, record[i] ?? '']));
    const read = deliveryAreaFromCsv(cells);
    if (read.ok) rows.push({ line, area: read.area });
    else refused.push({ line, message: read.message });
  });
  return { rows, refused };
}
