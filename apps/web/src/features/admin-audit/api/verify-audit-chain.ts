import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditVerifyResponseSchema, type AuditVerifyResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { auditKeys } from './audit-keys';

/**
 * GET /api/audit/verify (admin): the server recomputes every entry's hash and names the first
 * that no longer matches. It reads the whole log, so it runs when the screen opens and when
 * asked again, not on every window focus.
 */
export function verifyAuditChain(signal?: AbortSignal): Promise<AuditVerifyResponse> {
  return api.get('/audit/verify', { schema: auditVerifyResponseSchema, signal });
}

export const auditVerificationQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.verification(),
    queryFn: ({ signal }) => verifyAuditChain(signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useAuditVerification() {
  return useQuery(auditVerificationQueryOptions());
}
