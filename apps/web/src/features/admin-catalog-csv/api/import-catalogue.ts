import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogImportResult } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/catalog/import (admin): writes the previewed file, all rows or none. The token is the
 * preview's: the server refuses (409) a file other than the one previewed.
 */
export function importCatalogue(input: {
  file: File;
  previewToken: string;
}): Promise<CatalogImportResult> {
  const body = new FormData();
  body.append('file', input.file, input.file.name);
  return api.post('/catalog/import', body, {
    params: { previewToken: input.previewToken },
    schema: () => import('../schemas').then((m) => m.catalogImportResultSchema),
  });
}

export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    // Products, divisions, makers and salts may all have changed: every cached list is stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
