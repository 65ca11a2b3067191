import { z } from 'zod';
import { MESSAGES, fieldRequired } from '../constants/messages';
import { DEFAULT_GST_RATE, DEFAULT_HSN_CODE } from '../rules/gst';
import { toMinorUnits } from '../rules/money';
import { DEFAULT_REORDER_LEVEL } from '../rules/stock';
import { productFields } from './catalog';
import { reorderLevelSchema } from './inventory';

/**
 * Issue 18 point 4: the catalogue as CSV, out and back in. One header text per field, in the
 * order the export writes them; an import may order its columns freely.
 */
export const CATALOG_CSV_COLUMNS = {
  id: 'ID',
  name: 'Name',
  division: 'Division',
  manufacturer: 'Manufacturer',
  saltComposition: 'Salt composition',
  offerPrice: 'Offer price',
  maximumRetailPrice: 'MRP',
  scheduleCode: 'Schedule',
  prescription: 'Prescription',
  maxUnitsPerOrder: 'Max units per order',
  dosageForm: 'Dosage form',
  strength: 'Strength',
  packSize: 'Pack size',
  description: 'Description',
  hsnCode: 'HSN code',
  gstRate: 'GST rate',
  reorderLevel: 'Reorder level',
  isActive: 'Active',
  returnable: 'Returnable',
  stock: 'Stock',
} as const;
export type CatalogCsvField = keyof typeof CATALOG_CSV_COLUMNS;

/**
 * Written by the export, ignored by the import: the prescription flag follows the schedule, and
 * stock comes only from batches received in the Stock section (docs/decisions/0011).
 */
export const CATALOG_CSV_READ_ONLY: readonly CatalogCsvField[] = ['prescription', 'stock'];

/** The file one import may carry: the export of the 100,000-product bench catalogue fits (docs/performance.md m1). */
export const CATALOG_CSV_MAX_BYTES = 64 * 1024 * 1024;
export const CATALOG_CSV_MAX_ROWS = 200_000;
/** A preview lists this many refused rows; the count covers them all. */
export const CATALOG_CSV_REFUSED_LISTED = 500;

const CHOOSE_CSV_FILE = 'Please choose a CSV file.';

export const CATALOG_CSV_MESSAGES = {
  tooLarge: `The file is larger than ${CATALOG_CSV_MAX_BYTES / (1024 * 1024)} MB.`,
  tooManyRows: `The file has more than ${CATALOG_CSV_MAX_ROWS.toLocaleString('en-IN')} rows: split it into several imports.`,
  empty: 'The file is empty: it needs a header row and at least one product.',
  noFile: `file: ${CHOOSE_CSV_FILE}`,
  changedSincePreview:
    'The file is not the one that was previewed. Preview it again before importing.',
  refused: 'Nothing was imported: fix the refused rows and preview the file again.',
  scheduleRequired: 'Schedule is required (a code such as OTC, H or H1).',
  activeInvalid: 'Active must be yes or no.',
  idInvalid: 'ID must be the number of an existing product, or empty for a new one.',
  returnableInvalid: 'Returnable must be yes or no.',
} as const;

/**
 * The import form's file, checked before it is sent: one is chosen and it is within the limit the
 * server applies. Structural (a name and a size), as the browser's File is not a type here.
 */
const isFileLike = (value: unknown): value is { name: string; size: number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { size?: unknown }).size === 'number';

export const catalogCsvFileFormSchema = z.object({
  file: z
    .unknown()
    .refine(isFileLike, CHOOSE_CSV_FILE)
    .transform((value) => value as { name: string; size: number })
    .refine((file) => file.size <= CATALOG_CSV_MAX_BYTES, CATALOG_CSV_MESSAGES.tooLarge),
});

const requiredName = (label: string, max: number) =>
  z
    .string({ error: fieldRequired(label) })
    .trim()
    .min(1, fieldRequired(label))
    .max(max, `${label} is at most ${max} characters`);

/**
 * One row of an import as text, keyed by field. The product rules are the form's own
 * (productFields); the references are names, created when missing. Empty cells take the
 * defaults a new product gets: HSN 3004 at 5 %, reorder level 5, active.
 */
