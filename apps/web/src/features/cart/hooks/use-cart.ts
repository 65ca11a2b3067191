import { useMutationState } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { useAuth } from '../../../lib/auth';
import { useSession } from '../../../lib/auth-session';
import { useServerCart } from '../api/get-cart';
import { cartOf, emptyCart } from '../lib/cart-rules';
import { useGuestCart } from '../lib/guest-cart';
import { cartMutationKey } from '../lib/optimistic-cart';
import type { Cart, CartLine } from '../types';

/** Whose cart it is: the browser's (guest) or the signed-in user's on the server. */
export function useCartOwner(): { signedIn: boolean; userId: number | null } {
  const { token, userId: storedUserId } = useSession();
  const { profile } = useAuth();
  if (token === null) return { signedIn: false, userId: null };
  return { signedIn: true, userId: profile?.id ?? storedUserId };
}

export type CartStatus = 'loading' | 'error' | 'ready';

export interface CartView {
  isGuest: boolean;
  status: CartStatus;
  cart: Cart;
  reload: () => void;
}

const noop = () => undefined;

/**
 * Computes the cart once for the whole page (CartProvider); every product card reads it through
 * context. Each card used to subscribe on its own (session, profile query, server cart query,
 * guest cart), which made rendering the 25 cards of /shop a long task on phones (issue 8, TBT).
 */
export function useCartState(): CartView {
  const { signedIn, userId } = useCartOwner();
  const guestLines = useGuestCart();
  const guestCart = useMemo(() => cartOf(guestLines), [guestLines]);
  const query = useServerCart(signedIn ? userId : null);
  const { refetch, data, isError } = query;
  const reload = useMemo(() => () => void refetch(), [refetch]);

  return useMemo<CartView>(() => {
    if (!signedIn) return { isGuest: true, status: 'ready', cart: guestCart, reload: noop };
    if (data) return { isGuest: false, status: 'ready', cart: data, reload };
    if (isError) return { isGuest: false, status: 'error', cart: emptyCart, reload };
    return { isGuest: false, status: 'loading', cart: emptyCart, reload };
  }, [signedIn, guestCart, data, isError, reload]);
}

export const CartContext = createContext<CartView | null>(null);

/** The cart the badge, the drawer and the product buttons show (DECISIONS: guests too). */
export function useCart(): CartView {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart() needs a <CartProvider> above it (app/provider.tsx).');
  return cart;
}

export function useCartLine(productId: number): CartLine | undefined {
  const { cart } = useCart();
  return cart.lines.find((line) => line.productId === productId);
}

/**
 * The products whose cart change is on its way to the server, computed once for the page
 * (CartProvider): one mutation-cache subscription instead of one in each product card.
 */
export function usePendingCartProductsState(): ReadonlySet<number> {
  const productIds = useMutationState({
    filters: { mutationKey: cartMutationKey, status: 'pending' },
    select: (mutation) =>
      (mutation.state.variables as { productId?: number } | undefined)?.productId,
  });
  // The list keeps its identity while it is unchanged (TanStack Query shares equal results).
  return useMemo(
    () => new Set(productIds.filter((id): id is number => typeof id === 'number')),
    [productIds],
  );
}

export const PendingCartProductsContext = createContext<ReadonlySet<number> | null>(null);

/** True while a change of this product's line is on its way to the server. */
export function useCartLinePending(productId: number): boolean {
  const pending = useContext(PendingCartProductsContext);
  if (!pending) throw new Error('useCartLinePending() needs a <CartProvider> above it.');
  return pending.has(productId);
}
