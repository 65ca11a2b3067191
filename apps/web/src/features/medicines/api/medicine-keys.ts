import { queryKeyRoots } from '../../../lib/query-keys';

/**
 * Medicine information pages (issue 30), under the public 'catalog' root: a price or stock change
 * the catalogue invalidates, and a review the admin publishes, refresh them too.
 */
export const medicineKeys = {
  all: [...queryKeyRoots.catalog, 'medicines'] as const,
  page: (slug: string) => [...medicineKeys.all, 'page', slug] as const,
};
