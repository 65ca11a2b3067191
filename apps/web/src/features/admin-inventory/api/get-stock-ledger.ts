import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerResponseSchema, type LedgerResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

export const LEDGER_PAGE_SIZE = 20;

/** GET /api/inventory/products/{id}/ledger (admin): the product's stock movements, newest first. */
export function getStockLedger(
  productId: number,
  page: number,
  signal?: AbortSignal,
): Promise<LedgerResponse> {
  return api.get(`/inventory/products/${productId}/ledger`, {
    params: { page, pageSize: LEDGER_PAGE_SIZE },
    schema: ledgerResponseSchema,
    signal,
  });
}

export const stockLedgerQueryOptions = (productId: number, page: number) =>
  queryOptions({
    queryKey: inventoryKeys.ledger(productId, page),
    queryFn: ({ signal }) => getStockLedger(productId, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useStockLedger(productId: number, page: number) {
  return useQuery(stockLedgerQueryOptions(productId, page));
}
