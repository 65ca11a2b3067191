import { queryKeyRoots } from '../../../lib/query-keys';

/**
 * The refill queries' key factory. Keys start with 'user', so signing out drops them; a change
 * to a reminder invalidates everything under `all` (My Refills and the order pages).
 */
export const refillKeys = {
  all: queryKeyRoots.refills,
  list: () => [...refillKeys.all, 'list'] as const,
  order: (orderId: number) => [...refillKeys.all, 'order', orderId] as const,
};

/** The cart feature's root (the header badge and the drawer read it), from lib/query-keys. */
export const cartQueryPrefix = queryKeyRoots.cart;
