import { z } from 'zod';
import {
  drugInteractionInputSchema,
  type DRUG_INTERACTION_CSV_COLUMNS,
  type DrugInteractionData,
} from './drug-interactions';
import { INTERACTION_SEVERITIES } from '../constants/medicines';

/**
 * Issue 31 point 4: the drug interaction table's CSV (decision 0026). The columns are
 * DRUG_INTERACTION_CSV_COLUMNS, header required, any order and case; one row per pair. The
 * severity cell is read in any case, so DDInter's `Drug_A,Drug_B,Level` fits by renaming its
 * columns (its `Unknown` level is refused with a sentence: leave those rows out).
 */
export type DrugInteractionCsvColumn = (typeof DRUG_INTERACTION_CSV_COLUMNS)[number];
export const DRUG_INTERACTION_CSV_REQUIRED: readonly DrugInteractionCsvColumn[] = [
  'ingredient_a',
  'ingredient_b',
  'severity',
  'effect',
  'advice',
];
export const DRUG_INTERACTION_CSV_MAX_BYTES = 2 * 1024 * 1024;
/** Every created or changed row gets its own audit entry: a file stays a reviewable batch. */
export const DRUG_INTERACTION_CSV_MAX_ROWS = 5_000;
/** Refused rows listed in a preview (the count says how many in all). */
export const DRUG_INTERACTION_CSV_REFUSED_LISTED = 200;
/** Rows shown in a preview, in file order. */
export const DRUG_INTERACTION_CSV_SAMPLE = 50;

export const DRUG_INTERACTION_CSV_MESSAGES = {
  noFile: 'file: Send the CSV file as the request body (text/csv).',
  empty: 'file: The file is empty.',
  tooManyRows: `file: At most ${DRUG_INTERACTION_CSV_MAX_ROWS.toLocaleString('en-IN')} rows in one file.`,
  unknownLevel:
    'severity: “unknown” has no place in the table (DDInter’s Unknown level); leave the row out.',
} as const;

/** One CSV row as the input the admin's form sends, or the sentence saying what is wrong. */
export function drugInteractionFromCsv(
  cells: Partial<Record<DrugInteractionCsvColumn, string>>,
): { ok: true; row: DrugInteractionData } | { ok: false; message: string } {
  const severity = (cells.severity ?? '').trim().toLowerCase();
  if (severity === 'unknown')
    return { ok: false, message: DRUG_INTERACTION_CSV_MESSAGES.unknownLevel };
  const parsed = drugInteractionInputSchema.safeParse({
    ingredientA: cells.ingredient_a ?? '',
    ingredientB: cells.ingredient_b ?? '',
    severity,
    effect: cells.effect ?? '',
    advice: cells.advice ?? '',
    source: cells.source ?? '',
  });
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid row.' };
  return { ok: true, row: parsed.data };
}

export const drugInteractionImportRefusedSchema = z.object({
  line: z.number().int(),
  message: z.string(),
});

export const drugInteractionImportRowSchema = z.object({
  line: z.number().int(),
  ingredientA: z.string(),
  ingredientB: z.string(),
  severity: z.enum(INTERACTION_SEVERITIES),
  action: z.enum(['create', 'update', 'unchanged']),
});

export const drugInteractionImportPreviewSchema = z.object({
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
  /** How many rows are refused; the first DRUG_INTERACTION_CSV_REFUSED_LISTED are listed. */
  refusedCount: z.number().int(),
  refused: z.array(drugInteractionImportRefusedSchema),
  /** The first rows as they would be applied, for the admin to look at. */
  sample: z.array(drugInteractionImportRowSchema),
});
export type DrugInteractionImportPreview = z.infer<typeof drugInteractionImportPreviewSchema>;

export const drugInteractionImportResultSchema = z.object({
  message: z.string(),
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
});
export type DrugInteractionImportResult = z.infer<typeof drugInteractionImportResultSchema>;
