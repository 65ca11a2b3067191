import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';
import { catalogKinds, type AdminCatalogKind } from '../types';
import { entryBody, type EntryWriteInput, type EntryWriteResult } from './create-catalog-entry';

/** PATCH /api/division/{id} (multipart, image optional), /api/manufacturer/{id} or …/saltComposition/{id}. */
export function updateCatalogEntry(
  kind: AdminCatalogKind,
  id: number,
  input: EntryWriteInput,
): Promise<EntryWriteResult> {
  return api.patch(`${catalogKinds[kind].apiPath}/${id}`, entryBody(kind, input), {
    schema: () => import('../schemas').then((m) => m.entryWriteResponseSchema),
  });
}

export function useUpdateCatalogEntry(kind: AdminCatalogKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: EntryWriteInput }) =>
      updateCatalogEntry(kind, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCatalogKeys.all }),
  });
}
