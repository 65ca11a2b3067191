import { describe, expect, it } from 'vitest';
import { buyAgainSummary } from './messages';

describe('buyAgainSummary', () => {
  it.each([
    [1, 0, 1, 'The product of this order is in your cart.'],
    [0, 1, 1, 'The product of this order was added to your cart in part.'],
    [0, 0, 1, 'None of the products of this order could be added to your cart.'],
    [3, 0, 3, 'All 3 products of this order are in your cart.'],
    [1, 1, 2, 'All 2 products of this order were added to your cart, 1 of them in part.'],
    [2, 0, 3, '2 of the 3 products of this order were added to your cart.'],
    [1, 2, 7, '3 of the 7 products of this order were added to your cart, 2 of them in part.'],
    [0, 0, 4, 'None of the products of this order could be added to your cart.'],
  ])('%i in full, %i in part of %i', (inFull, inPart, products, expected) => {
    expect(buyAgainSummary(inFull, inPart, products)).toBe(expected);
  });
});
