import { queryOptions, useQuery } from '@tanstack/react-query';
import { divisionListResponseSchema } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { couponKeys } from './coupon-keys';

/** GET /api/division/all: the divisions a coupon may be limited to. */
export const divisionsQueryOptions = () =>
  queryOptions({
    queryKey: couponKeys.divisions(),
    queryFn: ({ signal }) =>
      api.get('/division/all', { schema: divisionListResponseSchema, signal }),
    select: (data) => data.divisionList.map(({ id, name }) => ({ id, name })),
    staleTime: 5 * 60_000,
  });

export function useCouponDivisions() {
  return useQuery(divisionsQueryOptions());
}
