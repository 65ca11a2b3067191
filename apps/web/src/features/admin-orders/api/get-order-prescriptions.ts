import { queryOptions, useQuery } from '@tanstack/react-query';
import { prescriptionListResponseSchema, type Prescription } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './admin-order-keys';

/** GET /api/order/{orderId}/prescriptions (owner or admin): uploads, newest review state. */
export async function getOrderPrescriptions(
  orderId: number,
  signal?: AbortSignal,
): Promise<Prescription[]> {
  const { prescriptions } = await api.get(`/order/${orderId}/prescriptions`, {
    schema: prescriptionListResponseSchema,
    signal,
  });
  // Newest first: the one under review leads.
  return [...prescriptions].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

export const orderPrescriptionsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: reviewKeys.prescriptions(orderId),
    queryFn: ({ signal }) => getOrderPrescriptions(orderId, signal),
    staleTime: 0,
  });

export function useOrderPrescriptions(orderId: number) {
  return useQuery(orderPrescriptionsQueryOptions(orderId));
}
