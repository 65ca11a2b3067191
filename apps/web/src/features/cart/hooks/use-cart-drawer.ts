import { useSyncExternalStore } from 'react';

/**
 * Spec §3 client state 'cart open': the header's drawer, opened from the badge, from a product
 * page or after sign-in, and closed when an order is placed.
 */
let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openCartDrawer = () => setOpen(true);
export const closeCartDrawer = () => setOpen(false);

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}

/**
 * 'Proceed To Checkout' sends a guest to sign in; this note (per tab, for half an hour) reopens
 * the cart once they are back, whatever page the sign-in form returns them to.
 */
const OPEN_AFTER_SIGN_IN_KEY = 'cart:openAfterSignIn';
const OPEN_AFTER_SIGN_IN_MS = 30 * 60_000;

export function markOpenCartAfterSignIn(): void {
  try {
    window.sessionStorage.setItem(OPEN_AFTER_SIGN_IN_KEY, String(Date.now()));
  } catch {
    // storage blocked: the sign-in form's openCart state still brings the cart back
  }
}

/** True (once) when the guest asked to check out shortly before signing in. */
export function takeOpenCartAfterSignIn(): boolean {
  try {
    const stored = window.sessionStorage.getItem(OPEN_AFTER_SIGN_IN_KEY);
    if (stored === null) return false;
    window.sessionStorage.removeItem(OPEN_AFTER_SIGN_IN_KEY);
    return Date.now() - Number(stored) < OPEN_AFTER_SIGN_IN_MS;
  } catch {
    return false;
  }
}
