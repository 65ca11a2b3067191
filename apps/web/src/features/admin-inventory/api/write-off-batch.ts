import { useMutation, useQueryClient } from '@tanstack/react-query';
import { batchWriteResponseSchema, type BatchWriteResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { invalidateStock } from './invalidate-stock';

/**
 * POST /api/inventory/batches/{id}/write-off (admin): every unit of an expired, short-dated or
 * recalled batch leaves the stock; 409 for a batch that can still be sold or holds nothing.
 */
export function writeOffBatch(batchId: number, note: string | null): Promise<BatchWriteResponse> {
  return api.post(
    `/inventory/batches/${batchId}/write-off`,
    { note },
    {
      schema: batchWriteResponseSchema,
    },
  );
}

export function useWriteOffBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, note }: { batchId: number; note: string | null }) =>
      writeOffBatch(batchId, note),
    meta: { suppressErrorToast: true },
    onSuccess: ({ product }) => invalidateStock(queryClient, product.id),
  });
}
