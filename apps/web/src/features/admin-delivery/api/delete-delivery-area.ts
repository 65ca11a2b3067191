import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminDeliveryKeys } from './delivery-keys';

/**
 * DELETE /api/delivery/areas/{id} (admin). Its pincodes fall back to the next wider area that
 * holds them, or are no longer served.
 */
export function deleteDeliveryArea(id: number): Promise<{ message: string }> {
  return api.delete(`/delivery/areas/${id}`, { schema: messageResponseSchema });
}

/** The confirm dialog shows a refusal itself, so no error toast. */
export function useDeleteDeliveryArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeliveryArea,
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDeliveryKeys.all }),
  });
}
