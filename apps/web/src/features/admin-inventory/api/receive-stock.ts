import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  batchWriteResponseSchema,
  type BatchWriteResponse,
  type GoodsReceiptInput,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { invalidateStock } from './invalidate-stock';

/**
 * POST /api/inventory/receipts (admin): units of one batch arrive; a batch number the product
 * already has adds to that batch (its expiry date must match). The Idempotency-Key names one
 * attempt: sent again, the server answers the first receipt instead of counting the units twice.
 */
export function receiveStock(
  input: GoodsReceiptInput,
  idempotencyKey: string,
): Promise<BatchWriteResponse> {
  return api.post('/inventory/receipts', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: batchWriteResponseSchema,
  });
}

export function useReceiveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: GoodsReceiptInput; idempotencyKey: string }) =>
      receiveStock(input, idempotencyKey),
    onSuccess: ({ product }) => invalidateStock(queryClient, product.id),
  });
}
