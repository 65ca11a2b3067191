import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';

/** DELETE /api/product/{id} (admin); orders keep their own copy of the line. */
export function deleteProduct(id: number): Promise<{ message: string }> {
  return api.delete(`/product/${id}`, {
    schema: () => import('../schemas').then((m) => m.messageResponseSchema),
  });
}

/** The confirm dialog shows a failure itself, so no error toast. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCatalogKeys.all }),
  });
}
