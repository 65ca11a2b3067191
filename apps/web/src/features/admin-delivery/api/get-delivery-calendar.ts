import { queryOptions, useQuery } from '@tanstack/react-query';
import { deliveryCalendarSchema, type DeliveryCalendarInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminDeliveryKeys } from './delivery-keys';

/**
 * GET /api/delivery/calendar (admin): the ISO weekdays the pharmacy dispatches on, the daily
 * cut-off (HH:mm in India) and the holidays.
 */
export function getDeliveryCalendar(signal?: AbortSignal): Promise<DeliveryCalendarInput> {
  return api.get('/delivery/calendar', { schema: deliveryCalendarSchema, signal });
}

export const deliveryCalendarQueryOptions = () =>
  queryOptions({
    queryKey: adminDeliveryKeys.calendar(),
    queryFn: ({ signal }) => getDeliveryCalendar(signal),
    staleTime: 0,
  });

export function useDeliveryCalendar() {
  return useQuery(deliveryCalendarQueryOptions());
}
