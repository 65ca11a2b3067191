import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import {
  applyOptimistic,
  cartErrorMessage,
  cartMutationKey,
  reloadCartWhenIdle,
  rollback,
} from '../lib/optimistic-cart';

/** DELETE /api/cart/remove/{productId} (spec §7): removes the whole line; the cart is refetched. */
export function removeCartItem({ productId }: { productId: number }) {
  return api.delete(`/cart/remove/${productId}`, {
    schema: () => import('../schemas').then((m) => m.messageResponseSchema),
  });
}

export function useRemoveCartItem(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: removeCartItem,
    meta: { suppressErrorToast: true },
    onMutate: ({ productId }: { productId: number }) =>
      applyOptimistic(queryClient, userId, (lines) =>
        lines.filter((line) => line.productId !== productId),
      ),
    onSuccess: (response) => notify.success(response.message),
    onError: (error, _variables, snapshot) => {
      rollback(queryClient, userId, snapshot);
      const message = cartErrorMessage(error);
      if (message) notify.error(message);
    },
    onSettled: () => reloadCartWhenIdle(queryClient),
  });
}
