import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type OrderListResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export interface OrderListParams {
  /** Whose orders: a member always gets their own; an admin all (none) or one customer's. */
  userId?: number | undefined;
  page: number;
  /** Spec §3 orders filter: 0 means every status. */
  statusId: number;
  /** Issue 18: the admin list's other filters (from, to, prescriptionPending, overdue). */
  filters?: Readonly<Record<string, string>> | undefined;
}

/** GET /api/order/all (spec §7): orders, newest first, with the page's pagination. */
export function getOrders(
  params: OrderListParams,
  signal?: AbortSignal,
): Promise<OrderListResponse> {
  return api.get('/order/all', {
    params: {
      userId: params.userId,
      page: params.page,
      pageSize: LIMITS.defaultPageSize,
      statusId: params.statusId > 0 ? params.statusId : undefined,
      ...params.filters,
    },
    schema: () => import('../schemas').then((m) => m.orderListResponseSchema),
    signal,
  });
}

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}
