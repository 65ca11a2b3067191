import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefillOrderOptions } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { refillKeys } from './refill-keys';

/**
 * GET /api/refills/order/{orderId}: the lines of the customer's own order a refill reminder can
 * be set for (medicines still sold), each with their reminder for that product if they have one.
 */
export function getOrderRefillOptions(
  orderId: number,
  signal?: AbortSignal,
): Promise<RefillOrderOptions> {
  return api.get(`/refills/order/${orderId}`, {
    schema: () => import('../schemas').then((m) => m.refillOrderOptionsSchema),
    signal,
  });
}

export const orderRefillOptionsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: refillKeys.order(orderId),
    queryFn: ({ signal }) => getOrderRefillOptions(orderId, signal),
  });

/** One request per order page, shared by every line's action. */
export function useOrderRefillOptions(orderId: number) {
  return useQuery(orderRefillOptionsQueryOptions(orderId));
}
