import { describe, expect, it } from 'vitest';
import { formatIndianNumber } from './display';

describe('formatIndianNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [99_999, '99,999'],
    [1_00_000, '1,00,000'],
    [12_34_567, '12,34,567'],
    [12_34_56_789, '12,34,56,789'],
    [-1500, '-1,500'],
    [-0.4, '0'],
    [1234.9, '1,234'],
  ])('%d → %s', (value, text) => {
    expect(formatIndianNumber(value)).toBe(text);
  });

  it('writes what Intl en-IN writes for whole numbers', () => {
    const intl = new Intl.NumberFormat('en-IN');
    for (const value of [0, 5, 10, 500, 4321, 100_000, 9_87_65_43_210, -42_000])
      expect(formatIndianNumber(value)).toBe(intl.format(value));
  });
});
