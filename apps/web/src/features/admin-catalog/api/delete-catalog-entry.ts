import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';
import { catalogKinds, type AdminCatalogKind } from '../types';

/**
 * DELETE /api/division/{id}, /api/manufacturer/{id} or /api/saltComposition/{id}. An entry that
 * products still use answers 409 with a message naming how many (DECISIONS).
 */
export function deleteCatalogEntry(
  kind: AdminCatalogKind,
  id: number,
): Promise<{ message: string }> {
  return api.delete(`${catalogKinds[kind].apiPath}/${id}`, {
    schema: () => import('../schemas').then((m) => m.messageResponseSchema),
  });
}

/** The confirm dialog shows the error (the 409's message) itself, so no error toast. */
export function useDeleteCatalogEntry(kind: AdminCatalogKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCatalogEntry(kind, id),
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCatalogKeys.all }),
  });
}
