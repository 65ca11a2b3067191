import { queryOptions, useQuery } from '@tanstack/react-query';
import { recallOrdersResponseSchema, type RecallOrdersResponse } from '@pharmacy/shared';
import { api, buildUrl } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

/**
 * GET /api/inventory/batches/{id}/orders (admin): the orders that received units of a batch and
 * kept them, with the customer's contact details, to tell them about a recall.
 */
export function getBatchOrders(
  batchId: number,
  signal?: AbortSignal,
): Promise<RecallOrdersResponse> {
  return api.get(`/inventory/batches/${batchId}/orders`, {
    schema: recallOrdersResponseSchema,
    signal,
  });
}

export const batchOrdersQueryOptions = (batchId: number) =>
  queryOptions({
    queryKey: inventoryKeys.batchOrders(batchId),
    queryFn: ({ signal }) => getBatchOrders(batchId, signal),
    staleTime: 0,
  });

export function useBatchOrders(batchId: number) {
  return useQuery(batchOrdersQueryOptions(batchId));
}

/** GET /api/inventory/batches/{id}/orders.csv: the same orders as a spreadsheet. */
export const batchOrdersCsvUrl = (batchId: number) =>
  buildUrl(`/inventory/batches/${batchId}/orders.csv`);
