import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Courier, Shipment, ShipmentEventInput, ShipmentInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';

/** Under the order views' root: a dispatch or a delivery also re-reads the order's status. */
export const shipmentKeys = {
  order: (orderId: number) => [...queryKeyRoots.orders, 'shipments', orderId] as const,
  couriers: () => [...queryKeyRoots.orders, 'couriers'] as const,
};

/** GET /api/order/{id}/shipments (issue 29): the order's parcels and their tracking. */
export function useShipments(orderId: number) {
  return useQuery({
    queryKey: shipmentKeys.order(orderId),
    queryFn: ({ signal }): Promise<{ shipments: Shipment[] }> =>
      api.get(`/order/${orderId}/shipments`, {
        schema: () => import('../schemas').then((m) => m.shipmentListSchema),
        signal,
      }),
  });
}

/** GET /api/couriers (admin): the couriers to dispatch with. */
export function useCouriers(enabled: boolean) {
  return useQuery({
    queryKey: shipmentKeys.couriers(),
    queryFn: ({ signal }): Promise<{ couriers: Courier[] }> =>
      api.get('/couriers', {
        schema: () => import('../schemas').then((m) => m.courierListSchema),
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** After a dispatch or an event the order's status may have moved too: re-read the order views. */
function useRefreshOrder() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeyRoots.orders });
}

/** POST /api/order/{id}/shipments (admin): a parcel handed to a courier. */
export function useDispatchParcel(orderId: number) {
  const refresh = useRefreshOrder();
  return useMutation({
    mutationFn: (input: ShipmentInput): Promise<{ message: string; shipments: Shipment[] }> =>
      api.post(`/order/${orderId}/shipments`, input, {
        schema: () => import('../schemas').then((m) => m.messageAndShipmentsSchema),
      }),
    onSuccess: () => void refresh(),
  });
}

/** POST /api/order/{id}/shipments/{shipmentId}/events (admin): a tracking event by hand. */
export function useRecordShipmentEvent(orderId: number) {
  const refresh = useRefreshOrder();
  return useMutation({
    mutationFn: ({
      shipmentId,
      event,
    }: {
      shipmentId: number;
      event: Partial<ShipmentEventInput> & Pick<ShipmentEventInput, 'kind'>;
    }): Promise<{ message: string; shipments: Shipment[] }> =>
      api.post(`/order/${orderId}/shipments/${shipmentId}/events`, event, {
        schema: () => import('../schemas').then((m) => m.messageAndShipmentsSchema),
      }),
    onSuccess: () => void refresh(),
  });
}
