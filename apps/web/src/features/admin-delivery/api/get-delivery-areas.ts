import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deliveryAreaListSchema, type DeliveryArea } from '@pharmacy/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminDeliveryKeys } from './delivery-keys';

export type DeliveryAreaList = z.infer<typeof deliveryAreaListSchema>;
export type { DeliveryArea };

/**
 * GET /api/delivery/areas (admin): 50 areas a page, by first pincode. A full pincode lists the
 * areas that hold it; fewer digits, the areas whose first pincode starts with them.
 */
export function getDeliveryAreas(
  query: { pincode: string; page: number },
  signal?: AbortSignal,
): Promise<DeliveryAreaList> {
  return api.get('/delivery/areas', {
    params: { pincode: query.pincode, page: query.page },
    schema: deliveryAreaListSchema,
    signal,
  });
}

export const deliveryAreasQueryOptions = (query: { pincode: string; page: number }) =>
  queryOptions({
    queryKey: adminDeliveryKeys.areas(query),
    queryFn: ({ signal }) => getDeliveryAreas(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useDeliveryAreas(query: { pincode: string; page: number }) {
  return useQuery(deliveryAreasQueryOptions(query));
}
