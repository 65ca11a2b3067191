import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  courierListSchema,
  courierSchema,
  type Courier,
  type CourierInput,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';
import { adminDeliveryKeys } from './delivery-keys';

const couriersKey = [...adminDeliveryKeys.all, 'couriers'] as const;
/** The order page's dispatch form reads the couriers under the order views' root. */
const dispatchCouriersKey = [...queryKeyRoots.orders, 'couriers'] as const;

/** GET /api/couriers (admin). */
export function useCouriers() {
  return useQuery({
    queryKey: couriersKey,
    queryFn: ({ signal }): Promise<{ couriers: Courier[] }> =>
      api.get('/couriers', { schema: courierListSchema, signal }),
  });
}

/** POST /api/couriers, or PUT /api/couriers/{id} when editing (admin). */
export function useSaveCourier(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CourierInput): Promise<Courier> =>
      id === undefined
        ? api.post('/couriers', input, { schema: courierSchema })
        : api.put(`/couriers/${id}`, input, { schema: courierSchema }),
    // The form shows the server's sentence itself.
    meta: { suppressErrorToast: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: couriersKey }),
        queryClient.invalidateQueries({ queryKey: dispatchCouriersKey }),
      ]);
    },
  });
}
