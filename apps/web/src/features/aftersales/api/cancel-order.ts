import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderInput, CancelOrderResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { aftersalesKeys, orderViewsKey } from './aftersales-keys';

/** POST /api/order/{orderId}/cancel: the owner's cancellation with a reason. */
export function cancelOrder(
  orderId: number,
  input: CancelOrderInput,
): Promise<CancelOrderResponse> {
  return api.post(`/order/${orderId}/cancel`, input, {
    schema: () => import('../schemas').then((m) => m.cancelOrderResponseSchema),
  });
}

/**
 * The dialog shows a refusal itself (the server's 409 sentence); success says so and re-reads
 * the order views, which now show Cancelled and the refund.
 */
export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelOrderInput) => cancelOrder(orderId, input),
    meta: { suppressErrorToast: true },
    onSuccess: ({ message, afterSales }) => {
      notify.success(message);
      queryClient.setQueryData(aftersalesKeys.order(orderId), afterSales);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderViewsKey }),
        queryClient.invalidateQueries({ queryKey: aftersalesKeys.order(orderId) }),
      ]),
  });
}
