import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailResponseSchema, type OrderDetailResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/order/getOrderDetail/{orderId} (spec §7): where the order stands in the flow. */
export function getCheckoutOrder(
  orderId: number,
  signal?: AbortSignal,
): Promise<OrderDetailResponse> {
  return api.get(`/order/getOrderDetail/${orderId}`, { schema: orderDetailResponseSchema, signal });
}

export const checkoutOrderQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: checkoutKeys.order(orderId),
    queryFn: ({ signal }) => getCheckoutOrder(orderId, signal),
    // The order moves on the server (a pharmacist, a card return): always read it afresh.
    staleTime: 0,
  });

export function useCheckoutOrder(orderId: number | null) {
  return useQuery({ ...checkoutOrderQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
