import { useQueries } from '@tanstack/react-query';
import { productSchema, type Product } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './admin-order-keys';

/**
 * GET /api/product/{id} for each prescription line's product: its salt composition, strength
 * and schedule, which the transcription form starts from (a salt line at the product's strength)
 * and the validity needs (Schedule H1 is shorter). A few lines per order, read in parallel.
 */
export function useLineProducts(productIds: readonly number[]) {
  return useQueries({
    queries: productIds.map((id) => ({
      queryKey: [...reviewKeys.all, 'product', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get(`/product/${id}`, { schema: productSchema, signal }),
      staleTime: 5 * 60_000,
    })),
    combine: (results) => ({
      products: new Map(
        results.flatMap((result) => (result.data ? [[result.data.id, result.data] as const] : [])),
      ) as ReadonlyMap<number, Product>,
      isPending: results.some((result) => result.isPending),
    }),
  });
}
