import { queryOptions, useQuery } from '@tanstack/react-query';
import { savedPrescriptionListResponseSchema, type SavedPrescription } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/**
 * GET /api/order/{orderId}/saved-prescriptions (issue 31 point 3): the member's saved
 * prescriptions that are still valid and cover every prescription line of the order.
 */
export async function getOrderSavedPrescriptions(
  orderId: number,
  signal?: AbortSignal,
): Promise<SavedPrescription[]> {
  const { prescriptions } = await api.get(`/order/${orderId}/saved-prescriptions`, {
    schema: savedPrescriptionListResponseSchema,
    signal,
  });
  return prescriptions;
}

export const orderSavedPrescriptionsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: checkoutKeys.savedPrescriptions(orderId),
    queryFn: ({ signal }) => getOrderSavedPrescriptions(orderId, signal),
    // What remains changes with every other order: ask again each time the step opens.
    staleTime: 0,
  });

export function useOrderSavedPrescriptions(orderId: number) {
  return useQuery(orderSavedPrescriptionsQueryOptions(orderId));
}
