import { queryKeyRoots } from '../../../lib/query-keys';
import type { ProductFilter } from '../hooks/use-product-filter';

/** The shop's catalogue answers, under the 'catalog' root (an admin's write invalidates it). */
export const catalogKeys = {
  all: queryKeyRoots.catalog,
  divisions: (params: object) => [...catalogKeys.all, 'divisions', params] as const,
  manufacturers: () => [...catalogKeys.all, 'manufacturers'] as const,
  saltCompositions: () => [...catalogKeys.all, 'salt-compositions'] as const,
  products: () => [...catalogKeys.all, 'products'] as const,
  productList: (filter: ProductFilter, explicitSort: boolean) =>
    [...catalogKeys.products(), 'list', filter, explicitSort] as const,
  suggestions: (term: string) => [...catalogKeys.products(), 'suggestions', term] as const,
  product: (id: number) => [...catalogKeys.products(), 'detail', id] as const,
  substitutes: (id: number) => [...catalogKeys.products(), 'substitutes', id] as const,
  topSelling: (limit: number) => [...catalogKeys.products(), 'top-selling', limit] as const,
};

/**
 * The shopper's back-in-stock requests (issue 17), under the 'stock-alerts' root (in 'user':
 * signing out drops them), which the dashboard's Stock Alerts list shares: invalidating the root
 * here keeps that list fresh as well.
 */
export const stockAlertStatusKeys = {
  all: queryKeyRoots.stockAlerts,
  product: (productId: number) => [...stockAlertStatusKeys.all, 'product', productId] as const,
};
