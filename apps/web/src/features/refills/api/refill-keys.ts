import { userQueryKey } from '../../../lib/auth';

/**
 * The refill queries' key factory. Keys start with 'user', so signing out drops them; a change
 * to a reminder invalidates everything under `all` (My Refills and the order pages).
 */
export const refillKeys = {
  all: [...userQueryKey, 'refills'] as const,
  list: () => [...refillKeys.all, 'list'] as const,
  order: (orderId: number) => [...refillKeys.all, 'order', orderId] as const,
};

/**
 * The cart feature's queries start with this key (the header badge and the drawer read them).
 * Features do not import each other, so the prefix is named here (lib/auth: user data starts with
 * 'user').
 */
export const cartQueryPrefix = [...userQueryKey, 'cart'] as const;
