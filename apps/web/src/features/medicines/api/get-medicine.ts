import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MedicinePage } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { medicineKeys } from './medicine-keys';

export type { MedicinePage };

/**
 * GET /api/medicines/{slug}: the salt, its reviewed information (null while it is prepared), the
 * review, and its products cheapest first; 404 'No medicine information found…' for an unknown
 * slug.
 */
export function getMedicine(slug: string, signal?: AbortSignal): Promise<MedicinePage> {
  return api.get(`/medicines/${encodeURIComponent(slug)}`, {
    schema: () => import('../schemas').then((m) => m.medicinePageSchema),
    signal,
  });
}

/** Also what the server renderer prefetches for /medicine/{slug} (issue 30). */
export const medicineQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: medicineKeys.page(slug),
    queryFn: ({ signal }) => getMedicine(slug, signal),
  });

export function useMedicine(slug: string) {
  return useQuery({ ...medicineQueryOptions(slug), enabled: slug !== '' });
}
