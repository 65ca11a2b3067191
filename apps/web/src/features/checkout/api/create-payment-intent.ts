import { queryOptions, useQuery } from '@tanstack/react-query';
import { createIntentResponseSchema, type CreateIntentResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/**
 * POST /api/payment/create-intent/{orderId} (spec §7): the server takes the amount from the order
 * and answers which provider confirms the card (Stripe, or the built-in test provider).
 */
export function createPaymentIntent(
  orderId: number,
  signal?: AbortSignal,
): Promise<CreateIntentResponse> {
  return api.post(`/payment/create-intent/${orderId}`, undefined, {
    schema: createIntentResponseSchema,
    signal,
  });
}

/** Read as a query: one intent per visit of the payment step, never retried on its own. */
export const paymentIntentQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: checkoutKeys.intent(orderId),
    queryFn: ({ signal }) => createPaymentIntent(orderId, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function usePaymentIntent(orderId: number, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(orderId), enabled });
}
