import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth-session';
import { useMergeGuestCart } from '../api/merge-guest-cart';
import { guestMergePayload, useGuestCart } from '../lib/guest-cart';
import { openCartDrawer, takeOpenCartAfterSignIn } from './use-cart-drawer';
import { useCartOwner } from './use-cart';

// One merge at a time for the whole page (StrictMode runs effects twice in development).
let mergeInFlight = false;

/**
 * DECISIONS: when the session token becomes set and the browser still holds a guest cart, it is
 * merged into the server cart (POST /cart/merge), the server's notes shown as info toasts, and
 * the browser's copy cleared.
 */
export function useGuestCartMerge(): void {
  const { token } = useSession();
  const { userId } = useCartOwner();
  const guestLines = useGuestCart();
  const { mutate } = useMergeGuestCart(userId);

  useEffect(() => {
    if (token === null || guestLines.length === 0 || mergeInFlight) return;
    const { items } = guestMergePayload(guestLines);
    if (items.length === 0) return;
    mergeInFlight = true;
    mutate(items, {
      onSettled: () => {
        mergeInFlight = false;
      },
    });
  }, [token, guestLines, mutate]);
}

function wantsCartOpen(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'openCart' in state && state.openCart === true
  );
}

/**
 * 'Proceed To Checkout' → sign in → back with the cart open. The guest left with location state
 * { redirectTo, openCart: true }; whether the sign-in form passes that state on or only follows
 * redirectTo, the drawer opens once the shopper is signed in and off the sign-in page.
 */
export function useOpenCartAfterSignIn(): void {
  const { token } = useSession();
  const location = useLocation();
  const onSignInPage =
    location.pathname === paths.login.path || location.pathname === paths.auth.path;
  // A page reached with openCart opens the cart once, not again on Back.
  const handled = useRef(new Set<string>());

  useEffect(() => {
    if (token === null || onSignInPage || handled.current.has(location.key)) return;
    handled.current.add(location.key);
    const fromSignIn = takeOpenCartAfterSignIn();
    if (fromSignIn || wantsCartOpen(location.state)) openCartDrawer();
  }, [token, onSignInPage, location.key, location.state]);
}
