import { queryOptions, useQuery } from '@tanstack/react-query';
import { patientListResponseSchema, type Patient } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

/** GET /api/patients (issue 31): the member's patients, self first. */
export async function getPatients(signal?: AbortSignal): Promise<Patient[]> {
  const { patients } = await api.get('/patients', { schema: patientListResponseSchema, signal });
  return patients;
}

export const patientsQueryOptions = () =>
  queryOptions({ queryKey: patientKeys.list(), queryFn: ({ signal }) => getPatients(signal) });

export function usePatients() {
  return useQuery(patientsQueryOptions());
}
