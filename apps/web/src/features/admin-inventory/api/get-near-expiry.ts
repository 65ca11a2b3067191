import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  nearExpiryResponseSchema,
  type NearExpiryQuery,
  type NearExpiryResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

/** `days` left out: the server's window (NEAR_EXPIRY_DAYS), which its answer names. */
export type NearExpiryParams = Pick<NearExpiryQuery, 'page' | 'sort' | 'direction' | 'days'>;

export const NEAR_EXPIRY_PAGE_SIZE = 25;

/**
 * GET /api/inventory/near-expiry (admin): batches with units that expire within the window,
 * expired ones included.
 */
export function getNearExpiry(
  params: NearExpiryParams,
  signal?: AbortSignal,
): Promise<NearExpiryResponse> {
  return api.get('/inventory/near-expiry', {
    params: { ...params, pageSize: NEAR_EXPIRY_PAGE_SIZE },
    schema: nearExpiryResponseSchema,
    signal,
  });
}

export const nearExpiryQueryOptions = (params: NearExpiryParams) =>
  queryOptions({
    queryKey: inventoryKeys.nearExpiry(params),
    queryFn: ({ signal }) => getNearExpiry(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useNearExpiry(params: NearExpiryParams) {
  return useQuery(nearExpiryQueryOptions(params));
}
