import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliveryAreaSchema, type DeliveryArea, type DeliveryAreaInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminDeliveryKeys } from './delivery-keys';

/** POST /api/delivery/areas, or PUT /api/delivery/areas/{id} when editing (admin). */
export function saveDeliveryArea(input: DeliveryAreaInput, id?: number): Promise<DeliveryArea> {
  return id === undefined
    ? api.post('/delivery/areas', input, { schema: deliveryAreaSchema })
    : api.put(`/delivery/areas/${id}`, input, { schema: deliveryAreaSchema });
}

export function useSaveDeliveryArea(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryAreaInput) => saveDeliveryArea(input, id),
    // The form shows the server's sentence itself.
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDeliveryKeys.all }),
  });
}
