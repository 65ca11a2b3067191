import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  drugInteractionWriteResponseSchema,
  type DrugInteraction,
  type DrugInteractionData,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminInteractionKeys } from './interaction-keys';

/** POST /api/drug-interactions, or PUT /api/drug-interactions/{id} when editing (admin). */
export function saveInteraction(
  input: DrugInteractionData,
  id?: number,
): Promise<{ interaction: DrugInteraction; message: string }> {
  return id === undefined
    ? api.post('/drug-interactions', input, { schema: drugInteractionWriteResponseSchema })
    : api.put(`/drug-interactions/${id}`, input, { schema: drugInteractionWriteResponseSchema });
}

export function useSaveInteraction(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DrugInteractionData) => saveInteraction(input, id),
    // The form shows the server's sentence itself (the pair already in the table: 409).
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminInteractionKeys.all }),
  });
}
