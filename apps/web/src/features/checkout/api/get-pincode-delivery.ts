import { useQuery } from '@tanstack/react-query';
import { deliveryEstimateSchema, type DeliveryEstimate } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/delivery/estimate (issue 29): whether the order's pincode takes cash on delivery. */
function getPincodeDelivery(pincode: string, signal?: AbortSignal): Promise<DeliveryEstimate> {
  return api.get('/delivery/estimate', {
    params: { pincode },
    schema: deliveryEstimateSchema,
    signal,
  });
}

export function usePincodeDelivery(pincode: string | null) {
  return useQuery({
    queryKey: checkoutKeys.delivery(pincode ?? ''),
    queryFn: ({ signal }) => getPincodeDelivery(pincode ?? '', signal),
    enabled: pincode !== null,
    staleTime: 60_000,
  });
}
