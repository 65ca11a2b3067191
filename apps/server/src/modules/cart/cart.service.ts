import {
  MESSAGES,
  QUANTITY_MIN,
  fromMinorUnits,
  exceedsOrderLimit,
  maxOrderableUnits,
  notSoldOnlineMessage,
  orderLimitMessage,
  quantityExceedsStock,
  toMinorUnits,
  type Product,
  type CartItem,
  type CartResponse,
  type CartSummary,
  type GuestCartLine,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { CatalogService } from '../catalog/catalog.service';
import type { ClinicalService } from '../clinical/clinical.service';
import * as repository from './cart.repository';

export const CART_LINE_NOT_FOUND = 'This item is not in your cart.';
/** A cart line holds at most this many units, whatever the stock, so no one hoards a product. */
export const MAX_UNITS_PER_LINE = 100;

export function summarise(items: CartItem[]): CartSummary {
  let mrp = 0;
  let offer = 0;
  let itemCount = 0;
  for (const item of items) {
    itemCount += item.count;
    mrp += toMinorUnits(item.product.maximumRetailPrice) * item.count;
    offer += toMinorUnits(item.product.offerPrice) * item.count;
  }
  return {
    itemCount,
    totalMaximumRetailPrice: fromMinorUnits(mrp),
    totalOfferPrice: fromMinorUnits(offer),
    totalSaved: fromMinorUnits(mrp - offer),
    shipping: 0,
    total: fromMinorUnits(offer),
    prescriptionRequired: items.some((item) => item.product.prescription),
  };
}

/** Spec §5: the count of a line is a whole number from 1 to the available stock. */
function checkCount(count: number, stock: number) {
  if (count < 1) throw new BadRequestError(QUANTITY_MIN);
  if (count > Math.min(stock, MAX_UNITS_PER_LINE))
    throw new BadRequestError(quantityExceedsStock(Math.min(stock, MAX_UNITS_PER_LINE)));
}

/** Issue 16: Schedule X stays out of carts, and a per-order limit caps a line. */
function checkDispensingRules(product: Product, count: number) {
  if (!product.schedule.onlineSale) throw new ConflictError(notSoldOnlineMessage(product.name));
  if (exceedsOrderLimit(count, product.maxUnitsPerOrder))
    throw new ConflictError(orderLimitMessage(product.name, product.maxUnitsPerOrder ?? count));
}

/**
 * What putting units of one product in the cart came to (addWithinCaps). `cap` is the most units
 * the line may hold; `cappedBy` says what stopped it short of what was asked for, if anything.
 */
export type CappedAdd =
  | { productId: number; product: Product | undefined; outcome: 'gone' }
  | { productId: number; product: Product; outcome: 'not_sold_online' }
  | { productId: number; product: Product; outcome: 'out_of_stock' }
  | {
      productId: number;
      product: Product;
      outcome: 'added';
      before: number;
      after: number;
      cap: number;
      cappedBy: 'stock' | 'limit' | null;
    };

/**
 * The most units a cart line of the product may hold: its stock and per-order limit (shared
 * dispensing rules), never more than a line holds; and which of the two binds (the limit on a tie).
 */
function lineCap(product: Product): { cap: number; bindsFirst: 'stock' | 'limit' } {
  const limit = Math.min(product.maxUnitsPerOrder ?? MAX_UNITS_PER_LINE, MAX_UNITS_PER_LINE);
  const cap = Math.min(maxOrderableUnits(product), MAX_UNITS_PER_LINE);
  return { cap, bindsFirst: product.quantity < limit ? 'stock' : 'limit' };
}

/** The lines as the interaction check takes them (issue 31 point 4). */
const linesToCheck = (items: CartItem[]) =>
  items.map((item) => ({
    lineId: item.id,
    productId: item.productId,
    productName: item.product.name,
  }));

export function createCartService(
  db: Database,
  catalog: CatalogService,
  clinical: Pick<ClinicalService, 'forCart'>,
) {
  async function itemsOf(userId: number, tx: DbOrTx = db): Promise<CartItem[]> {
    const lines = await repository.listLines(tx, userId);
    const products = await catalog.productsByIds(
      lines.map((line) => line.productId),
      tx,
    );
    return lines.flatMap((line) => {
      const product = products.get(line.productId);
      return product
        ? [{ id: line.id, productId: line.productId, count: line.count, product }]
        : [];
    });
  }

  async function activeProduct(productId: number, tx: DbOrTx) {
    const product = (await catalog.productsByIds([productId], tx)).get(productId);
    if (!product || !product.isActive) throw new NotFoundError('No product found.');
    return product;
  }

  async function itemById(
    userId: number,
    cartItemId: number,
    tx: DbOrTx = db,
  ): Promise<CartItem | null> {
    return (await itemsOf(userId, tx)).find((item) => item.id === cartItemId) ?? null;
  }

  /**
   * Adds units of several products inside the caller's transaction, under the cart's lock: each
   * line ends at min(units in the cart + units wanted, stock, per-order limit, a line's maximum).
   * Products that are gone or inactive, not sold online (Schedule X) or out of stock are left
   * as they are. The one rule for adding in bulk: the guest-cart merge and buy again use it.
   */
  /**
   * `add` puts the units on top of what is in the cart; `atLeast` makes the line hold at least
   * them (a refill link opened twice must not double the cart).
   */
  async function addWithinCaps(
    userId: number,
    wanted: ReadonlyMap<number, number>,
    tx: DbOrTx,
    mode: 'add' | 'atLeast' = 'add',
  ): Promise<CappedAdd[]> {
    await repository.lockCart(tx, userId);
    const products = await catalog.productsByIds([...wanted.keys()], tx);
    const lines = new Map(
      (await repository.listLines(tx, userId)).map((line) => [line.productId, line]),
    );
    const outcomes: CappedAdd[] = [];
    for (const [productId, count] of wanted) {
      const product = products.get(productId);
      if (!product || !product.isActive) {
        outcomes.push({ productId, product, outcome: 'gone' });
        continue;
      }
      if (!product.schedule.onlineSale) {
        outcomes.push({ productId, product, outcome: 'not_sold_online' });
        continue;
      }
      const { cap, bindsFirst } = lineCap(product);
      if (cap <= 0) {
        outcomes.push({ productId, product, outcome: 'out_of_stock' });
        continue;
      }
      const existing = lines.get(productId);
      const before = existing?.count ?? 0;
      const target = mode === 'add' ? before + count : Math.max(before, count);
      const after = Math.min(target, cap);
      if (existing) {
        if (after !== before) await repository.setCount(tx, existing.id, after);
      } else await repository.insertLine(tx, userId, productId, after);
      const cappedBy = target > cap ? bindsFirst : null;
      outcomes.push({ productId, product, outcome: 'added', before, after, cap, cappedBy });
    }
    return outcomes;
  }

  return {
    async getCart(userId: number): Promise<CartResponse> {
      const cartItems = await itemsOf(userId);
      const interactions = await clinical.forCart(userId, linesToCheck(cartItems));
      return { cartItems, summary: summarise(cartItems), interactions };
    },

    /** Adds a product, or steps its count by quantity (+1 / -1 from the stepper). */
    async change(userId: number, productId: number, quantity: number) {
      return db.transaction(async (tx) => {
        await repository.lockCart(tx, userId);
        const product = await activeProduct(productId, tx);
        const line = await repository.findLineByProduct(tx, userId, productId);
        if (!line) {
          if (!product.schedule.onlineSale)
            throw new ConflictError(notSoldOnlineMessage(product.name));
          if (product.quantity <= 0) throw new BadRequestError(`${product.name} is out of stock.`);
          if (quantity > 0) checkDispensingRules(product, quantity);
          checkCount(quantity, product.quantity);
          const id = await repository.insertLine(tx, userId, productId, quantity);
          return { message: MESSAGES.addedToCart, cartItem: await itemById(userId, id, tx) };
        }
        // Stepping down is always allowed, so a cart over a new limit can be brought under it.
        if (quantity > 0) checkDispensingRules(product, line.count + quantity);
        checkCount(line.count + quantity, product.quantity);
        await repository.setCount(tx, line.id, line.count + quantity);
        return { message: MESSAGES.quantityUpdated, cartItem: await itemById(userId, line.id, tx) };
      });
    },

    /** Spec §7 DELETE /cart/{cartItemId}: one unit less; the last unit removes the line. */
    async decrement(userId: number, cartItemId: number) {
      return db.transaction(async (tx) => {
        await repository.lockCart(tx, userId);
        const line = await repository.findLine(tx, userId, cartItemId);
        if (!line) throw new NotFoundError(CART_LINE_NOT_FOUND);
        if (line.count <= 1) {
          await repository.deleteLine(tx, userId, cartItemId);
          return { message: 'Item removed from cart', cartItem: null };
        }
        await repository.setCount(tx, line.id, line.count - 1);
        return { message: MESSAGES.quantityUpdated, cartItem: await itemById(userId, line.id, tx) };
      });
    },

    async removeProduct(userId: number, productId: number): Promise<{ message: string }> {
      if (!(await repository.deleteByProduct(db, userId, productId)))
        throw new NotFoundError(CART_LINE_NOT_FOUND);
      return { message: 'Item removed from cart' };
    },

    async clear(userId: number, tx: DbOrTx = db): Promise<void> {
      await repository.clear(tx, userId);
    },

    /**
     * DECISIONS: on sign-in the guest cart merges into the server cart — quantities added, capped at
     * stock; products that are gone or out of stock are skipped, each with a note for the shopper.
     */
    async merge(userId: number, guestLines: GuestCartLine[]) {
      const wanted = new Map<number, number>();
      for (const line of guestLines)
        wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.count);
      const outcomes = await db.transaction((tx) => addWithinCaps(userId, wanted, tx));
      const notes = outcomes.flatMap((added): string[] => {
        if (added.outcome === 'gone')
          return ['A product in your cart is no longer available and was removed.'];
        const { name } = added.product;
        if (added.outcome === 'not_sold_online')
          return [`${notSoldOnlineMessage(name)} It was removed from your cart.`];
        if (added.outcome === 'out_of_stock')
          return [`${name} is out of stock and was removed from your cart.`];
        return added.cappedBy
          ? [`Only ${added.cap} of ${name} can be ordered; your cart was adjusted.`]
          : [];
      });
      const cartItems = await itemsOf(userId);
      const interactions = await clinical.forCart(userId, linesToCheck(cartItems));
      return { cartItems, summary: summarise(cartItems), interactions, notes };
    },

    addWithinCaps,

    /** The lines an order is placed from, read inside the order's transaction. */
    linesForOrder: (userId: number, tx: DbOrTx) => repository.listLines(tx, userId),
    lockCart: (userId: number, tx: DbOrTx) => repository.lockCart(tx, userId),
  };
}

export type CartService = ReturnType<typeof createCartService>;
