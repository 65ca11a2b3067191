import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setStockAlertWaiting } from './get-stock-alert-status';

/** POST /api/product/{id}/notify: signed-in shoppers ask for an e-mail when it is back. */
export function notifyWhenAvailable(productId: number): Promise<{ message: string }> {
  return api.post(`/product/${productId}/notify`, undefined, {
    schema: () => import('../schemas').then((m) => m.messageResponseSchema),
  });
}

/** Once asked, the product page shows 'We'll e-mail you' (issue 17) instead of the button. */
export function useNotifyWhenAvailable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notifyWhenAvailable,
    onSuccess: (_answer, productId) => setStockAlertWaiting(queryClient, productId, true),
  });
}
