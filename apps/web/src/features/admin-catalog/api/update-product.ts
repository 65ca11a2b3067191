import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';

/**
 * PATCH /api/product/{id} (admin, multipart): the same fields; `keepImageUrls` lists the stored
 * images to keep and new files under `image` are added after them.
 */
export function updateProduct(
  id: number,
  body: FormData,
): Promise<{ id: number; message: string }> {
  return api.patch(`/product/${id}`, body, {
    schema: () => import('../schemas').then((m) => m.productWriteResponseSchema),
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FormData }) => updateProduct(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCatalogKeys.all }),
  });
}
