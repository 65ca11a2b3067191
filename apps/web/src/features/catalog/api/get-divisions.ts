import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Division } from '../types';
import { catalogKeys } from './catalog-keys';

/** Popular categories on the home page (spec §2). */
export const HOME_DIVISION_LIMIT = 8;

/** GET /api/division/all (spec §7): divisions with their image. */
export async function getDivisions(
  params: { limit?: number } = {},
  signal?: AbortSignal,
): Promise<Division[]> {
  const { divisionList } = await api.get('/division/all', {
    params,
    schema: () => import('../schemas').then((m) => m.divisionListResponseSchema),
    signal,
  });
  return divisionList;
}

export const divisionsQueryOptions = (params: { limit?: number } = {}) =>
  queryOptions({
    queryKey: catalogKeys.divisions(params),
    queryFn: ({ signal }) => getDivisions(params, signal),
    staleTime: 5 * 60_000,
  });

export function useDivisions(params: { limit?: number } = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...divisionsQueryOptions(params), enabled: options.enabled ?? true });
}
