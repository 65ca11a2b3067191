import { beforeEach, describe, expect, it } from 'vitest';
import type { CartProduct } from '../types';
import {
  GUEST_CART_KEY,
  MAX_GUEST_LINES,
  addToGuestCart,
  clearGuestCart,
  getGuestCart,
  guestMergePayload,
  parseGuestCart,
  removeFromGuestCart,
  stepGuestLine,
} from './guest-cart';

function product(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id: 1,
    name: 'Paracetamol 500 mg',
    offerPrice: 52.5,
    maximumRetailPrice: 60,
    quantity: 3,
    prescription: false,
    maxUnitsPerOrder: null,
    onlineSale: true,
    saltComposition: { id: 9, name: 'Paracetamol (500mg)' },
    images: [{ url: '/uploads/p1.svg' }],
    ...overrides,
  };
}

describe('guest cart (DECISIONS: kept in the browser)', () => {
  beforeEach(() => clearGuestCart());

  it('adds a product with its snapshot, then adds to its count', () => {
    expect(addToGuestCart(product(), 1)).toEqual({ ok: true, message: 'Added to cart!' });
    expect(addToGuestCart(product(), 1)).toEqual({
      ok: true,
      message: 'Quantity Updated successfully',
    });
    expect(getGuestCart()).toEqual([
      { productId: 1, cartItemId: null, count: 2, product: product() },
    ]);
    const stored = JSON.parse(window.localStorage.getItem(GUEST_CART_KEY) ?? '{}') as {
      lines: unknown[];
    };
    expect(stored.lines).toEqual([{ productId: 1, count: 2, product: product() }]);
  });

  it('caps the count at the stock with the spec message', () => {
    expect(addToGuestCart(product(), 4)).toEqual({
      ok: false,
      message: 'Quantity cannot exceed available stock (3)',
    });
    addToGuestCart(product(), 2);
    expect(addToGuestCart(product(), 2).message).toBe('Quantity cannot exceed available stock (3)');
    expect(stepGuestLine(1, 1).ok).toBe(true);
    expect(stepGuestLine(1, 1)).toEqual({
      ok: false,
      message: 'Quantity cannot exceed available stock (3)',
    });
    expect(getGuestCart()[0]?.count).toBe(3);
  });

  it('caps a line at 100 units whatever the stock, as the server does', () => {
    expect(addToGuestCart(product({ quantity: 500 }), 101).message).toBe(
      'Quantity cannot exceed available stock (100)',
    );
    expect(addToGuestCart(product({ quantity: 500 }), 100).ok).toBe(true);
  });

  it('refuses a quantity below 1 and an out-of-stock product', () => {
    expect(addToGuestCart(product(), 0)).toEqual({
      ok: false,
      message: 'Quantity must be at least 1',
    });
    expect(addToGuestCart(product({ quantity: 0 }), 1)).toEqual({
      ok: false,
      message: 'Paracetamol 500 mg is out of stock.',
    });
    expect(getGuestCart()).toEqual([]);
  });

  it('steps down to 1 and removes a line', () => {
    addToGuestCart(product(), 2);
    expect(stepGuestLine(1, -1).message).toBe('Quantity Updated successfully');
    expect(getGuestCart()[0]?.count).toBe(1);
    expect(removeFromGuestCart(1)).toEqual({ ok: true, message: 'Item removed from cart' });
    expect(getGuestCart()).toEqual([]);
    expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('reads stored data defensively: malformed entries dropped, counts clamped to the stock', () => {
    const raw = JSON.stringify({
      version: 1,
      lines: [
        { productId: 1, count: 9, product: product() },
        { productId: 2, count: 0, product: product({ id: 2, quantity: 5 }) },
        { productId: 3, count: 1, product: { id: 3, name: 'No price' } },
        { productId: 1, count: 1, product: product() },
        { productId: 4, count: 2, product: product({ id: 4, quantity: 0 }) },
        'junk',
      ],
    });
    expect(parseGuestCart(raw).map(({ productId, count }) => [productId, count])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(parseGuestCart('{not json')).toEqual([]);
    expect(parseGuestCart(null)).toEqual([]);
  });

  it('keeps a product within its per-order limit with the shared sentence (issue 16)', () => {
    const syrup = product({ quantity: 50, maxUnitsPerOrder: 2, name: 'Benadryl Cough Syrup' });
    expect(addToGuestCart(syrup, 3)).toEqual({
      ok: false,
      message: 'Benadryl Cough Syrup is limited to 2 units per order.',
    });
    expect(addToGuestCart(syrup, 2).ok).toBe(true);
    expect(stepGuestLine(1, 1)).toEqual({
      ok: false,
      message: 'Benadryl Cough Syrup is limited to 2 units per order.',
    });
    expect(getGuestCart()[0]?.count).toBe(2);
    // A limit above the stock leaves the stock's sentence.
    clearGuestCart();
    expect(addToGuestCart(product({ maxUnitsPerOrder: 10 }), 4).message).toBe(
      'Quantity cannot exceed available stock (3)',
    );
  });

  it('never keeps a product that is not sold online (Schedule X)', () => {
    expect(addToGuestCart(product({ name: 'Ritalin 10 Tablet', onlineSale: false }), 1)).toEqual({
      ok: false,
      message:
        'Ritalin 10 Tablet cannot be ordered online: the law allows it only at the pharmacy counter.',
    });
    const raw = JSON.stringify({
      version: 1,
      lines: [
        { productId: 1, count: 5, product: product({ quantity: 9, maxUnitsPerOrder: 2 }) },
        { productId: 2, count: 1, product: product({ id: 2, onlineSale: false }) },
      ],
    });
    expect(parseGuestCart(raw).map(({ productId, count }) => [productId, count])).toEqual([[1, 2]]);
  });

  it('reads a snapshot stored before issue 16 as unlimited, sold online and without a salt', () => {
    const old = { id: 5, name: 'Old', offerPrice: 10, maximumRetailPrice: 12, quantity: 4 };
    const [line] = parseGuestCart(
      JSON.stringify({ version: 1, lines: [{ productId: 5, count: 2, product: old }] }),
    );
    expect(line?.product).toMatchObject({
      maxUnitsPerOrder: null,
      onlineSale: true,
      saltComposition: null,
    });
  });

  it('builds the POST /cart/merge payload: one entry per product, at most 200', () => {
    const lines = Array.from({ length: MAX_GUEST_LINES + 5 }, (_, index) => ({
      productId: index + 1,
      cartItemId: null,
      count: 2,
      product: product({ id: index + 1 }),
    }));
    const { items } = guestMergePayload(lines);
    expect(items).toHaveLength(MAX_GUEST_LINES);
    expect(items[0]).toEqual({ productId: 1, count: 2 });
    expect(
      guestMergePayload([
        { productId: 7, cartItemId: null, count: 2, product: product({ id: 7 }) },
        { productId: 7, cartItemId: null, count: 3, product: product({ id: 7 }) },
      ]),
    ).toEqual({ items: [{ productId: 7, count: 5 }] });
  });
});
