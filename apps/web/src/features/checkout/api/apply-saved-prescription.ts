import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { checkoutKeys, orderViewsKey, savedPrescriptionsKey } from './checkout-keys';

/**
 * POST /api/order/{orderId}/use-saved-prescription (issue 31 point 3): the saved prescription
 * instead of an upload. The server counts its units and moves the order on as an upload would;
 * it refuses (409) with a sentence when it has expired or no longer covers the order.
 */
export function applySavedPrescription(orderId: number, prescriptionId: number) {
  return api.post(
    `/order/${orderId}/use-saved-prescription`,
    { prescriptionId },
    { schema: messageResponseSchema },
  );
}

export function useApplySavedPrescription(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prescriptionId: number) => applySavedPrescription(orderId, prescriptionId),
    // The refusal's sentence is shown beside the choice, not only in a toast.
    meta: { suppressErrorToast: true },
    onSuccess: async ({ message }) => {
      notify.success(message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checkoutKeys.order(orderId) }),
        queryClient.invalidateQueries({ queryKey: checkoutKeys.prescriptions(orderId) }),
      ]);
      void queryClient.invalidateQueries({ queryKey: orderViewsKey });
      void queryClient.invalidateQueries({ queryKey: savedPrescriptionsKey });
    },
    onError: () => {
      // Another order may have taken the units meanwhile: list what still covers this one.
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.savedPrescriptions(orderId) });
    },
  });
}
