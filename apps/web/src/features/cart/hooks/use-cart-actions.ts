import { createContext, useContext, useMemo } from 'react';
import { notify } from '../../../lib/toast';
import { useChangeCartItem } from '../api/change-cart-item';
import { useRemoveCartItem } from '../api/remove-cart-item';
import {
  addToGuestCart,
  removeFromGuestCart,
  stepGuestLine,
  type GuestCartResult,
} from '../lib/guest-cart';
import type { CartLine, CartProduct } from '../types';
import { useCartOwner } from './use-cart';

function report(result: GuestCartResult): void {
  if (result.ok) notify.success(result.message);
  else notify.error(result.message);
}

export interface CartActions {
  /** Spec §4: adding sets the count ('Added to cart!'), or adds to it ('Quantity Updated …'). */
  add: (product: CartProduct, quantity?: number) => void;
  /** The stepper: +1 or -1 ('Quantity Updated successfully'). */
  step: (line: CartLine, delta: 1 | -1) => void;
  /** Remove deletes the line. */
  remove: (line: CartLine) => void;
}

/**
 * The same actions for a guest (browser cart) and a signed-in shopper (server cart). Made once
 * by CartProvider, like the cart itself (see useCartState).
 */
export function useCartActionsState(): CartActions {
  const { signedIn, userId } = useCartOwner();
  const { mutate: change } = useChangeCartItem(userId);
  const { mutate: removeItem } = useRemoveCartItem(userId);

  return useMemo<CartActions>(
    () => ({
      add: (product, quantity = 1) => {
        if (!signedIn) return report(addToGuestCart(product, quantity));
        change({ productId: product.id, quantity, product });
      },
      step: (line, delta) => {
        if (!signedIn) return report(stepGuestLine(line.productId, delta));
        change({ productId: line.productId, quantity: delta, product: line.product });
      },
      remove: (line) => {
        if (!signedIn) return report(removeFromGuestCart(line.productId));
        removeItem({ productId: line.productId });
      },
    }),
    [signedIn, change, removeItem],
  );
}

export const CartActionsContext = createContext<CartActions | null>(null);

export function useCartActions(): CartActions {
  const actions = useContext(CartActionsContext);
  if (!actions) throw new Error('useCartActions() needs a <CartProvider> above it.');
  return actions;
}
