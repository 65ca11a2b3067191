import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefillList, RefillResponse, RefillUpdateInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { refillKeys } from './refill-keys';

/** PATCH /api/refills/{id}: interval, quantity, pause or resume. */
export function updateRefill(id: number, update: RefillUpdateInput): Promise<RefillResponse> {
  return api.patch(`/refills/${id}`, update, {
    schema: () => import('../schemas').then((m) => m.refillResponseSchema),
  });
}

/** The changed reminder replaces its row at once; the lists are read again after. */
export function useUpdateRefill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: RefillUpdateInput }) =>
      updateRefill(id, update),
    onSuccess: ({ refill }) => {
      queryClient.setQueryData<RefillList>(refillKeys.list(), (list) =>
        list
          ? { refills: list.refills.map((each) => (each.id === refill.id ? refill : each)) }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: refillKeys.all }),
  });
}
