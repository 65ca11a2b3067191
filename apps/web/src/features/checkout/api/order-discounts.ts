import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { orderPricingSchema, type OrderPricing } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { checkoutKeys, orderViewsKey } from './checkout-keys';

/** GET /api/order/{orderId}/pricing (issue 19): the order's discounts and what may be applied. */
export function getOrderPricing(orderId: number, signal?: AbortSignal): Promise<OrderPricing> {
  return api.get(`/order/${orderId}/pricing`, { schema: orderPricingSchema, signal });
}

export const orderPricingQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: checkoutKeys.pricing(orderId),
    queryFn: ({ signal }) => getOrderPricing(orderId, signal),
  });

export function useOrderPricing(orderId: number) {
  return useQuery(orderPricingQueryOptions(orderId));
}

/**
 * After a coupon or points change the total: the new pricing is shown at once, the order is read
 * again, and the card payment is started again for the new amount (an intent made for the old
 * amount is never reused).
 */
function repriced(queryClient: QueryClient, orderId: number, pricing: OrderPricing) {
  queryClient.setQueryData(checkoutKeys.pricing(orderId), pricing);
  void queryClient.invalidateQueries({ queryKey: checkoutKeys.order(orderId) });
  void queryClient.resetQueries({ queryKey: checkoutKeys.intent(orderId) });
  void queryClient.invalidateQueries({ queryKey: orderViewsKey });
}

export type DiscountChange =
  | { kind: 'apply-coupon'; code: string }
  | { kind: 'remove-coupon' }
  | { kind: 'apply-points'; points: number }
  | { kind: 'remove-points' };

export function changeDiscount(orderId: number, change: DiscountChange): Promise<OrderPricing> {
  const options = { schema: orderPricingSchema };
  switch (change.kind) {
    case 'apply-coupon':
      return api.post(`/order/${orderId}/coupon`, { code: change.code }, options);
    case 'remove-coupon':
      return api.delete(`/order/${orderId}/coupon`, options);
    case 'apply-points':
      return api.post(`/order/${orderId}/points`, { points: change.points }, options);
    case 'remove-points':
      return api.delete(`/order/${orderId}/points`, options);
  }
}

/** POST/DELETE /api/order/{orderId}/coupon and /points: the server reprices the order. */
export function useChangeDiscount(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DiscountChange) => changeDiscount(orderId, change),
    // The server's sentence shows under the field it is about, not in a toast as well.
    meta: { suppressErrorToast: true },
    onSuccess: (pricing) => repriced(queryClient, orderId, pricing),
  });
}
