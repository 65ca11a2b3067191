import { describe, expect, it } from 'vitest';
import { sanitizeNumberText } from './number-input';

describe('sanitizeNumberText (spec §5 number inputs)', () => {
  it.each([
    ['12a3', false, '123'],
    ['1.5', false, '15'],
    ['-7', false, '7'],
    ['63.50', true, '63.50'],
    ['6.3.5', true, '6.35'],
    ['₹ 1,200.75', true, '1200.75'],
  ] as const)('strips %j (decimals %s) to %j', (value, decimals, expected) => {
    expect(sanitizeNumberText(value, decimals)).toBe(expected);
  });
});
