import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savePaymentResponseSchema } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { applyOrder } from './update-checkout-order';

export interface PaymentDetails {
  paymentId: string;
  paymentMethodId?: string | null | undefined;
}

/**
 * POST /api/payment/save-payment-details/{orderId} (spec §7): records a payment the provider
 * confirmed. The server saves it once however often it is sent, and moves the order on.
 */
export function savePaymentDetails(orderId: number, details: PaymentDetails) {
  return api.post(
    `/payment/save-payment-details/${orderId}`,
    { paymentId: details.paymentId, paymentMethodId: details.paymentMethodId ?? null },
    { schema: savePaymentResponseSchema },
  );
}

export function useSavePaymentDetails(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: PaymentDetails) => savePaymentDetails(orderId, details),
    onSuccess: ({ order }) => applyOrder(queryClient, orderId, order),
  });
}
