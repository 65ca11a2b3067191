import { describe, expect, it } from 'vitest';
import {
  daysLeftText,
  formatDateTime,
  formatShortDate,
  signedUnits,
  unitsText,
} from './stock-format';

describe('stock formatting', () => {
  it.each([
    [0, 'Expires today'],
    [1, '1 day'],
    [45, '45 days'],
    [-1, 'Expired 1 day ago'],
    [-12, 'Expired 12 days ago'],
  ])('days to expiry %i reads %j', (days, text) => {
    expect(daysLeftText(days)).toBe(text);
  });

  it('signs units with a plus or a true minus', () => {
    expect(signedUnits(120)).toBe('+120');
    expect(signedUnits(-3)).toBe('\u22123');
    expect(signedUnits(0)).toBe('0');
    expect(signedUnits(12000)).toBe('+12,000');
  });

  it('counts units in the singular and the plural', () => {
    expect(unitsText(1)).toBe('1 unit');
    expect(unitsText(0)).toBe('0 units');
    expect(unitsText(1200)).toBe('1,200 units');
  });

  it('writes calendar days and times in UTC', () => {
    expect(formatShortDate('2027-06-30')).toBe('30 Jun 2027');
    expect(formatShortDate('2026-11-25T23:30:00.000Z')).toBe('25 Nov 2026');
    expect(formatDateTime('2026-11-25T09:05:00.000Z')).toBe('25 Nov 2026, 09:05 UTC');
    expect(formatShortDate('not a date')).toBe('not a date');
  });
});
