import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefillList } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { refillKeys } from './refill-keys';

/** DELETE /api/refills/{id}. */
export function deleteRefill(id: number): Promise<{ message: string }> {
  return api.delete(`/refills/${id}`, {
    schema: () => import('../schemas').then((m) => m.messageResponseSchema),
  });
}

/** The deleted reminder leaves the list at once; the confirm dialog shows a refusal itself. */
export function useDeleteRefill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRefill,
    meta: { suppressErrorToast: true },
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<RefillList>(refillKeys.list(), (list) =>
        list ? { refills: list.refills.filter((each) => each.id !== id) } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: refillKeys.all }),
  });
}
