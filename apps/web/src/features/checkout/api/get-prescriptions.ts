import { queryOptions, useQuery } from '@tanstack/react-query';
import { prescriptionListResponseSchema, type Prescription } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/order/{orderId}/prescriptions: the order's uploads with the pharmacist's review. */
export async function getPrescriptions(
  orderId: number,
  signal?: AbortSignal,
): Promise<Prescription[]> {
  const { prescriptions } = await api.get(`/order/${orderId}/prescriptions`, {
    schema: prescriptionListResponseSchema,
    signal,
  });
  return prescriptions;
}

export const prescriptionsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: checkoutKeys.prescriptions(orderId),
    queryFn: ({ signal }) => getPrescriptions(orderId, signal),
    staleTime: 0,
  });

export function usePrescriptions(orderId: number, enabled: boolean) {
  return useQuery({ ...prescriptionsQueryOptions(orderId), enabled });
}

/** The newest upload (by date, then id), whose review the customer needs to see. */
export function latestPrescription(prescriptions: readonly Prescription[]): Prescription | null {
  return (
    [...prescriptions].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0] ??
    null
  );
}
