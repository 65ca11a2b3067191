import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema, type DashboardResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';

export const dashboardKeys = { all: queryKeyRoots.adminDashboard };

/** GET /api/dashboard (admin): queues, figures, best sellers and stock lists of the shop. */
export function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return api.get('/dashboard', { schema: dashboardResponseSchema, signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    // The queues move as the shop works: fresh on every visit, and once a minute while open.
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
