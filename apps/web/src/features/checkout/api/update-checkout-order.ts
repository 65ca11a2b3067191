import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  orderUpdateResponseSchema,
  PAYMENT_TEXT,
  type Order,
  type OrderDetailResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { checkoutKeys, orderViewsKey } from './checkout-keys';

/**
 * PUT /api/order/{orderId} (spec §7) with what a member may send (ADR 0006): the address, or the
 * cash-on-delivery payment. The server computes the next status.
 */
export type CheckoutOrderUpdate = { addressId: number } | { payment: string };

export function updateCheckoutOrder(orderId: number, update: CheckoutOrderUpdate) {
  return api.put(`/order/${orderId}`, update, { schema: orderUpdateResponseSchema });
}

/** Puts the order the server answered into the process page and refreshes the order views. */
export function applyOrder(queryClient: QueryClient, orderId: number, order: Order) {
  queryClient.setQueryData<OrderDetailResponse>(checkoutKeys.order(orderId), (current) =>
    current ? { ...current, order } : current,
  );
  void queryClient.invalidateQueries({ queryKey: checkoutKeys.order(orderId) });
  void queryClient.invalidateQueries({ queryKey: orderViewsKey });
}

/** Confirm Address: Collecting Address → Collecting Prescription or Payment. */
export function useConfirmAddress(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => updateCheckoutOrder(orderId, { addressId }),
    onSuccess: ({ order }) => applyOrder(queryClient, orderId, order),
  });
}

/** Spec §4: cash on delivery sends the payment note (default 'Cash on Delivery'). */
export function usePayCashOnDelivery(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => updateCheckoutOrder(orderId, { payment: PAYMENT_TEXT.cashOnDelivery }),
    onSuccess: ({ order }) => applyOrder(queryClient, orderId, order),
  });
}
