import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { NamedItem } from '../types';
import { catalogKeys } from './catalog-keys';

/** GET /api/manufacturer/all (spec §7). */
export async function getManufacturers(signal?: AbortSignal): Promise<NamedItem[]> {
  const { manufacturerList } = await api.get('/manufacturer/all', {
    schema: () => import('../schemas').then((m) => m.manufacturerListResponseSchema),
    signal,
  });
  return manufacturerList;
}

export const manufacturersQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.manufacturers(),
    queryFn: ({ signal }) => getManufacturers(signal),
    staleTime: 5 * 60_000,
  });

export function useManufacturers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...manufacturersQueryOptions(), enabled: options.enabled ?? true });
}
