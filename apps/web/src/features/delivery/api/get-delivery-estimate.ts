import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryEstimate } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

export const deliveryKeys = {
  all: ['delivery'] as const,
  estimate: (pincode: string, productId?: number) =>
    [...deliveryKeys.all, 'estimate', pincode, productId ?? null] as const,
};

/** GET /api/delivery/estimate (issue 29): whether and by when the shop delivers to a pincode. */
export function getDeliveryEstimate(
  pincode: string,
  productId: number | undefined,
  signal?: AbortSignal,
): Promise<DeliveryEstimate> {
  return api.get('/delivery/estimate', {
    params: { pincode, productId },
    schema: () => import('../schemas').then((m) => m.deliveryEstimateSchema),
    signal,
  });
}

export const deliveryEstimateQueryOptions = (pincode: string, productId?: number) =>
  queryOptions({
    queryKey: deliveryKeys.estimate(pincode, productId),
    queryFn: ({ signal }) => getDeliveryEstimate(pincode, productId, signal),
    // The promise moves with the dispatch cut-off; a minute old is still true.
    staleTime: 60_000,
  });

/** The estimate for a checked pincode; nothing is asked until there is one. */
export function useDeliveryEstimate(pincode: string | null, productId?: number) {
  return useQuery({
    ...deliveryEstimateQueryOptions(pincode ?? '', productId),
    enabled: pincode !== null,
    placeholderData: keepPreviousData,
  });
}
