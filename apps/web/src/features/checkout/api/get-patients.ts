import { queryOptions, useQuery } from '@tanstack/react-query';
import { patientListResponseSchema, type Patient } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { patientListKey } from '../../../lib/query-keys';

/** GET /api/patients (issue 31): whom the prescription is for, self first. */
export async function getPatients(signal?: AbortSignal): Promise<Patient[]> {
  const { patients } = await api.get('/patients', { schema: patientListResponseSchema, signal });
  return patients;
}

export const patientsQueryOptions = () =>
  queryOptions({
    // The account's Patients page shares this list: a patient added there shows here at once.
    queryKey: patientListKey,
    queryFn: ({ signal }) => getPatients(signal),
    staleTime: 0,
  });

export function usePatients() {
  return useQuery(patientsQueryOptions());
}
