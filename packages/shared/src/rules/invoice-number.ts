/**
 * Invoice and credit-note numbers (issue 18 part 3). Rule 46(b) of the CGST Rules asks for a
 * consecutive serial number "not exceeding sixteen characters", in one or multiple series,
 * "unique for a financial year", and Rule 53(1A) the same for credit notes; GSTR-1 and the
 * e-invoice portal refuse longer ones. Each series carries its financial year with two-digit
 * years and starts again at 1 every 1 April: INV/26-27/000123 (16 characters), CN/26-27/000007
 * (15). Six digits are all sixteen characters leave an invoice, so a series ends at 999,999 in a
 * year: the next number is refused rather than written too long (decision 0015).
 */

/** India keeps one time zone, UTC+05:30, with no daylight saving. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
/** April, as Date counts months. */
const FIRST_MONTH = 3;
const SEQUENCE_DIGITS = 6;
/** Rule 46(b): a document number has at most sixteen characters. */
export const TAX_DOCUMENT_NUMBER_MAX_LENGTH = 16;
/** The last number of a series in one financial year: six digits. */
export const MAX_TAX_DOCUMENT_SEQUENCE = 999_999;

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

/** Two-digit years in a number are read as this century's: 2000-01 to 2099-00. */
function assertNumberedYear(startYear: number): void {
  if (!Number.isInteger(startYear) || startYear < 2000 || startYear > 2099) {
    throw new RangeError(`Financial year must start between 2000 and 2099: ${startYear}`);
  }
}

/** '26-27' for 2026, as a document number writes the year; '99-00' for 2099. */
export function shortFinancialYearLabel(startYear: number): string {
  assertNumberedYear(startYear);
  const twoDigits = (year: number) => String(year % 100).padStart(2, '0');
  return `${twoDigits(startYear)}-${twoDigits(startYear + 1)}`;
}

function parseShortFinancialYearLabel(label: string): number | undefined {
  const match = /^(\d{2})-(\d{2})$/.exec(label);
  if (!match) return undefined;
  const startYear = 2000 + Number(match[1]);
  return shortFinancialYearLabel(startYear) === label ? startYear : undefined;
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

/**
 * The date a document issued at `at` carries: the day in India ('2026-11-27' for
 * 2026-11-26T20:00:00Z), so the web page and the PDF print the same date.
 */
export function issueDayInIndia(at: Date | string): string {
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid date');
  return new Date(time + IST_OFFSET_MS).toISOString().slice(0, 10);
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
 * 'INV/26-27/000123': prefix, financial year in two-digit years, sequence in six digits. Past
 * 999,999 there is no sixteen-character number left, so it throws (decision 0015).
 */
export function formatTaxDocumentNumber({
  kind,
  financialYear,
  sequence,
}: TaxDocumentNumber): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > MAX_TAX_DOCUMENT_SEQUENCE) {
    throw new RangeError(
      `Sequence must be a whole number from 1 to ${MAX_TAX_DOCUMENT_SEQUENCE}: ${sequence}`,
    );
  }
  const digits = String(sequence).padStart(SEQUENCE_DIGITS, '0');
  return `${TAX_DOCUMENT_PREFIXES[kind]}/${shortFinancialYearLabel(financialYear)}/${digits}`;
}

export function invoiceNumber(financialYear: number, sequence: number): string {
  return formatTaxDocumentNumber({ kind: 'invoice', financialYear, sequence });
}

export function creditNoteNumber(financialYear: number, sequence: number): string {
  return formatTaxDocumentNumber({ kind: 'credit_note', financialYear, sequence });
}

const DOCUMENT_NUMBER = /^(INV|CN)\/(\d{2}-\d{2})\/(\d{6})$/;

/**
 * Reads a number written by `formatTaxDocumentNumber` back; undefined for anything it would not
 * have written (wrong case, a year label that does not follow on, sequence 0, a seventh digit),
 * so one document has exactly one spelling.
 */
export function parseTaxDocumentNumber(value: string): TaxDocumentNumber | undefined {
  const match = DOCUMENT_NUMBER.exec(value);
  if (!match) return undefined;
  const [, prefix, label = '', digits = ''] = match;
  const kind: TaxDocumentKind = prefix === 'CN' ? 'credit_note' : 'invoice';
  const financialYear = parseShortFinancialYearLabel(label);
  const sequence = Number(digits);
  if (financialYear === undefined || sequence < 1) return undefined;
  const parsed = { kind, financialYear, sequence };
  return formatTaxDocumentNumber(parsed) === value ? parsed : undefined;
}
