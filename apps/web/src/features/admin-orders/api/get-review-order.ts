import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailResponseSchema, type Order } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './admin-order-keys';

/** GET /api/order/getOrderDetail/{orderId}: the review panel needs the order's status. */
export async function getReviewOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  const { order } = await api.get(`/order/getOrderDetail/${orderId}`, {
    schema: orderDetailResponseSchema,
    signal,
  });
  return order;
}

export const reviewOrderQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: reviewKeys.order(orderId),
    queryFn: ({ signal }) => getReviewOrder(orderId, signal),
    staleTime: 0,
  });

export function useReviewOrder(orderId: number) {
  return useQuery(reviewOrderQueryOptions(orderId));
}
