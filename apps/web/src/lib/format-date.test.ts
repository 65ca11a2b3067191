import { describe, expect, it } from 'vitest';
import { formatShortDate } from './format-date';

describe('formatShortDate', () => {
  it.each([
    ['2027-06-30', '30 Jun 2027'],
    ['2026-09-01', '1 Sept 2026'],
    ['2026-11-28T23:59:59.000Z', '28 Nov 2026'],
    ['2026-11-28T18:30:00+05:30', '28 Nov 2026'],
    ['not a date', 'not a date'],
  ])('%s → %s', (value, text) => {
    expect(formatShortDate(value)).toBe(text);
  });

  it('writes what Intl en-IN writes, every month', () => {
    const intl = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, month + 3));
      expect(formatShortDate(date.toISOString())).toBe(intl.format(date));
    }
  });
});
