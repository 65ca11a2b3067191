import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailResponseSchema, type OrderDetailResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './admin-order-keys';

/**
 * GET /api/order/getOrderDetail/{orderId}: the review panel needs the order's status, its lines
 * (which need a prescription) and their duplicate therapies (issue 16, `dispensing`).
 */
export function getReviewOrder(
  orderId: number,
  signal?: AbortSignal,
): Promise<OrderDetailResponse> {
  return api.get(`/order/getOrderDetail/${orderId}`, {
    schema: orderDetailResponseSchema,
    signal,
  });
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
