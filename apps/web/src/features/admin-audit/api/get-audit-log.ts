import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  auditListResponseSchema,
  type AuditListQuery,
  type AuditListResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { auditKeys } from './audit-keys';

export type AuditLogParams = Pick<AuditListQuery, 'page' | 'action' | 'entityType' | 'entityId'>;

export const AUDIT_PAGE_SIZE = 25;

/** GET /api/audit (admin): entries newest first, optionally of one action or one entity. */
export function getAuditLog(
  params: AuditLogParams,
  signal?: AbortSignal,
): Promise<AuditListResponse> {
  return api.get('/audit', {
    params: { ...params, pageSize: AUDIT_PAGE_SIZE },
    schema: auditListResponseSchema,
    signal,
  });
}

export const auditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAuditLog(params: AuditLogParams) {
  return useQuery(auditLogQueryOptions(params));
}
