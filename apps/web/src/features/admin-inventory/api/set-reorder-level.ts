import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productStockSchema } from '@pharmacy/shared';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { invalidateStock } from './invalidate-stock';

const reorderLevelResponseSchema = z.object({ message: z.string(), product: productStockSchema });

/** PUT /api/inventory/products/{id}/reorder-level (admin): below it, the low-stock list shows it. */
export function setReorderLevel(productId: number, reorderLevel: number) {
  return api.put(
    `/inventory/products/${productId}/reorder-level`,
    { reorderLevel },
    { schema: reorderLevelResponseSchema },
  );
}

export function useSetReorderLevel(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reorderLevel: number) => setReorderLevel(productId, reorderLevel),
    onSuccess: () => invalidateStock(queryClient, productId),
  });
}
