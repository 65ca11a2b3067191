import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetailResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { orderKeys } from './order-keys';

/** Spec §7 PUT /order/{orderId}: status and delivery date are the admin's; `note` goes to the history. */
export interface OrderUpdate {
  statusId?: number;
  expectedDeliveryDate?: string | null;
  note?: string;
}

export function updateOrder(orderId: number, update: OrderUpdate) {
  return api.put(`/order/${orderId}`, update, {
    schema: () => import('../schemas').then((m) => m.orderUpdateResponseSchema),
  });
}

/**
 * Success shows the server's sentence ('Order status updated successfully', 'Expected delivery
 * date updated successfully'); a failure shows its message through the shared error toast (a
 * status the state machine refuses answers 409 with the reason, issue 16) and reads the order
 * again, since it may have moved meanwhile.
 */
export function useUpdateOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: OrderUpdate) => updateOrder(orderId, update),
    onSuccess: ({ message, order }) => {
      notify.success(message);
      queryClient.setQueryData<OrderDetailResponse>(orderKeys.detail(orderId), (current) =>
        current ? { ...current, order } : current,
      );
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
  });
}
