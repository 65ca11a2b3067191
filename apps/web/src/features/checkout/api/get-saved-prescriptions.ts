import { queryOptions, useQuery } from '@tanstack/react-query';
import { savedPrescriptionListResponseSchema, type SavedPrescription } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { savedPrescriptionsKey } from './checkout-keys';

/**
 * GET /api/prescriptions/saved (issue 31): all the member's saved prescriptions, read by the
 * prescription step only when none covers the order, to say why a new upload is needed.
 */
export async function getSavedPrescriptions(signal?: AbortSignal): Promise<SavedPrescription[]> {
  const { prescriptions } = await api.get('/prescriptions/saved', {
    schema: savedPrescriptionListResponseSchema,
    signal,
  });
  return prescriptions;
}

export const savedPrescriptionsQueryOptions = () =>
  queryOptions({
    // My Prescriptions' list (features/prescriptions) shares this key and its answer.
    queryKey: [...savedPrescriptionsKey, 'list'] as const,
    queryFn: ({ signal }) => getSavedPrescriptions(signal),
  });

export function useSavedPrescriptions(enabled: boolean) {
  return useQuery({ ...savedPrescriptionsQueryOptions(), enabled });
}
