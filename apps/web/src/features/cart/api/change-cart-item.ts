import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import {
  addUnits,
  applyOptimistic,
  cartErrorMessage,
  cartMutationKey,
  reloadCartWhenIdle,
  rollback,
} from '../lib/optimistic-cart';
import { toCartProduct } from '../lib/cart-rules';
import type { CartProduct } from '../types';

export interface CartChange {
  productId: number;
  /** Units to add; +1 or -1 from the stepper. */
  quantity: number;
  /** The product as the page shows it, so a new line can be drawn before the server answers. */
  product: CartProduct;
}

/**
 * POST /api/cart (spec §7): adds a product ('Added to cart!') or steps its count ('Quantity Updated
 * successfully'). The server checks the stock and never takes a price from the client.
 */
export function changeCartItem({
  productId,
  quantity,
}: Pick<CartChange, 'productId' | 'quantity'>) {
  return api.post(
    '/cart',
    { productId, quantity },
    { schema: () => import('../schemas').then((m) => m.cartChangeResponseSchema) },
  );
}

export function useChangeCartItem(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: changeCartItem,
    meta: { suppressErrorToast: true },
    onMutate: (change: CartChange) =>
      applyOptimistic(queryClient, userId, (lines) =>
        addUnits(lines, toCartProduct(change.product), change.quantity),
      ),
    onSuccess: (response) => notify.success(response.message),
    onError: (error, _change, snapshot) => {
      rollback(queryClient, userId, snapshot);
      const message = cartErrorMessage(error);
      if (message) notify.error(message);
    },
    onSettled: () => reloadCartWhenIdle(queryClient),
  });
}
