import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';
import { type AdminCatalogKind, type CatalogEntry } from '../types';

/** GET /api/division/all, /api/manufacturer/all or /api/saltComposition/all (spec §7). */
export async function getCatalogEntries(
  kind: AdminCatalogKind,
  signal?: AbortSignal,
): Promise<CatalogEntry[]> {
  const schemas = await import('../schemas');
  if (kind === 'divisions') {
    const { divisionList } = await api.get('/division/all', {
      schema: schemas.divisionListResponseSchema,
      signal,
    });
    return divisionList;
  }
  if (kind === 'manufacturers') {
    const { manufacturerList } = await api.get('/manufacturer/all', {
      schema: schemas.manufacturerListResponseSchema,
      signal,
    });
    return manufacturerList;
  }
  const { saltCompositionList } = await api.get('/saltComposition/all', {
    schema: schemas.saltCompositionListResponseSchema,
    signal,
  });
  return saltCompositionList;
}

export const catalogEntriesQueryOptions = (kind: AdminCatalogKind) =>
  queryOptions({
    queryKey: adminCatalogKeys.entries(kind),
    queryFn: ({ signal }) => getCatalogEntries(kind, signal),
  });

export function useCatalogEntries(kind: AdminCatalogKind) {
  return useQuery(catalogEntriesQueryOptions(kind));
}
