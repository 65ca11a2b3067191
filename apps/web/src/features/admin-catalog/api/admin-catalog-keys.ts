import { queryKeyRoots } from '../../../lib/query-keys';
import type { AdminCatalogKind } from '../types';

/** Query keys: everything under the 'catalog' root, so a write refreshes the shop's lists as well. */
export const adminCatalogKeys = {
  all: queryKeyRoots.catalog,
  admin: () => [...adminCatalogKeys.all, 'admin'] as const,
  entries: (kind: AdminCatalogKind) => [...adminCatalogKeys.admin(), 'entries', kind] as const,
  products: (params: object) => [...adminCatalogKeys.admin(), 'products', params] as const,
  product: (id: number) => [...adminCatalogKeys.admin(), 'product', id] as const,
  schedules: () => [...adminCatalogKeys.all, 'schedules'] as const,
};
