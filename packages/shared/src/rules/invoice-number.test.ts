import { describe, expect, it } from 'vitest';
import {
  creditNoteNumber,
  financialYearLabel,
  financialYearOf,
  financialYearRange,
  formatTaxDocumentNumber,
  invoiceNumber,
  parseFinancialYearLabel,
  parseTaxDocumentNumber,
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

describe('invoice and credit-note numbers', () => {
  it.each([
    ['invoice', 2026, 1, 'INV/2026-27/000001'],
    ['invoice', 2026, 123, 'INV/2026-27/000123'],
    ['invoice', 2026, 999_999, 'INV/2026-27/999999'],
    ['invoice', 2026, 1_000_000, 'INV/2026-27/1000000'], // past six digits: one more
    ['invoice', 2026, 12_345_678, 'INV/2026-27/12345678'],
    ['invoice', 2099, 1, 'INV/2099-00/000001'],
    ['credit_note', 2026, 7, 'CN/2026-27/000007'],
    ['credit_note', 2027, 1_000_000, 'CN/2027-28/1000000'],
  ] as const)('%s %d #%d is %s, and reads back', (kind, financialYear, sequence, written) => {
    expect(formatTaxDocumentNumber({ kind, financialYear, sequence })).toBe(written);
    expect(parseTaxDocumentNumber(written)).toEqual({ kind, financialYear, sequence });
  });

  it('has one shorthand per kind', () => {
    expect(invoiceNumber(2026, 123)).toBe('INV/2026-27/000123');
    expect(creditNoteNumber(2026, 7)).toBe('CN/2026-27/000007');
  });

  it('numbers a payment confirmed late on 31 March UTC in the new year', () => {
    expect(invoiceNumber(financialYearOf(new Date('2027-03-31T20:00:00Z')), 1)).toBe(
      'INV/2027-28/000001',
    );
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])(
    'refuses sequence %d',
    (sequence) => {
      expect(() => invoiceNumber(2026, sequence)).toThrow(RangeError);
    },
  );

  it('refuses a year it cannot label', () => {
    expect(() => invoiceNumber(26, 1)).toThrow(RangeError);
  });

  it.each([
    'INV/2026-28/000001', // the year does not follow on
    'INV/2026-27/00001', // five digits
    'INV/2026-27/000000', // there is no invoice 0
    'INV/2026-27/01000000', // zero-padded past six digits: not how it is written
    'INV/2026-27/99999999999999999', // past a safe integer
    'inv/2026-27/000001',
    'DN/2026-27/000001',
    'INV/26-27/000001',
    'INV-2026-27-000001',
    ' INV/2026-27/000001',
    'INV/2026-27/000001 ',
    'INV/2026-27/000001/',
    'INV/2026-27/',
    '',
  ])('does not read %j', (value) => {
    expect(parseTaxDocumentNumber(value)).toBeUndefined();
  });
});
