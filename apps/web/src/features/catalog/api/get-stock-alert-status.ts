import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StockAlertStatus } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { stockAlertStatusKeys } from './catalog-keys';

/** GET /api/product/{id}/notify: whether the signed-in shopper is waiting for this product. */
export function getStockAlertStatus(
  productId: number,
  signal?: AbortSignal,
): Promise<StockAlertStatus> {
  return api.get(`/product/${productId}/notify`, {
    schema: () => import('../schemas').then((m) => m.stockAlertStatusSchema),
    signal,
  });
}

export const stockAlertStatusQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: stockAlertStatusKeys.product(productId),
    queryFn: ({ signal }) => getStockAlertStatus(productId, signal),
    staleTime: 0,
  });

/** Only for a signed-in shopper on an out-of-stock product: anyone else sees the button. */
export function useStockAlertStatus(productId: number, enabled: boolean) {
  return useQuery({ ...stockAlertStatusQueryOptions(productId), enabled });
}

/** Shows the answer of an ask or a cancel at once, and marks the dashboard's list stale. */
export function setStockAlertWaiting(
  queryClient: QueryClient,
  productId: number,
  waiting: boolean,
): void {
  queryClient.setQueryData<StockAlertStatus>(stockAlertStatusKeys.product(productId), { waiting });
  void queryClient.invalidateQueries({
    queryKey: stockAlertStatusKeys.all,
    refetchType: 'none',
    predicate: (query) => query.queryKey[3] !== productId,
  });
}
