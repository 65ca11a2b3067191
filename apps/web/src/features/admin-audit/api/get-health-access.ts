import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  healthAccessListResponseSchema,
  staffListResponseSchema,
  type HealthAccessListResponse,
  type StaffListResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { auditKeys } from './audit-keys';

export interface HealthAccessParams {
  page: number;
  actorUserId?: number | undefined;
  customerId?: number | undefined;
}

/** GET /api/audit/health-access (audit.view): who opened whose health data, newest first. */
export function getHealthAccess(
  params: HealthAccessParams,
  signal?: AbortSignal,
): Promise<HealthAccessListResponse> {
  return api.get('/audit/health-access', {
    params: { ...params },
    schema: healthAccessListResponseSchema,
    signal,
  });
}

export const healthAccessQueryOptions = (params: HealthAccessParams) =>
  queryOptions({
    queryKey: auditKeys.list({ healthAccess: true, ...params }),
    queryFn: ({ signal }) => getHealthAccess(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useHealthAccess(params: HealthAccessParams) {
  return useQuery(healthAccessQueryOptions(params));
}

/** The staff accounts, for the "opened by" filter (GET /api/staff, the owner's). */
export function useStaffForFilter() {
  return useQuery({
    queryKey: [...auditKeys.all, 'staff'] as const,
    queryFn: ({ signal }): Promise<StaffListResponse> =>
      api.get('/staff', { schema: staffListResponseSchema, signal }),
    staleTime: 60_000,
  });
}
