import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  lowStockResponseSchema,
  type LowStockQuery,
  type LowStockResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

export type LowStockParams = Pick<LowStockQuery, 'page' | 'sort' | 'direction'>;

export const LOW_STOCK_PAGE_SIZE = 25;

/** GET /api/inventory/low-stock (admin): active products whose sellable stock is below their reorder level. */
export function getLowStock(
  params: LowStockParams,
  signal?: AbortSignal,
): Promise<LowStockResponse> {
  return api.get('/inventory/low-stock', {
    params: { ...params, pageSize: LOW_STOCK_PAGE_SIZE },
    schema: lowStockResponseSchema,
    signal,
  });
}

export const lowStockQueryOptions = (params: LowStockParams) =>
  queryOptions({
    queryKey: inventoryKeys.lowStock(params),
    queryFn: ({ signal }) => getLowStock(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useLowStock(params: LowStockParams) {
  return useQuery(lowStockQueryOptions(params));
}
