import {
  ORDER_NOT_FOUND,
  buyAgainNote,
  buyAgainSummary,
  type BuyAgainLine,
  type BuyAgainReason,
  type BuyAgainResponse,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import type { CappedAdd, CartService } from '../cart/cart.service';
import type { OrdersService } from '../orders/orders.service';

/** A product of the order, its lines together (a deleted product has no id: one entry per line). */
export interface Ordered {
  productId: number | null;
  name: string;
  ordered: number;
}

/** Why a product did not go back into the cart in full (null: it did). */
function reasonOf(outcome: CappedAdd | undefined): BuyAgainReason | null {
  if (!outcome || outcome.outcome === 'gone' || outcome.outcome === 'not_sold_online')
    return 'no_longer_sold';
  if (outcome.outcome === 'out_of_stock') return 'out_of_stock';
  if (outcome.cappedBy === 'stock') return 'fewer_left';
  if (outcome.cappedBy === 'limit') return 'limit';
  return null;
}

function toLine(item: Ordered, outcome: CappedAdd | undefined): BuyAgainLine {
  const added = outcome?.outcome === 'added' ? Math.max(0, outcome.after - outcome.before) : 0;
  const inCart = outcome?.outcome === 'added' ? outcome.after : 0;
  // The product's name today when it still exists; the order's copy once it was deleted.
  const name = outcome?.product?.name ?? item.name;
  const reason = reasonOf(outcome);
  const cap = outcome?.outcome === 'added' ? outcome.cap : 0;
  return {
    productId: item.productId,
    name,
    ordered: item.ordered,
    added,
    inCart,
    reason,
    note: reason ? buyAgainNote({ name, reason, ordered: item.ordered, added, inCart, cap }) : null,
  };
}

/**
 * Issue 17 buy again: the products of one of the customer's own orders go back into their cart at
 * the quantities ordered, through the cart's own bulk add (capped at stock and per-order limits,
 * units already in the cart counted), in one transaction; each product that did not go in in full
 * says why.
 */
export function createReorderService(deps: {
  db: Database;
  orders: Pick<OrdersService, 'getDetail'>;
  cart: Pick<CartService, 'addWithinCaps'>;
}) {
  const { db, orders, cart } = deps;

  /**
   * Products into the customer's cart at the units given (one item per product), through the
   * cart's capped bulk add in one transaction; each line says what did not go in in full and why.
   * Buy again uses it, and so does a refill reminder's link (modules/refills).
   */
  async function putInCart(
    userId: number,
    items: Ordered[],
    mode: 'add' | 'atLeast' = 'add',
  ): Promise<BuyAgainResponse> {
    const wanted = new Map(
      items.flatMap((item) =>
        item.productId === null ? [] : [[item.productId, item.ordered] as const],
      ),
    );
    const outcomes =
      wanted.size === 0
        ? []
        : await db.transaction((tx) => cart.addWithinCaps(userId, wanted, tx, mode));
    const outcomeOf = new Map(outcomes.map((outcome) => [outcome.productId, outcome]));
    const lines = items.map((item) =>
      toLine(item, item.productId === null ? undefined : outcomeOf.get(item.productId)),
    );
    // In full: nothing held back (a refill's units may already have been in the cart).
    const inFull = lines.filter((line) => line.reason === null && line.inCart > 0).length;
    const inPart = lines.filter((line) => line.reason !== null && line.added > 0).length;
    return {
      message: buyAgainSummary(inFull, inPart, lines.length),
      addedUnits: lines.reduce((sum, line) => sum + line.added, 0),
      lines,
    };
  }

  return {
    async buyAgain(session: Session, orderId: number): Promise<BuyAgainResponse> {
      const detail = await orders.getDetail(session, orderId);
      // The pharmacy may read any order, but buys again only from its own (never fills a
      // customer's products into the admin's cart); another's order is 'not found' as in orders.
      if (detail.order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);

      const items: Ordered[] = [];
      const byProduct = new Map<number, Ordered>();
      for (const line of detail.orderDetails) {
        const productId = line.product?.id ?? null;
        const known = productId === null ? undefined : byProduct.get(productId);
        if (known) {
          known.ordered += line.quantity;
          continue;
        }
        const item = { productId, name: line.productName, ordered: line.quantity };
        items.push(item);
        if (productId !== null) byProduct.set(productId, item);
      }

      return putInCart(session.userId, items);
    },

    putInCart,
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
