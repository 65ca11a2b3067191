import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Prescription } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * GET /api/order/{orderId}/prescriptions: the order's prescriptions, each with the saved
 * prescription it was transcribed into or the saved one the order used (issue 31).
 */
export async function getOrderPrescriptions(
  orderId: number,
  signal?: AbortSignal,
): Promise<Prescription[]> {
  const { prescriptions } = await api.get(`/order/${orderId}/prescriptions`, {
    schema: () => import('../schemas').then((m) => m.prescriptionListResponseSchema),
    signal,
  });
  return prescriptions;
}

export const orderPrescriptionsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.prescriptions(orderId),
    queryFn: ({ signal }) => getOrderPrescriptions(orderId, signal),
  });

export function useOrderPrescriptions(orderId: number, enabled: boolean) {
  return useQuery({ ...orderPrescriptionsQueryOptions(orderId), enabled });
}
