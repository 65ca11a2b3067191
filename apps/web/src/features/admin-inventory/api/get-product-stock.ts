import { queryOptions, useQuery } from '@tanstack/react-query';
import { productStockResponseSchema, type ProductStockResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

/**
 * GET /api/inventory/products/{id}/batches (admin): the product's sellable and on-hand units,
 * its reorder level and its batches, first to expire first.
 */
export function getProductStock(
  productId: number,
  signal?: AbortSignal,
): Promise<ProductStockResponse> {
  return api.get(`/inventory/products/${productId}/batches`, {
    schema: productStockResponseSchema,
    signal,
  });
}

export const productStockQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: inventoryKeys.batches(productId),
    queryFn: ({ signal }) => getProductStock(productId, signal),
    // Orders take units all the time: the page shows what is stored now.
    staleTime: 0,
  });

export function useProductStock(productId: number) {
  return useQuery(productStockQueryOptions(productId));
}
