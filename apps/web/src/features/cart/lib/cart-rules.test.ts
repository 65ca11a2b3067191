import { describe, expect, it } from 'vitest';
import { maxOrderableUnits } from '@pharmacy/shared';
import { bindingOrderLimit, capMessage, lineCap, MAX_UNITS_PER_LINE } from './cart-rules';

describe('cart limits (spec §5, issue 16)', () => {
  it.each([
    [0, null],
    [-3, 2],
    [5, null],
    [5, 2],
    [2, 5],
    [40, 40],
    [500, null],
    [500, 250],
  ])(
    'stock %i with limit %s: the shared maxOrderableUnits within the line cap',
    (quantity, limit) => {
      const product = { quantity, maxUnitsPerOrder: limit };
      expect(lineCap(product)).toBe(Math.min(maxOrderableUnits(product), MAX_UNITS_PER_LINE));
    },
  );

  it('names the per-order limit only when it is what stops the count', () => {
    expect(bindingOrderLimit({ quantity: 40, maxUnitsPerOrder: 2 })).toBe(2);
    expect(bindingOrderLimit({ quantity: 1, maxUnitsPerOrder: 2 })).toBe(null);
    expect(bindingOrderLimit({ quantity: 40, maxUnitsPerOrder: null })).toBe(null);
    expect(capMessage({ name: 'Benadryl', quantity: 40, maxUnitsPerOrder: 1 })).toBe(
      'Benadryl is limited to 1 unit per order.',
    );
    expect(capMessage({ name: 'Benadryl', quantity: 1, maxUnitsPerOrder: 2 })).toBe(
      'Quantity cannot exceed available stock (1)',
    );
  });
});
