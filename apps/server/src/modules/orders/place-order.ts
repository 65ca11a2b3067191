import {
  ORDER_STATUS,
  type InteractionFinding,
  exceedsOrderLimit,
  lineTotalMinor,
  notSoldOnlineMessage,
  orderLimitMessage,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, OutOfStockError } from '../../lib/errors';
import type { CartService } from '../cart/cart.service';
import type { ClinicalService } from '../clinical/clinical.service';
import type { InventoryService } from '../inventory/inventory.service';
import type { OrderEvents } from './order-events';
import * as repository from './orders.repository';
import * as placing from './place-order.repository';

export const CART_IS_EMPTY = 'Your cart is empty.';
const ORDER_PLACED = 'Order placed successfully';

const unavailable = (name: string) =>
  `${name} is no longer available. Please remove it from your cart.`;

/**
 * Refuses lines whose product is gone or inactive, cannot be sold online, is over its per-order
 * limit, or has fewer units than the lines ask for (two lines of one product together).
 */
function assertCanOrder(
  lines: placing.CheckoutLine[],
  products: Map<number, placing.CheckoutProduct>,
) {
  const units = new Map<number, number>();
  for (const line of lines)
    units.set(line.productId, (units.get(line.productId) ?? 0) + line.count);
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product || !product.isActive) throw new ConflictError(unavailable(line.name));
    if (!product.onlineSale) throw new ConflictError(notSoldOnlineMessage(product.name));
    const wanted = units.get(line.productId) ?? line.count;
    if (exceedsOrderLimit(wanted, product.maxUnitsPerOrder))
      throw new ConflictError(orderLimitMessage(product.name, product.maxUnitsPerOrder ?? wanted));
    if (product.quantity < wanted) {
      throw new OutOfStockError(
        product.quantity <= 0
          ? `${product.name} is out of stock. Please remove it from your cart.`
          : `Only ${product.quantity} of ${product.name} left in stock. Please lower the quantity.`,
      );
    }
  }
}

/** Spec §7 POST /order: the cart becomes an order (issue 7's rules for stock and retries). */
export function createPlaceOrder(deps: {
  db: Database;
  cart: Pick<CartService, 'lockCart' | 'linesForOrder'>;
  inventory: Pick<InventoryService, 'sellableFrom'>;
  clinical: Pick<ClinicalService, 'forOrder'>;
  events: OrderEvents;
  onStockChanged: () => void;
}) {
  const { db, cart, inventory, clinical, events, onStockChanged } = deps;
  /**
   * Places the signed-in user's cart as an order in one transaction: re-checks every product
   * (active, stock), reserves stock with a conditional update, snapshots prices, empties the
   * cart and records the first status. The same Idempotency-Key answers the same order.
   */
  return async function placeOrder(
    userId: number,
    idempotencyKey: string | undefined,
  ): Promise<{
    orderId: number;
    message: string;
    created: boolean;
    interactions?: InteractionFinding[];
  }> {
    try {
      const result = await db.transaction(async (tx) => {
        await cart.lockCart(userId, tx);
        const cartLines = await cart.linesForOrder(userId, tx);
        const productIds = [...new Set(cartLines.map((line) => line.productId))];
        const state = await placing.readCheckout(tx, userId, idempotencyKey ?? null, productIds);
        if (state?.existingOrderId)
          return { orderId: state.existingOrderId, message: ORDER_PLACED, created: false };
        if (!state || cartLines.length === 0) throw new BadRequestError(CART_IS_EMPTY);
        const lines = cartLines.map((line): placing.CheckoutLine => {
          const product = state.products.get(line.productId);
          if (!product) throw new ConflictError(unavailable('A product in your cart'));
          const { id, ...rest } = product;
          return { ...rest, productId: id, count: line.count };
        });
        // Checked here for the shopper's message; checked again, under lock, as stock is taken.
        assertCanOrder(lines, state.products);
        const totalMinor = lines.reduce(
          (sum, line) => sum + lineTotalMinor(line.priceMinor, line.count),
          0,
        );
        const orderId = await placing.placeFromCart(
          tx,
          {
            userId,
            statusId: ORDER_STATUS.COLLECTING_ADDRESS,
            totalOrderValueMinor: totalMinor,
            idempotencyKey: idempotencyKey ?? null,
            note: 'Order placed',
          },
          lines,
          inventory.sellableFrom(),
        );
        if (orderId === null) {
          // Another order took the stock, or the product changed, since it was read: say
          // which, from the products as they are now; the transaction rolls back.
          const now = (await placing.readCheckout(tx, userId, null, productIds))?.products;
          assertCanOrder(lines, now ?? new Map());
          for (const line of lines) {
            const current = now?.get(line.productId);
            if (
              current &&
              (current.priceMinor !== line.priceMinor || current.mrpMinor !== line.mrpMinor)
            )
              throw new ConflictError(
                `The price of ${current.name} has just changed. Please review your cart.`,
              );
          }
          throw new OutOfStockError('A product in your cart is out of stock.');
        }
        await events.publish(tx, 'order.placed', {
          orderId,
          userId,
          email: state.email,
          name: state.name,
          totalMinor,
        });
        // Issue 31 point 4: the new order's interactions for the shopper, read in its
        // transaction (its lines as written; no patient is chosen yet). Measured by the bench.
        const interactions = await clinical.forOrder(
          { id: orderId, userId, createdAt: new Date(), patientId: null },
          tx,
        );
        return { orderId, message: ORDER_PLACED, created: true, interactions };
      });
      // After the commit, so that no listing is cached again from the stock before it.
      if (result.created) onStockChanged();
      return result;
    } catch (error) {
      // A retry that raced the first request on another connection: answer the order it made.
      if (idempotencyKey && isUniqueViolation(error)) {
        const existing = await repository.findByIdempotencyKey(db, userId, idempotencyKey);
        if (existing) return { orderId: existing.id, message: ORDER_PLACED, created: false };
      }
      throw error;
    }
  };
}
