import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Substitute } from '../types';
import { catalogKeys } from './catalog-keys';

/**
 * GET /api/product/{id}/substitutes: other active products with the same salt composition,
 * cheapest first, each with how much cheaper it is per unit.
 */
export async function getProductSubstitutes(
  id: number,
  signal?: AbortSignal,
): Promise<Substitute[]> {
  const { substitutes } = await api.get(`/product/${id}/substitutes`, {
    schema: () => import('../schemas').then((m) => m.substitutesResponseSchema),
    signal,
  });
  return substitutes;
}

export const productSubstitutesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.substitutes(id),
    queryFn: ({ signal }) => getProductSubstitutes(id, signal),
  });

export function useProductSubstitutes(id: number, enabled: boolean) {
  return useQuery({ ...productSubstitutesQueryOptions(id), enabled });
}
