import type { QueryClient } from '@tanstack/react-query';
import { catalogQueryPrefix, inventoryKeys } from './inventory-keys';

/**
 * After a change of stock: the product's batches and ledger, the low-stock and near-expiry lists
 * and every catalogue answer (the shop's quantity is the sellable stock) are stale.
 */
export function invalidateStock(queryClient: QueryClient, productId: number) {
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: catalogQueryPrefix });
  return queryClient.invalidateQueries({ queryKey: inventoryKeys.product(productId) });
}
