import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';
import { catalogKinds, type AdminCatalogKind, type CatalogEntry } from '../types';

export interface EntryWriteInput {
  name: string;
  /** Divisions only: the image (required when adding one). */
  image?: File | null;
}

export interface EntryWriteResult {
  id: number;
  name: string;
  message: string;
}

/** Divisions go as multipart (name and image); the other two as JSON `{ name }` (spec §7). */
export function entryBody(kind: AdminCatalogKind, input: EntryWriteInput): FormData | object {
  if (!catalogKinds[kind].hasImage) return { name: input.name };
  const form = new FormData();
  form.append('name', input.name);
  if (input.image) form.append('image', input.image);
  return form;
}

/** POST /api/division, /api/manufacturer or /api/saltComposition (admin). */
export function createCatalogEntry(
  kind: AdminCatalogKind,
  input: EntryWriteInput,
): Promise<EntryWriteResult> {
  return api.post(catalogKinds[kind].apiPath, entryBody(kind, input), {
    schema: () => import('../schemas').then((m) => m.entryWriteResponseSchema),
  });
}

export function useCreateCatalogEntry(
  kind: AdminCatalogKind,
  options: { suppressErrorToast?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryWriteInput) => createCatalogEntry(kind, input),
    meta: { suppressErrorToast: options.suppressErrorToast },
    onSuccess: ({ id, name }) => {
      // The new entry is selectable at once, before the list is fetched again.
      queryClient.setQueryData<CatalogEntry[]>(adminCatalogKeys.entries(kind), (list) =>
        list
          ? [...list, { id, name }].sort((a, b) =>
              a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
            )
          : list,
      );
      return queryClient.invalidateQueries({ queryKey: adminCatalogKeys.all });
    },
  });
}
