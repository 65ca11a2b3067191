import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefillAddToCartResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { cartQueryPrefix } from './refill-keys';

/**
 * POST /api/refills/{id}/add-to-cart, the reminder mail's link: the reminder's product into the
 * signed-in customer's cart, capped at stock and per-order limits; the line says what could not
 * be added and why.
 */
export function addRefillToCart(id: number): Promise<RefillAddToCartResponse> {
  return api.post(`/refills/${id}/add-to-cart`, undefined, {
    schema: () => import('../schemas').then((m) => m.refillAddToCartResponseSchema),
  });
}

/** The cart is read again before the result shows, so the header badge counts the refill. */
export function useAddRefillToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRefillToCart,
    meta: { suppressErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryPrefix }),
  });
}
