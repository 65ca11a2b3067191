import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  LIMITS,
  ORDER_STATUS,
  orderListResponseSchema,
  type OrderListResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './admin-order-keys';

/** GET /api/order/all?statusId=4: every order Waiting To Accept, the pharmacist's queue. */
export function getReviewQueue(page: number, signal?: AbortSignal): Promise<OrderListResponse> {
  return api.get('/order/all', {
    params: { statusId: ORDER_STATUS.WAITING_TO_ACCEPT, page, pageSize: LIMITS.defaultPageSize },
    schema: orderListResponseSchema,
    signal,
  });
}

export const reviewQueueQueryOptions = (page: number) =>
  queryOptions({
    queryKey: reviewKeys.queue(page),
    queryFn: ({ signal }) => getReviewQueue(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useReviewQueue(page: number) {
  return useQuery(reviewQueueQueryOptions(page));
}
