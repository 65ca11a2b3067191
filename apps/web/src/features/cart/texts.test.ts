import { describe, expect, it } from 'vitest';
import { CART_EMPTY, QUANTITY_MIN } from '@pharmacy/shared';
import { CART_EMPTY_TEXT, QUANTITY_MIN_TEXT } from './texts';

describe('cart texts', () => {
  it('are the shared spec texts', () => {
    expect(CART_EMPTY_TEXT).toBe(CART_EMPTY);
    expect(QUANTITY_MIN_TEXT).toBe(QUANTITY_MIN);
  });
});
