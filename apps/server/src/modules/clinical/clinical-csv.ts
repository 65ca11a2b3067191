import { parse } from 'csv-parse/sync';
import {
  DRUG_INTERACTION_CSV_COLUMNS,
  DRUG_INTERACTION_CSV_MAX_ROWS,
  DRUG_INTERACTION_CSV_MESSAGES,
  DRUG_INTERACTION_CSV_REQUIRED,
  drugInteractionFromCsv,
  interactionPairKey,
  type DrugInteractionCsvColumn,
  type DrugInteractionData,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { BadRequestError } from '../../lib/errors';
import { spreadsheetCell } from '../../lib/csv';
import * as repository from './clinical.repository';
import type { DrugInteractionRow } from './clinical.repository';

/** Line breaks inside a quoted cell: the next record starts that many lines further down. */
const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

interface ReadRow {
  line: number;
  row: DrugInteractionData;
}

/**
 * The interaction CSV (csv-parse, as the catalogue and delivery imports): a header naming columns
 * of DRUG_INTERACTION_CSV_COLUMNS (any order, any case; source may be left out), then one pair per
 * record. A file that cannot be read as a whole is a 400; a wrong row is refused with its line.
 */
export function readInteractionCsv(content: Buffer): {
  rows: ReadRow[];
  refused: { line: number; message: string }[];
} {
  let parsed: string[][];
  try {
    // Empty lines kept and cells untrimmed, so each record's line can be counted (the catalogue
    // import's way); the shared schema trims the cells.
    parsed = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    const at = (error as { lines?: number }).lines;
    throw new BadRequestError(
      `file: This is not a CSV file we can read${at ? ` (near line ${at})` : ''}: ${error instanceof Error ? error.message.slice(0, 120) : 'unreadable'}.`,
    );
  }
  // Each record with the line it starts on: effects and advice may be quoted over several lines.
  const records: { record: string[]; line: number }[] = [];
  let nextLine = 1;
  for (const record of parsed) {
    const line = nextLine;
    nextLine += 1 + record.reduce((breaks, cell) => breaks + lineBreaks(cell), 0);
    if (record.some((cell) => cell.trim() !== '')) records.push({ record, line });
  }
  const [header, ...body] = records;
  if (!header) throw new BadRequestError(DRUG_INTERACTION_CSV_MESSAGES.empty);
  const columns = header.record.map((cell) => cell.trim().toLowerCase());
  for (const column of columns)
    if (!DRUG_INTERACTION_CSV_COLUMNS.includes(column as DrugInteractionCsvColumn))
      throw new BadRequestError(
        `file: The column “${column.slice(0, 40)}” is not an interaction column. The columns are: ${DRUG_INTERACTION_CSV_COLUMNS.join(', ')}.`,
      );
  if (new Set(columns).size !== columns.length)
    throw new BadRequestError('file: A column is named twice in the header.');
  const missing = DRUG_INTERACTION_CSV_REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new BadRequestError(`file: The file needs the columns ${missing.join(', ')}.`);
  if (body.length > DRUG_INTERACTION_CSV_MAX_ROWS)
    throw new BadRequestError(DRUG_INTERACTION_CSV_MESSAGES.tooManyRows);

  const rows: ReadRow[] = [];
  const refused: { line: number; message: string }[] = [];
  for (const { record, line } of body) {
    if (record.length > columns.length) {
      refused.push({ line, message: `More cells than the ${columns.length} columns.` });
      continue;
    }
    const cells = Object.fromEntries(columns.map((column, i) => [column, record[i] ?? '']));
    const read = drugInteractionFromCsv(cells);
    if (read.ok) rows.push({ line, row: read.row });
    else refused.push({ line, message: read.message });
  }
  return { rows, refused };
}

export interface PlannedInteraction {
  line: number;
  data: DrugInteractionData;
  action: 'create' | 'update' | 'unchanged';
  /** The saved row of the same pair (in either order), for an update. */
  existing?: DrugInteractionRow;
}

const sameRow = (row: DrugInteractionRow, data: DrugInteractionData) =>
  row.ingredientA === data.ingredientA &&
  row.ingredientB === data.ingredientB &&
  row.severity === data.severity &&
  row.effect === data.effect &&
  row.advice === data.advice &&
  row.source === data.source;

/**
 * The file read and matched with the table by pair key (either order, any case): a saved pair
 * is changed (or left when equal), a new one added, a pair twice in the file refused. Locks the
 * matched rows when run in the import's transaction.
 */
export async function planInteractionImport(tx: DbOrTx, content: Buffer) {
  const { rows: read, refused } = readInteractionCsv(content);
  const firstLine = new Map<string, number>();
  const unique: (ReadRow & { key: string })[] = [];
  for (const row of read) {
    const key = interactionPairKey(row.row.ingredientA, row.row.ingredientB);
    const first = firstLine.get(key);
    if (first !== undefined) {
      refused.push({ line: row.line, message: `The same pair as line ${first}.` });
      continue;
    }
    firstLine.set(key, row.line);
    unique.push({ ...row, key });
  }
  const saved = new Map(
    (
      await repository.findByPairKeys(
        tx,
        unique.map((row) => row.key),
      )
    ).map((row) => [row.pairKey, row]),
  );
  const rows: PlannedInteraction[] = unique.map(({ line, row, key }) => {
    const existing = saved.get(key);
    return {
      line,
      data: row,
      action: !existing ? 'create' : sameRow(existing, row) ? 'unchanged' : 'update',
      existing,
    };
  });
  refused.sort((a, b) => a.line - b.line);
  const count = (action: PlannedInteraction['action']) =>
    rows.filter((row) => row.action === action).length;
  return {
    rows,
    refused,
    creates: count('create'),
    updates: count('update'),
    unchanged: count('unchanged'),
  };
}

/** One exported row, in DRUG_INTERACTION_CSV_COLUMNS' order, safe to open in a spreadsheet. */
export function interactionCsvRow(row: DrugInteractionRow): string[] {
  return [
    spreadsheetCell(row.ingredientA),
    spreadsheetCell(row.ingredientB),
    row.severity,
    spreadsheetCell(row.effect),
    spreadsheetCell(row.advice),
    spreadsheetCell(row.source),
  ];
}
