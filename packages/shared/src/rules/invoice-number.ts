/**
 * Invoice and credit-note numbers (issue 18 part 3). Rule 46(b) of the CGST Rules asks for a
 * consecutive serial number "unique for a financial year", and Rule 53(1A) the same for credit
 * notes; each series here carries its financial year and starts again at 1 every 1 April:
 * INV/2026-27/000123, CN/2026-27/000007.
 *
 * Known conflict, for the owner to decide: both rules also cap the serial number at sixteen
 * characters (letters, digits, '-' and '/'), and GSTR-1 and the e-invoice portal enforce it. The
 * format the issue names is 18 characters for an invoice (17 for a credit note); a short year,
 * 'INV/26-27/000123', would be 16. The year's spelling lives in `financialYearLabel`,
 * `parseFinancialYearLabel` and DOCUMENT_NUMBER below.
 */

/** India keeps one time zone, UTC+05:30, with no daylight saving. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
/** April, as Date counts months. */
const FIRST_MONTH = 3;
const SEQUENCE_DIGITS = 6;

/** Invoice for a sale; credit note for a cancelled invoiced order (CGST Act s.34). */
export type TaxDocumentKind = 'invoice' | 'credit_note';

export const TAX_DOCUMENT_PREFIXES: Readonly<Record<TaxDocumentKind, string>> = {
  invoice: 'INV',
  credit_note: 'CN',
};

export interface TaxDocumentNumber {
  kind: TaxDocumentKind;
  /** The calendar year the financial year starts in: 2026 for 2026-27. */
  financialYear: number;
  /** 1, 2, 3… within the kind and the financial year. */
  sequence: number;
}

function assertFinancialYear(startYear: number): void {
  if (!Number.isInteger(startYear) || startYear < 1000 || startYear > 9998) {
    throw new RangeError(`Financial year must be a four-digit starting year: ${startYear}`);
  }
}

/**
 * The financial year (General Clauses Act 1897 s.3(21): the year beginning on 1 April) that
 * `at` falls in, by the calendar in India: 2027-03-31T20:00:00Z is already 1 April 2027 in IST,
 * so it belongs to 2027-28. Returns the starting calendar year (2027).
 */
export function financialYearOf(at: Date): number {
  const time = at.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid date');
  const inIndia = new Date(time + IST_OFFSET_MS);
  const year = inIndia.getUTCFullYear();
  return inIndia.getUTCMonth() >= FIRST_MONTH ? year : year - 1;
}

/** '2026-27' for 2026; '2099-00' for 2099. */
export function financialYearLabel(startYear: number): string {
  assertFinancialYear(startYear);
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The starting year of a label written as `financialYearLabel` writes it, else undefined. */
export function parseFinancialYearLabel(label: string): number | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(label);
  if (!match) return undefined;
  const startYear = Number(match[1]);
  if (startYear < 1000 || startYear > 9998) return undefined;
  return financialYearLabel(startYear) === label ? startYear : undefined;
}

/**
 * The instants a financial year spans, start included and end excluded (midnight IST on 1 April
 * to midnight IST on the next 1 April), for queries such as "invoices of 2026-27".
 */
export function financialYearRange(startYear: number): { start: Date; end: Date } {
  assertFinancialYear(startYear);
  return {
    start: new Date(Date.UTC(startYear, FIRST_MONTH, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(startYear + 1, FIRST_MONTH, 1) - IST_OFFSET_MS),
  };
}

/**
 * 'INV/2026-27/000123': prefix, financial year, sequence padded to six digits; from 1000000 on
 * the sequence simply takes more digits, so numbers stay unique and in order.
 */
export function formatTaxDocumentNumber({
  kind,
  financialYear,
  sequence,
}: TaxDocumentNumber): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`Sequence must be a whole number from 1: ${sequence}`);
  }
  const digits = String(sequence).padStart(SEQUENCE_DIGITS, '0');
  return `${TAX_DOCUMENT_PREFIXES[kind]}/${financialYearLabel(financialYear)}/${digits}`;
}

export function invoiceNumber(financialYear: number, sequence: number): string {
  return formatTaxDocumentNumber({ kind: 'invoice', financialYear, sequence });
}

export function creditNoteNumber(financialYear: number, sequence: number): string {
  return formatTaxDocumentNumber({ kind: 'credit_note', financialYear, sequence });
}

const DOCUMENT_NUMBER = /^(INV|CN)\/(\d{4}-\d{2})\/(\d{6,})$/;

/**
 * Reads a number written by `formatTaxDocumentNumber` back; undefined for anything it would not
 * have written (wrong case, a year label that does not follow on, sequence 0, a zero-padded
 * seventh digit), so one document has exactly one spelling.
 */
export function parseTaxDocumentNumber(value: string): TaxDocumentNumber | undefined {
  const match = DOCUMENT_NUMBER.exec(value);
  if (!match) return undefined;
  const [, prefix, label = '', digits = ''] = match;
  const kind: TaxDocumentKind = prefix === 'CN' ? 'credit_note' : 'invoice';
  const financialYear = parseFinancialYearLabel(label);
  const sequence = Number(digits);
  if (financialYear === undefined || !Number.isSafeInteger(sequence) || sequence < 1) {
    return undefined;
  }
  const parsed = { kind, financialYear, sequence };
  return formatTaxDocumentNumber(parsed) === value ? parsed : undefined;
}
