import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderReturnsResponseSchema, type OrderReturnsResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { returnKeys } from './return-keys';

/** GET /api/order/{orderId}/returns: the order's requests and what may still be sent back. */
export function getOrderReturns(
  orderId: number,
  signal?: AbortSignal,
): Promise<OrderReturnsResponse> {
  return api.get(`/order/${orderId}/returns`, {
    schema: orderReturnsResponseSchema,
    signal,
  });
}

export const orderReturnsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: returnKeys.order(orderId),
    queryFn: ({ signal }) => getOrderReturns(orderId, signal),
  });

export function useOrderReturns(orderId: number) {
  return useQuery(orderReturnsQueryOptions(orderId));
}
