import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminInteractionKeys } from './interaction-keys';

/** DELETE /api/drug-interactions/{id} (admin): the next check no longer finds the pair. */
export function deleteInteraction(id: number): Promise<{ message: string }> {
  return api.delete(`/drug-interactions/${id}`, { schema: messageResponseSchema });
}

/** The confirm dialog shows a refusal itself, so no error toast. */
export function useDeleteInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInteraction,
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminInteractionKeys.all }),
  });
}
