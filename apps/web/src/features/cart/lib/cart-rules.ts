import {
  fromMinorUnits,
  placeholderImageIndex,
  quantityExceedsStock,
  toMinorUnits,
} from '@pharmacy/shared';
import { orderLimitText } from '../../../lib/dispensing-texts';
import type { Cart, CartLine, CartProduct, CartTotals } from '../types';

/**
 * The server keeps at most this many units on one cart line, whatever the stock (cart.service
 * MAX_UNITS_PER_LINE), so nobody hoards a product; the browser applies the same cap.
 */
export const MAX_UNITS_PER_LINE = 100;

/** Spec §5: the most units of a product one cart line may hold. */
export function maxUnits(stock: number): number {
  return Math.max(0, Math.min(stock, MAX_UNITS_PER_LINE));
}

type LimitedProduct = Pick<CartProduct, 'name' | 'quantity' | 'maxUnitsPerOrder'>;

/**
 * Issue 16: the per-order limit when it is what stops the count (it is below the stock and the
 * line cap), else null: the stock stops it first and says so itself.
 */
export function bindingOrderLimit(
  product: Pick<CartProduct, 'quantity' | 'maxUnitsPerOrder'>,
): number | null {
  const limit = product.maxUnitsPerOrder;
  return limit != null && limit <= maxUnits(product.quantity) ? limit : null;
}

/**
 * The most units of a product the cart may hold: the stock (spec §5) and its per-order limit
 * (issue 16), as shared maxOrderableUnits reads them (cart-rules.test.ts checks it), and the
 * line cap, whichever is lowest.
 */
export function lineCap(product: Pick<CartProduct, 'quantity' | 'maxUnitsPerOrder'>): number {
  return bindingOrderLimit(product) ?? maxUnits(product.quantity);
}

/** Why the count cannot go higher: the per-order limit's sentence, or the stock's. */
export function capMessage(product: LimitedProduct): string {
  const limit = bindingOrderLimit(product);
  return limit !== null
    ? orderLimitText(product.name, limit)
    : quantityExceedsStock(maxUnits(product.quantity));
}

/** Spec §5: minus is disabled at a count of 1 or less. */
export function canDecrement(count: number): boolean {
  return count > 1;
}

/**
 * Spec §5: plus is disabled once the count reaches the available quantity, or (issue 16) the
 * product's per-order limit.
 */
export function canIncrement(count: number, stock: number, limit: number | null = null): boolean {
  return count < lineCap({ quantity: stock, maxUnitsPerOrder: limit });
}

/** The totals of the cart summary, computed as the server does: in minor units, shipping free. */
export function summarise(lines: readonly CartLine[]): CartTotals {
  let mrp = 0;
  let offer = 0;
  let itemCount = 0;
  for (const line of lines) {
    itemCount += line.count;
    mrp += toMinorUnits(line.product.maximumRetailPrice) * line.count;
    offer += toMinorUnits(line.product.offerPrice) * line.count;
  }
  return {
    itemCount,
    totalMaximumRetailPrice: fromMinorUnits(mrp),
    totalOfferPrice: fromMinorUnits(offer),
    totalSaved: fromMinorUnits(Math.max(0, mrp - offer)),
    shipping: 0,
    total: fromMinorUnits(offer),
    prescriptionRequired: lines.some((line) => line.product.prescription),
  };
}

export function cartOf(lines: CartLine[]): Cart {
  return { lines, summary: summarise(lines) };
}

export const emptyCart: Cart = cartOf([]);

/** Spec §9: with no image, one of 5 placeholders chosen by the name's length. */
export function cartImageUrl(product: Pick<CartProduct, 'name' | 'images'>): string {
  const url = product.images[0]?.url;
  return url || `/placeholders/product-${placeholderImageIndex(product.name)}.svg`;
}

/** Keeps only what the cart needs of a product, so a snapshot stays small in storage. */
export function toCartProduct(product: CartProduct): CartProduct {
  return {
    id: product.id,
    name: product.name,
    offerPrice: product.offerPrice,
    maximumRetailPrice: product.maximumRetailPrice,
    quantity: product.quantity,
    prescription: product.prescription,
    maxUnitsPerOrder: product.maxUnitsPerOrder,
    onlineSale: product.onlineSale,
    saltComposition: product.saltComposition
      ? { id: product.saltComposition.id, name: product.saltComposition.name }
      : null,
    images: product.images.slice(0, 1).map((image) => ({ url: image.url })),
  };
}
