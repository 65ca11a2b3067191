import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@pharmacy/shared';
import { env } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { getSessionToken } from '../../../lib/auth-session';
import { reviewKeys } from './admin-order-keys';

/**
 * GET /api/prescription-file/{fileId}: prescriptions are private (DECISIONS), so the file is read
 * with the Authorization header as a blob; the page previews it from an object URL. The answer's
 * `url` is '/api/prescription-file/{id}', relative to the site, as the API base is.
 */
export async function getPrescriptionFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const path = url.startsWith('/api/') ? `${env.apiUrl}${url.slice(4)}` : url;
  const token = getSessionToken();
  const response = await fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, MESSAGES.somethingWentWrong);
  return response.blob();
}

export const prescriptionFileQueryOptions = (fileId: number, url: string) =>
  queryOptions({
    queryKey: reviewKeys.file(fileId),
    queryFn: ({ signal }) => getPrescriptionFile(url, signal),
    staleTime: Infinity,
    gcTime: 60_000,
  });

export function usePrescriptionFile(fileId: number, url: string) {
  return useQuery(prescriptionFileQueryOptions(fileId, url));
}
