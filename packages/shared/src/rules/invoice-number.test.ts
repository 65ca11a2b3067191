import { describe, expect, it } from 'vitest';
import {
  creditNoteNumber,
  financialYearLabel,
  financialYearOf,
  financialYearRange,
  formatTaxDocumentNumber,
  invoiceNumber,
  issueDayInIndia,
  MAX_TAX_DOCUMENT_SEQUENCE,
  parseFinancialYearLabel,
  parseTaxDocumentNumber,
  shortFinancialYearLabel,
  TAX_DOCUMENT_NUMBER_MAX_LENGTH,
} from './invoice-number';

describe('financial year of an instant, by the calendar in India (IST)', () => {
  it.each([
    ['2027-03-31T20:00:00Z', 2027], // already 1 April 01:30 in India
    ['2027-03-31T18:29:59.999Z', 2026], // 31 March 23:59:59.999 IST
    ['2027-03-31T18:30:00.000Z', 2027], // 1 April 00:00 IST
    ['2026-04-01T00:00:00+05:30', 2026],
    ['2026-03-31T23:59:59+05:30', 2025],
    ['2026-04-01T00:00:00Z', 2026],
    ['2026-12-31T23:59:59Z', 2026], // 1 January 05:29 IST: still 2026-27
    ['2027-01-01T00:00:00Z', 2026],
    ['2028-02-29T12:00:00Z', 2027], // leap day
    ['2099-06-15T00:00:00Z', 2099],
  ])('%s is in the year starting %d', (instant, startYear) => {
    expect(financialYearOf(new Date(instant))).toBe(startYear);
  });

  it('refuses an invalid date', () => {
    expect(() => financialYearOf(new Date('not a date'))).toThrow(RangeError);
    expect(() => issueDayInIndia('not a date')).toThrow(RangeError);
  });

  it.each([
    ['2026-11-26T18:29:59.999Z', '2026-11-26'],
    ['2026-11-26T18:30:00.000Z', '2026-11-27'], // midnight in India
    ['2027-03-31T20:00:00Z', '2027-04-01'],
    ['2028-02-28T19:00:00Z', '2028-02-29'],
  ])('a document issued at %s is dated %s', (instant, day) => {
    expect(issueDayInIndia(instant)).toBe(day);
    expect(issueDayInIndia(new Date(instant))).toBe(day);
  });

  it.each([
    [2026, '2026-27'],
    [2009, '2009-10'],
    [2099, '2099-00'],
    [1999, '1999-00'],
    [2000, '2000-01'],
  ])('%d is labelled %s and parsed back', (startYear, label) => {
    expect(financialYearLabel(startYear)).toBe(label);
    expect(parseFinancialYearLabel(label)).toBe(startYear);
  });

  it.each([2026.5, 999, 9999, -2026, Number.NaN])('refuses to label %d', (startYear) => {
    expect(() => financialYearLabel(startYear)).toThrow(RangeError);
  });

  it.each(['2026-28', '2026-26', '2026-2027', '26-27', '2099-100', '2026/27', ' 2026-27', ''])(
    'does not read %j as a financial year',
    (label) => {
      expect(parseFinancialYearLabel(label)).toBeUndefined();
    },
  );

  it('spans midnight IST on 1 April to the next, end excluded', () => {
    const { start, end } = financialYearRange(2026);
    expect(start.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(end.toISOString()).toBe('2027-03-31T18:30:00.000Z');
    expect(financialYearOf(start)).toBe(2026);
    expect(financialYearOf(new Date(end.getTime() - 1))).toBe(2026);
    expect(financialYearOf(end)).toBe(2027);
  });
});

describe('invoice and credit-note numbers (at most 16 characters, CGST Rules 46(b), 53(1A))', () => {
  it.each([
    ['invoice', 2026, 1, 'INV/26-27/000001'],
    ['invoice', 2026, 123, 'INV/26-27/000123'],
    ['invoice', 2026, 999_999, 'INV/26-27/999999'], // the last of a year's series
    ['invoice', 2099, 1, 'INV/99-00/000001'],
    ['invoice', 2000, 1, 'INV/00-01/000001'],
    ['invoice', 2009, 42, 'INV/09-10/000042'],
    ['credit_note', 2026, 7, 'CN/26-27/000007'],
    ['credit_note', 2027, 999_999, 'CN/27-28/999999'],
  ] as const)('%s %d #%d is %s, and reads back', (kind, financialYear, sequence, written) => {
    const number = formatTaxDocumentNumber({ kind, financialYear, sequence });
    expect(number).toBe(written);
    expect(number.length).toBeLessThanOrEqual(TAX_DOCUMENT_NUMBER_MAX_LENGTH);
    expect(parseTaxDocumentNumber(written)).toEqual({ kind, financialYear, sequence });
  });

  it('writes the longest invoice number in exactly sixteen characters', () => {
    expect(invoiceNumber(2026, MAX_TAX_DOCUMENT_SEQUENCE)).toHaveLength(16);
  });

  it('has one shorthand per kind', () => {
    expect(invoiceNumber(2026, 123)).toBe('INV/26-27/000123');
    expect(creditNoteNumber(2026, 7)).toBe('CN/26-27/000007');
  });

  it('numbers a payment confirmed late on 31 March UTC in the new year', () => {
    expect(invoiceNumber(financialYearOf(new Date('2027-03-31T20:00:00Z')), 1)).toBe(
      'INV/27-28/000001',
    );
    expect(invoiceNumber(financialYearOf(new Date('2027-03-31T18:29:59Z')), 1)).toBe(
      'INV/26-27/000001',
    );
  });

  it.each([0, -1, 1.5, Number.NaN, 1_000_000, Number.MAX_SAFE_INTEGER + 1])(
    'refuses sequence %d (past 999,999 no number fits sixteen characters)',
    (sequence) => {
      expect(() => invoiceNumber(2026, sequence)).toThrow(RangeError);
      expect(() => creditNoteNumber(2026, sequence)).toThrow(RangeError);
    },
  );

  it.each([26, 1999, 2100, 2026.5])('refuses year %d, which two digits cannot say', (year) => {
    expect(() => invoiceNumber(year, 1)).toThrow(RangeError);
  });

  it.each([
    [2026, '26-27'],
    [2099, '99-00'],
    [2000, '00-01'],
  ])('writes the year %d as %s', (startYear, label) => {
    expect(shortFinancialYearLabel(startYear)).toBe(label);
  });

  it.each([
    'INV/26-28/000001', // the year does not follow on
    'INV/26-27/00001', // five digits
    'INV/26-27/000000', // there is no invoice 0
    'INV/26-27/1000000', // seven digits: past the sixteen characters
    'INV/26-27/0000001',
    'INV/2026-27/000001', // the four-digit year of the first draft
    'inv/26-27/000001',
    'DN/26-27/000001',
    'INV-26-27-000001',
    ' INV/26-27/000001',
    'INV/26-27/000001 ',
    'INV/26-27/000001/',
    'INV/26-27/',
    '',
  ])('does not read %j', (value) => {
    expect(parseTaxDocumentNumber(value)).toBeUndefined();
  });
});
