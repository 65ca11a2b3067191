import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { NamedItem } from '../types';
import { catalogKeys } from './catalog-keys';

/** GET /api/saltComposition/all (spec §7). */
export async function getSaltCompositions(signal?: AbortSignal): Promise<NamedItem[]> {
  const { saltCompositionList } = await api.get('/saltComposition/all', {
    schema: () => import('../schemas').then((m) => m.saltCompositionListResponseSchema),
    signal,
  });
  return saltCompositionList;
}

export const saltCompositionsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.saltCompositions(),
    queryFn: ({ signal }) => getSaltCompositions(signal),
    staleTime: 5 * 60_000,
  });

export function useSaltCompositions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...saltCompositionsQueryOptions(), enabled: options.enabled ?? true });
}
