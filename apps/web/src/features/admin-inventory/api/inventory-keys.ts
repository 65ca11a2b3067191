import { queryKeyRoots } from '../../../lib/query-keys';

/**
 * Stock keys, under 'user' so signing out drops them. A change of stock also makes the
 * catalogue's answers stale (a product's quantity is its sellable stock): the catalogue features
 * keep their queries under the 'catalog' root of lib/query-keys.
 */
export const inventoryKeys = {
  all: queryKeyRoots.inventory,
  product: (productId: number) => [...inventoryKeys.all, 'product', productId] as const,
  batches: (productId: number) => [...inventoryKeys.product(productId), 'batches'] as const,
  ledger: (productId: number, page: number) =>
    [...inventoryKeys.product(productId), 'ledger', page] as const,
  batchOrders: (batchId: number) => [...inventoryKeys.all, 'batch-orders', batchId] as const,
  lists: () => [...inventoryKeys.all, 'list'] as const,
  lowStock: (params: object) => [...inventoryKeys.lists(), 'low-stock', params] as const,
  nearExpiry: (params: object) => [...inventoryKeys.lists(), 'near-expiry', params] as const,
};

export const catalogQueryPrefix = queryKeyRoots.catalog;
