import { queryOptions, useQuery } from '@tanstack/react-query';
import { savedPrescriptionListResponseSchema, type SavedPrescription } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { savedPrescriptionKeys } from './saved-prescription-keys';

/** GET /api/prescriptions/saved (issue 31): the member's saved prescriptions, newest first. */
export async function getSavedPrescriptions(signal?: AbortSignal): Promise<SavedPrescription[]> {
  const { prescriptions } = await api.get('/prescriptions/saved', {
    schema: savedPrescriptionListResponseSchema,
    signal,
  });
  return prescriptions;
}

export const savedPrescriptionsQueryOptions = () =>
  queryOptions({
    queryKey: savedPrescriptionKeys.list(),
    queryFn: ({ signal }) => getSavedPrescriptions(signal),
  });

export function useSavedPrescriptions() {
  return useQuery(savedPrescriptionsQueryOptions());
}
