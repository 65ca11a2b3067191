import type { ReactNode } from 'react';
import {
  CartContext,
  PendingCartProductsContext,
  useCartState,
  usePendingCartProductsState,
} from '../hooks/use-cart';
import { CartActionsContext, useCartActionsState } from '../hooks/use-cart-actions';

/** The cart and its actions, computed once for every cart control on the page. */
export function CartProvider({ children }: { children: ReactNode }) {
  const cart = useCartState();
  const actions = useCartActionsState();
  const pending = usePendingCartProductsState();
  return (
    <CartContext.Provider value={cart}>
      <CartActionsContext.Provider value={actions}>
        <PendingCartProductsContext.Provider value={pending}>
          {children}
        </PendingCartProductsContext.Provider>
      </CartActionsContext.Provider>
    </CartContext.Provider>
  );
}
