import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  batchWriteResponseSchema,
  type BatchWriteResponse,
  type StockAdjustmentInput,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { invalidateStock } from './invalidate-stock';

/**
 * POST /api/inventory/batches/{id}/adjustments (admin): signed units, with a reason. The
 * Idempotency-Key names one attempt, so a resent adjustment is not counted twice.
 */
export function adjustBatch(
  batchId: number,
  input: StockAdjustmentInput,
  idempotencyKey: string,
): Promise<BatchWriteResponse> {
  return api.post(`/inventory/batches/${batchId}/adjustments`, input, {
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: batchWriteResponseSchema,
  });
}

export function useAdjustBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      batchId,
      input,
      idempotencyKey,
    }: {
      batchId: number;
      input: StockAdjustmentInput;
      idempotencyKey: string;
    }) => adjustBatch(batchId, input, idempotencyKey),
    // The dialog shows a refusal under its fields (e.g. more units taken off than the batch holds).
    meta: { suppressErrorToast: true },
    onSuccess: ({ product }) => invalidateStock(queryClient, product.id),
  });
}
