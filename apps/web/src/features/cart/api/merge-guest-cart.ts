import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestCartLine } from '@pharmacy/shared';
import { api, ApiError, getErrorMessage, isAbortError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { clearGuestCart } from '../lib/guest-cart';
import { cartKeys, toCart } from './get-cart';

/**
 * POST /api/cart/merge (docs/decisions/0006-order-flow.md): the guest cart kept in the browser
 * joins the server cart at sign-in — quantities added, capped at the stock — and the server says
 * in `notes` what it had to change.
 */
export async function mergeGuestCart(items: GuestCartLine[]) {
  const response = await api.post(
    '/cart/merge',
    { items },
    { schema: () => import('../schemas').then((m) => m.cartMergeResponseSchema) },
  );
  return { cart: toCart(response), notes: response.notes };
}

/**
 * After the merge the browser's copy is cleared and the server cart shown; the notes appear as
 * info toasts. A failed merge keeps the guest cart, so the next page load tries again.
 */
export function useMergeGuestCart(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cart', 'merge'],
    mutationFn: async (items: GuestCartLine[]) => {
      // A cart read that started before the merge must not overwrite the merged cart.
      await queryClient.cancelQueries({ queryKey: cartKeys.all });
      return mergeGuestCart(items);
    },
    meta: { suppressErrorToast: true },
    onSuccess: ({ cart, notes }) => {
      clearGuestCart();
      if (userId !== null) queryClient.setQueryData(cartKeys.detail(userId), cart);
      for (const note of notes) notify.info(note);
    },
    onError: (error) => {
      console.warn('Merging the guest cart failed:', error);
      if (isAbortError(error) || (error instanceof ApiError && error.handled)) return;
      notify.error(getErrorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
