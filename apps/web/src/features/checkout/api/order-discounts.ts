import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  orderPricingSchema,
  type OrderPricing,
  type SetOrderDiscountsInput,
} from '@pharmacy/shared';
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

export function setOrderDiscounts(
  orderId: number,
  input: SetOrderDiscountsInput,
): Promise<OrderPricing> {
  return api.put(`/order/${orderId}/discounts`, input, { schema: orderPricingSchema });
}

/**
 * PUT /api/order/{orderId}/discounts: the whole state wanted (couponCode null: none; points 0:
 * none) in one idempotent request, so the order is never left with one part applied and the
 * other refused.
 */
export function useSetOrderDiscounts(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetOrderDiscountsInput) => setOrderDiscounts(orderId, input),
    // The server's sentence shows under the form, not in a toast as well.
    meta: { suppressErrorToast: true },
    onSuccess: (pricing) => repriced(queryClient, orderId, pricing),
  });
}
