import { useIsMutating } from '@tanstack/react-query';
import { useMemo } from 'react';
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

/** The cart the badge, the drawer and the product buttons show (DECISIONS: guests too). */
export function useCart(): CartView {
  const { signedIn, userId } = useCartOwner();
  const guestLines = useGuestCart();
  const guestCart = useMemo(() => cartOf(guestLines), [guestLines]);
  const query = useServerCart(signedIn ? userId : null);
  const { refetch } = query;
  const reload = useMemo(() => () => void refetch(), [refetch]);

  if (!signedIn) return { isGuest: true, status: 'ready', cart: guestCart, reload: noop };
  if (query.data) return { isGuest: false, status: 'ready', cart: query.data, reload };
  if (query.isError) return { isGuest: false, status: 'error', cart: emptyCart, reload };
  return { isGuest: false, status: 'loading', cart: emptyCart, reload };
}

export function useCartLine(productId: number): CartLine | undefined {
  const { cart } = useCart();
  return cart.lines.find((line) => line.productId === productId);
}

/** True while a change of this product's line is on its way to the server. */
export function useCartLinePending(productId: number): boolean {
  const pending = useIsMutating({
    mutationKey: cartMutationKey,
    predicate: (mutation) =>
      (mutation.state.variables as { productId?: number } | undefined)?.productId === productId,
  });
  return pending > 0;
}
