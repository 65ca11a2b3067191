import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { couponListResponseSchema, type CouponListResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { couponKeys } from './coupon-keys';

/** GET /api/coupons (admin): a page of coupon codes, newest first, with the uses they hold. */
export function getCoupons(page: number, signal?: AbortSignal): Promise<CouponListResponse> {
  return api.get('/coupons', { params: { page }, schema: couponListResponseSchema, signal });
}

export const couponsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: couponKeys.list(page),
    queryFn: ({ signal }) => getCoupons(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useCoupons(page: number) {
  return useQuery(couponsQueryOptions(page));
}
