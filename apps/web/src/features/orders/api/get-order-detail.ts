import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetailResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * GET /api/order/getOrderDetail/{orderId} (spec §7): the order, its lines and its status history.
 * Another member's order answers 404 'No order found.'.
 */
export function getOrderDetail(
  orderId: number,
  signal?: AbortSignal,
): Promise<OrderDetailResponse> {
  return api.get(`/order/getOrderDetail/${orderId}`, {
    schema: () => import('../schemas').then((m) => m.orderDetailResponseSchema),
    signal,
  });
}

export const orderDetailQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => getOrderDetail(orderId, signal),
  });

export function useOrderDetail(orderId: number | null) {
  return useQuery({ ...orderDetailQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
