import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/product/{id}/notify: signed-in shoppers ask for an e-mail when it is back. */
export function notifyWhenAvailable(productId: number): Promise<{ message: string }> {
  return api.post(`/product/${productId}/notify`, undefined, {
    schema: () => import('../schemas').then((m) => m.messageResponseSchema),
  });
}

export function useNotifyWhenAvailable() {
  return useMutation({ mutationFn: notifyWhenAvailable });
}
