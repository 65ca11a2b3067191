import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientWriteResponseSchema, type PatientInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

/** POST /api/patients, or PUT /api/patients/{id} when editing (issue 31). */
export function savePatient({ id, input }: { id: number | null; input: PatientInput }) {
  return id === null
    ? api.post('/patients', input, { schema: patientWriteResponseSchema })
    : api.put(`/patients/${id}`, input, { schema: patientWriteResponseSchema });
}

export function useSavePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
