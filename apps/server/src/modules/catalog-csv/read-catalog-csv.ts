import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MAX_ROWS,
  CATALOG_CSV_MESSAGES,
  CATALOG_CSV_READ_ONLY,
  type CatalogCsvField,
} from '@pharmacy/shared';
import { BadRequestError } from '../../lib/errors';

export type EditableField = Exclude<CatalogCsvField, 'prescription' | 'stock'>;
export type ReadOnlyField = Extract<CatalogCsvField, 'prescription' | 'stock'>;

const isReadOnly = (field: CatalogCsvField): field is ReadOnlyField =>
  CATALOG_CSV_READ_ONLY.includes(field);

/** A record of the file: where it starts (the header is line 1) and its cells by field. */
export interface CsvRecord {
  line: number;
  cells: Record<EditableField, string> | null;
  /**
   * The cells of the columns the import ignores (the export writes them): the demo seed receives
   * its Stock as batches (db/seed/seed-demo.ts).
   */
  readOnly?: Partial<Record<ReadOnlyField, string>>;
  /** Set when the record cannot be read as a row (a wrong number of cells). */
  problem?: string;
}

const FIELD_BY_HEADER = new Map(
  (Object.entries(CATALOG_CSV_COLUMNS) as [CatalogCsvField, string][]).map(([field, header]) => [
    header.toLowerCase(),
    field,
  ]),
);
/** Every column an import needs; ID may be left out (every row is then new or found by name). */
const REQUIRED: EditableField[] = (Object.keys(CATALOG_CSV_COLUMNS) as CatalogCsvField[]).filter(
  (field): field is EditableField =>
    field !== 'id' && field !== 'returnable' && !CATALOG_CSV_READ_ONLY.includes(field),
);

/**
 * The export writes text a spreadsheet would run as a formula with a leading ' (lib/csv.ts
 * spreadsheetCell); reading it back drops that mark, so a round trip changes nothing.
 */
const fromSpreadsheetCell = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** Line breaks inside a quoted cell: the next record starts that many lines further down. */
const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

function headerFields(header: string[]): CatalogCsvField[] {
  const seen = new Set<CatalogCsvField>();
  const fields = header.map((cell) => {
    const text = cell.trim();
    const field = FIELD_BY_HEADER.get(text.toLowerCase());
    if (!field) {
      throw new BadRequestError(
        `file: The column “${text.slice(0, 60)}” is not a catalogue column. The columns are: ${Object.values(CATALOG_CSV_COLUMNS).join(', ')}.`,
      );
    }
    if (seen.has(field))
      throw new BadRequestError(`file: The column “${text}” appears twice in the header.`);
    seen.add(field);
    return field;
  });
  const missing = REQUIRED.filter((field) => !seen.has(field));
  if (missing.length > 0) {
    throw new BadRequestError(
      `file: The header has no ${missing.map((field) => `“${CATALOG_CSV_COLUMNS[field]}”`).join(', ')} column${missing.length > 1 ? 's' : ''}.`,
    );
  }
  return fields;
}

/**
 * Reads a catalogue CSV with csv-parse (quotes, commas and line breaks inside quotes, a BOM,
 * CRLF or LF) into records that know the line they start on, one at a time, so that a large
 * file is never held as records all at once. Rows of empty cells are skipped.
 * A file that is not CSV at all (an unclosed quote) answers 400 naming the line.
 */
export async function* readCatalogCsv(content: Buffer): AsyncGenerator<CsvRecord> {
  const parser = Readable.from([content]).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: false }),
  );
  let rows = 0;
  let fields: CatalogCsvField[] | null = null;
  let line = 1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const start = line;
      line += 1 + record.reduce((breaks, cell) => breaks + lineBreaks(cell), 0);
      if (record.every((cell) => cell.trim() === '')) continue;
      if (!fields) {
        fields = headerFields(record);
        continue;
      }
      rows += 1;
      if (rows > CATALOG_CSV_MAX_ROWS)
        throw new BadRequestError(`file: ${CATALOG_CSV_MESSAGES.tooManyRows}`);
      if (record.length !== fields.length) {
        yield {
          line: start,
          cells: null,
          problem: `This row has ${record.length} cells; the header has ${fields.length}.`,
        };
        continue;
      }
      const cells = { id: '' } as Record<EditableField, string>;
      const readOnly: Partial<Record<ReadOnlyField, string>> = {};
      fields.forEach((field, index) => {
        const text = fromSpreadsheetCell(record[index] ?? '');
        if (isReadOnly(field)) readOnly[field] = text;
        else cells[field] = text;
      });
      yield { line: start, cells, readOnly };
    }
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    const at = (error as { lines?: number }).lines;
    throw new BadRequestError(
      `file: The file is not valid CSV${at ? ` (near line ${at})` : ''}: ${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`,
    );
  }
  if (!fields || rows === 0) throw new BadRequestError(`file: ${CATALOG_CSV_MESSAGES.empty}`);
}
