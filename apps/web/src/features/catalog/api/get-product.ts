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

/**
 * `fromServer`: the page was rendered on the server (issue 30) and its answer, a 404 included,
 * came with it; asking again on mount would flash the loader over the server's not-found page.
 */
export function useProduct(id: number, { fromServer = false }: { fromServer?: boolean } = {}) {
  return useQuery({
    ...productQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    retryOnMount: !fromServer,
  });
}
