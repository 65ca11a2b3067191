import { useMutation } from '@tanstack/react-query';
import type { CatalogImportPreview } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

/** POST /api/catalog/import/preview (admin): what importing the file would do; writes nothing. */
export function previewCatalogueImport(file: File): Promise<CatalogImportPreview> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post('/catalog/import/preview', body, {
    schema: () => import('../schemas').then((m) => m.catalogImportPreviewSchema),
  });
}

export function usePreviewCatalogueImport() {
  return useMutation({ mutationFn: previewCatalogueImport });
}
