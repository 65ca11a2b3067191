import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliveryCalendarSchema, type DeliveryCalendarInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminDeliveryKeys } from './delivery-keys';

/** PUT /api/delivery/calendar (admin): the whole calendar at once; answers what was saved. */
export function saveDeliveryCalendar(input: DeliveryCalendarInput): Promise<DeliveryCalendarInput> {
  return api.put('/delivery/calendar', input, { schema: deliveryCalendarSchema });
}

export function useSaveDeliveryCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeliveryCalendar,
    // The form shows the server's sentence itself.
    meta: { suppressErrorToast: true },
    onSuccess: (calendar) => queryClient.setQueryData(adminDeliveryKeys.calendar(), calendar),
  });
}
