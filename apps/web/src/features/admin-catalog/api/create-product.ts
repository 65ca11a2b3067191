import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';

/** POST /api/product (admin, multipart: the form's fields and the files under `image`). */
export function createProduct(body: FormData): Promise<{ id: number; message: string }> {
  return api.post('/product', body, {
    schema: () => import('../schemas').then((m) => m.productWriteResponseSchema),
  });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCatalogKeys.all }),
  });
}
