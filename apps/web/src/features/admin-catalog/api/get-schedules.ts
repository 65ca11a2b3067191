import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DrugSchedule } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';

/**
 * GET /api/schedules (public, issue 16): the drug schedules a product may have (India's OTC, H,
 * H1 and X by default), which need a prescription, which cannot be sold online and which keep a
 * register.
 */
export async function getSchedules(signal?: AbortSignal): Promise<DrugSchedule[]> {
  const { schedules } = await api.get('/schedules', {
    schema: () => import('../schemas').then((m) => m.drugScheduleListResponseSchema),
    signal,
  });
  return schedules;
}

export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: adminCatalogKeys.schedules(),
    queryFn: ({ signal }) => getSchedules(signal),
    // The list is data an operator seldom edits (the server caches it for a minute too).
    staleTime: 10 * 60_000,
  });

export function useSchedules() {
  return useQuery(schedulesQueryOptions());
}
