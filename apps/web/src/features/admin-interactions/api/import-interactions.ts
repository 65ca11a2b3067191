import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  drugInteractionImportPreviewSchema,
  drugInteractionImportResultSchema,
  type DrugInteractionImportPreview,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminInteractionKeys } from './interaction-keys';

const asCsv = { 'Content-Type': 'text/csv' };

/** POST /api/drug-interactions/import/preview (admin): what the file would do; writes nothing. */
export function usePreviewInteractionImport() {
  return useMutation({
    mutationFn: (file: File): Promise<DrugInteractionImportPreview> =>
      api.post('/drug-interactions/import/preview', file, {
        headers: asCsv,
        schema: drugInteractionImportPreviewSchema,
      }),
    meta: { suppressErrorToast: true },
  });
}

/** POST /api/drug-interactions/import (admin): every row, or nothing when one is refused. */
export function useImportInteractions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.post('/drug-interactions/import', file, {
        headers: asCsv,
        schema: drugInteractionImportResultSchema,
      }),
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminInteractionKeys.all }),
  });
}
