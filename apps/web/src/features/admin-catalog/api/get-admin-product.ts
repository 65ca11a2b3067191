import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';

/** GET /api/product/{id}; with an admin's token inactive products are found too. */
export function getAdminProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api.get(`/product/${id}`, {
    schema: () => import('../schemas').then((m) => m.productSchema),
    signal,
  });
}

export const adminProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminCatalogKeys.product(id),
    queryFn: ({ signal }) => getAdminProduct(id, signal),
    // The edit form starts from what is stored now, not from a cached copy.
    staleTime: 0,
  });

export function useAdminProduct(id: number) {
  return useQuery({ ...adminProductQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
