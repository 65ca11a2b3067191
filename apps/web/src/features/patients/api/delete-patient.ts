import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

/** DELETE /api/patients/{id} (issue 31); the server refuses with a sentence when it may not. */
export function deletePatient(id: number): Promise<{ message: string }> {
  return api.delete(`/patients/${id}`, { schema: messageResponseSchema });
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
