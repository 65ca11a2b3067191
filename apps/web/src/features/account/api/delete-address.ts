import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { addressKeys } from './address-keys';

/** DELETE /api/user/deleteAddress/{id} (spec §7); deleting the primary promotes the newest. */
export function deleteAddress(id: number): Promise<{ message: string }> {
  return api.delete(`/user/deleteAddress/${id}`, { schema: messageResponseSchema });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: async (_answer, id) => {
      // Marked stale without a refetch: the page that showed it is on its way out.
      await queryClient.invalidateQueries({
        queryKey: addressKeys.detail(id),
        refetchType: 'none',
      });
      await queryClient.invalidateQueries({ queryKey: addressKeys.list() });
    },
  });
}
