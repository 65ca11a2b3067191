import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderAfterSales } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { aftersalesKeys } from './aftersales-keys';

/** GET /api/order/{orderId}/after-sales: cancellation, refunds, and what the owner may still do. */
export function getAfterSales(orderId: number, signal?: AbortSignal): Promise<OrderAfterSales> {
  return api.get(`/order/${orderId}/after-sales`, {
    schema: () => import('../schemas').then((m) => m.orderAfterSalesSchema),
    signal,
  });
}

export const afterSalesQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: aftersalesKeys.order(orderId),
    queryFn: ({ signal }) => getAfterSales(orderId, signal),
  });

/**
 * A pending card refund settles in the background: the page looks again every 5 seconds until
 * none is pending, so 'processing' turns into 'refunded' without a reload.
 */
export function useAfterSales(orderId: number) {
  return useQuery({
    ...afterSalesQueryOptions(orderId),
    refetchInterval: (query) =>
      query.state.data?.refunds.some((refund) => refund.status === 'pending') ? 5000 : false,
  });
}
