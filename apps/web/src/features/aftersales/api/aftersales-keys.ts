import { addressListKey, queryKeyRoots } from '../../../lib/query-keys';

/** After-sales queries sit under the user's key, so signing out drops them (lib/auth). */
export const aftersalesKeys = {
  all: queryKeyRoots.afterSales,
  order: (orderId: number) => [...aftersalesKeys.all, 'order', orderId] as const,
};

/**
 * The order feature's queries (list and detail) start with this root (lib/query-keys): a
 * cancellation or an address change re-reads them.
 */
export const orderViewsKey = queryKeyRoots.orders;

/** The address book's queries (features/account), read by the address change. */
export const addressBookKey = addressListKey;
