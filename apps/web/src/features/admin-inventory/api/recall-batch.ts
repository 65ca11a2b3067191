import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recallResponseSchema, type RecallResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { invalidateStock } from './invalidate-stock';
import { inventoryKeys } from './inventory-keys';

/**
 * POST /api/inventory/batches/{id}/recall (admin): the batch stops being sold at once; the answer
 * lists the orders that received units of it.
 */
export function recallBatch(batchId: number, reason: string): Promise<RecallResponse> {
  return api.post(
    `/inventory/batches/${batchId}/recall`,
    { reason },
    {
      schema: recallResponseSchema,
    },
  );
}

export function useRecallBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, reason }: { batchId: number; reason: string }) =>
      recallBatch(batchId, reason),
    meta: { suppressErrorToast: true },
    onSuccess: ({ batch, product, orders }) => {
      // The customers' list opens next: it is this answer, no second request needed.
      queryClient.setQueryData(inventoryKeys.batchOrders(batch.id), {
        batch,
        productName: product.name,
        orders,
      });
      return invalidateStock(queryClient, product.id);
    },
  });
}
