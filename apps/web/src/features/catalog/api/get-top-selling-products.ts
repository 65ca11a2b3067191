import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Product } from '../types';
import { catalogKeys } from './catalog-keys';

/** Top sellers on the home page (spec §2). */
export const TOP_SELLING_LIMIT = 8;

/**
 * GET /api/product/top-selling (DECISIONS: ranked by units sold in orders that are not
 * cancelled; with no sales yet, newest products).
 */
export async function getTopSellingProducts(
  limit: number,
  signal?: AbortSignal,
): Promise<Product[]> {
  const { productList } = await api.get('/product/top-selling', {
    params: { limit },
    schema: () => import('../schemas').then((m) => m.topSellingResponseSchema),
    signal,
  });
  return productList;
}

export const topSellingProductsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: catalogKeys.topSelling(limit),
    queryFn: ({ signal }) => getTopSellingProducts(limit, signal),
  });

export function useTopSellingProducts(limit: number) {
  return useQuery(topSellingProductsQueryOptions(limit));
}
