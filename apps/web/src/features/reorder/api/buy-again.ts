import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';

/** The cart feature's root (lib/query-keys): the header badge and the drawer read it. */
const cartQueryPrefix = queryKeyRoots.cart;

/**
 * POST /api/order/{orderId}/buy-again (issue 17): the order's products go back into the signed-in
 * customer's cart, capped at stock and per-order limits; each line says whether it went in in
 * full and, if not, why.
 */
export function buyAgain(orderId: number) {
  return api.post(`/order/${orderId}/buy-again`, undefined, {
    schema: () => import('../schemas').then((m) => m.buyAgainResponseSchema),
  });
}

/**
 * The cart is read again before the mutation settles, so the badge already counts the new units
 * when the result is shown. Errors are shown by the button itself, not as a toast.
 */
export function useBuyAgain(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['order', 'buy-again', orderId],
    mutationFn: () => buyAgain(orderId),
    meta: { suppressErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryPrefix }),
  });
}
