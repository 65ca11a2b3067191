import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stockAlertStatusKeys } from './catalog-keys';
import { setStockAlertWaiting } from './get-stock-alert-status';

/** DELETE /api/stock-alerts/{productId}: the shopper no longer wants the back-in-stock e-mail. */
export function cancelStockAlert(productId: number): Promise<{ message: string }> {
  return api.delete(`/stock-alerts/${productId}`, {
    schema: () => import('../schemas').then((m) => m.messageResponseSchema),
  });
}

export function useCancelStockAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStockAlert,
    onSuccess: (_answer, productId) => setStockAlertWaiting(queryClient, productId, false),
    // Refused (404): the request is gone already, fulfilled or cancelled elsewhere; ask again.
    onError: (_error, productId) =>
      queryClient.invalidateQueries({ queryKey: stockAlertStatusKeys.product(productId) }),
  });
}
