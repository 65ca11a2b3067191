import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { catalogKeys } from './catalog-keys';

/** GET /api/product/{id} (spec §7); 404 'No product found.' for unknown or inactive products. */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api.get(`/product/${id}`, {
    schema: () => import('../schemas').then((m) => m.productSchema),
    signal,
  });
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: number) {
  return useQuery({ ...productQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