export const catalogCsvRowSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^\d{0,9}$/, CATALOG_CSV_MESSAGES.idInvalid)
      .transform((v) => (v ? Number(v) : null))
      .refine((v) => v === null || v > 0, CATALOG_CSV_MESSAGES.idInvalid),
    name: productFields.name,
    division: requiredName('Division', 120),
    manufacturer: requiredName('Manufacturer', 120),
    // Optional here, unlike the form: products without a salt (devices, cosmetics) exist and a
    // round trip of the catalogue must not refuse them.
    saltComposition: z
      .string()
      .trim()
      .max(200, 'Salt Composition is at most 200 characters')
      .transform((v) => (v ? v : null)),
    offerPrice: productFields.offerPrice,
    maximumRetailPrice: productFields.maximumRetailPrice,
    scheduleCode: z
      .string()
      .trim()
      .min(1, CATALOG_CSV_MESSAGES.scheduleRequired)
      .max(10, CATALOG_CSV_MESSAGES.scheduleRequired)
      .transform((v) => v.toUpperCase()),
    maxUnitsPerOrder: productFields.maxUnitsPerOrder.transform((v) => v ?? null),
    dosageForm: productFields.dosageForm,
    strength: productFields.strength,
    packSize: productFields.packSize,
    description: productFields.description,
    hsnCode: productFields.hsnCode.transform((v) => v ?? DEFAULT_HSN_CODE),
    gstRate: productFields.gstRate.transform((v) => v ?? DEFAULT_GST_RATE),
    reorderLevel: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? DEFAULT_REORDER_LEVEL : v),
      reorderLevelSchema.shape.reorderLevel,
    ),
    isActive: z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => ['', 'yes', 'no', 'true', 'false', '1', '0'].includes(v), {
        message: CATALOG_CSV_MESSAGES.activeInvalid,
      })
      .transform((v) => v === '' || v === 'yes' || v === 'true' || v === '1'),
    // Issue 19: optional, so files written before the column existed still import. Empty or
    // absent is null: the product keeps its flag (a new one is returnable), so an older file
    // never makes a cold-chain product returnable again.
    returnable: z
      .string()
      .optional()
      .transform((v) => (v ?? '').trim().toLowerCase())
      .refine((v) => ['', 'yes', 'no', 'true', 'false', '1', '0'].includes(v), {
        message: CATALOG_CSV_MESSAGES.returnableInvalid,
      })
      .transform((v) => (v === '' ? null : v === 'yes' || v === 'true' || v === '1')),
  })
  .refine((v) => v.offerPrice <= v.maximumRetailPrice, {
    path: ['offerPrice'],
    message: MESSAGES.offerAboveMrp,
  });

/** A row that passed the rules, money in paise: what the import compares and writes. */
export interface CatalogCsvRow {
  id: number | null;
  name: string;
  division: string;
  manufacturer: string;
  saltComposition: string | null;
  offerPriceMinor: number;
  maximumRetailPriceMinor: number;
  scheduleCode: string;
  maxUnitsPerOrder: number | null;
  dosageForm: string | null;
  strength: string | null;
  packSize: string | null;
  description: string | null;
  hsnCode: string;
  gstRate: number;
  reorderLevel: number;
  isActive: boolean;
  /** Null when the file leaves it empty or has no such column: the product keeps its own. */
  returnable: boolean | null;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * Checks one row of an import with the product rules. A refusal is one sentence naming the
 * column, for the preview's list of refused rows.
 */
export function checkCatalogCsvRow(
  cells: Readonly<
    Record<Exclude<CatalogCsvField, 'prescription' | 'stock' | 'returnable'>, string> & {
      returnable?: string;
    }
  >,
): { ok: true; row: CatalogCsvRow } | { ok: false; reason: string } {
  const parsed = catalogCsvRowSchema.safeParse(cells);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const label =
      typeof field === 'string' && field in CATALOG_CSV_COLUMNS
        ? CATALOG_CSV_COLUMNS[field as CatalogCsvField]
        : '';
    const message = issue?.message ?? 'This row is not valid';
    // The shared messages mostly name their field already ('MRP must be …'); others get it.
    const named = label && !squeeze(message).startsWith(squeeze(label));
    return { ok: false, reason: sentence(named ? `${label}: ${message}` : message) };
  }
  const { offerPrice, maximumRetailPrice, ...rest } = parsed.data;
  return {
    ok: true,
    row: {
      ...rest,
      offerPriceMinor: toMinorUnits(offerPrice),
      maximumRetailPriceMinor: toMinorUnits(maximumRetailPrice),
    },
  };
}

export const catalogImportQuerySchema = z.object({
  /** What the preview answered for this file (its SHA-256): the import writes only that file. */
  previewToken: z
    .string({ error: 'previewToken: Preview the file first.' })
    .regex(/^[0-9a-f]{64}$/, 'previewToken: Preview the file first.'),
});

export const catalogImportRefusedRowSchema = z.object({
  /** The physical line of the file where the row starts, the header being line 1. */
  line: z.number().int(),
  reason: z.string(),
});
export type CatalogImportRefusedRow = z.infer<typeof catalogImportRefusedRowSchema>;

export const catalogImportPreviewSchema = z.object({
  previewToken: z.string(),
  rows: z.number().int(),
  toCreate: z.number().int(),
  toUpdate: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** The first CATALOG_CSV_REFUSED_LISTED refused rows, in file order. */
  refusedRows: z.array(catalogImportRefusedRowSchema),
  newDivisions: z.number().int(),
  newManufacturers: z.number().int(),
  newSaltCompositions: z.number().int(),
});
export type CatalogImportPreview = z.infer<typeof catalogImportPreviewSchema>;

export const catalogImportResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;

/** Said with a 400 when the confirmed file has refused rows: nothing was written. */
export const catalogImportRefusedSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  refused: z.number().int(),
  refusedRows: z.array(catalogImportRefusedRowSchema),
});
