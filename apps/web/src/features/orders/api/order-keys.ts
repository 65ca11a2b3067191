import { queryKeyRoots } from '../../../lib/query-keys';

/**
 * The order queries' key factory. Keys start with 'user', so signing out drops them; a change to
 * an order invalidates everything under `all`.
 */
export const orderKeys = {
  all: queryKeyRoots.orders,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: object) => [...orderKeys.lists(), params] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderId: number) => [...orderKeys.details(), orderId] as const,
  prescriptions: (orderId: number) => [...orderKeys.all, 'prescriptions', orderId] as const,
};
