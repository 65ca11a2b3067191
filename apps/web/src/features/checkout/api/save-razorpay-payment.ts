import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savePaymentResponseSchema, type SaveRazorpayPayment } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';
import { applyOrder } from './update-checkout-order';

/**
 * POST /api/payment/save-payment-details/{orderId} with Razorpay Checkout's success object (issue
 * 28): the server checks the signature and the payment with Razorpay, saves it once however often
 * it is sent, and moves the order on. Only the three fields are sent, whatever else Checkout adds.
 */
export function saveRazorpayPayment(orderId: number, payment: SaveRazorpayPayment) {
  return api.post(
    `/payment/save-payment-details/${orderId}`,
    {
      razorpay_payment_id: payment.razorpay_payment_id,
      razorpay_order_id: payment.razorpay_order_id,
      razorpay_signature: payment.razorpay_signature,
    },
    { schema: savePaymentResponseSchema },
  );
}

export function useSaveRazorpayPayment(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: SaveRazorpayPayment) => saveRazorpayPayment(orderId, payment),
    // The payment step shows the server's sentence beside its retry, not in a toast as well.
    meta: { suppressErrorToast: true },
    onSuccess: ({ order }) => applyOrder(queryClient, orderId, order),
    // A refusal may mean the order moved on meanwhile (paid, cancelled): show where it stands.
    onError: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.order(orderId) }),
  });
}
