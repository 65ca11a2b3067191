import type { ReactNode } from 'react';
import { CartContext, useCartState } from '../hooks/use-cart';
import { CartActionsContext, useCartActionsState } from '../hooks/use-cart-actions';

/** The cart and its actions, computed once for every cart control on the page. */
export function CartProvider({ children }: { children: ReactNode }) {
  const cart = useCartState();
  const actions = useCartActionsState();
  return (
    <CartContext.Provider value={cart}>
      <CartActionsContext.Provider value={actions}>{children}</CartActionsContext.Provider>
    </CartContext.Provider>
  );
}
