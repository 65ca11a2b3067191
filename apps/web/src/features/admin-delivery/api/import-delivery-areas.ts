import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deliveryImportPreviewSchema,
  deliveryImportResultSchema,
  type DeliveryImportPreview,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminDeliveryKeys } from './delivery-keys';

const asCsv = { 'Content-Type': 'text/csv' };

/** POST /api/delivery/areas/import/preview (admin): what the file would do; writes nothing. */
export function usePreviewDeliveryImport() {
  return useMutation({
    mutationFn: (file: File): Promise<DeliveryImportPreview> =>
      api.post('/delivery/areas/import/preview', file, {
        headers: asCsv,
        schema: deliveryImportPreviewSchema,
      }),
    meta: { suppressErrorToast: true },
  });
}

/** POST /api/delivery/areas/import (admin): every row, or nothing when one is refused. */
export function useImportDeliveryAreas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.post('/delivery/areas/import', file, {
        headers: asCsv,
        schema: deliveryImportResultSchema,
      }),
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDeliveryKeys.all }),
  });
}
