import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type PrescriptionReviewInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { otherOrderKeys, reviewKeys } from './admin-order-keys';

/**
 * POST /api/order/{orderId}/prescription-review (admin; DECISIONS pharmacist review): approve
 * moves the order to Accepted, reject with a reason back to Collecting Prescription.
 */
export function reviewPrescription(orderId: number, input: PrescriptionReviewInput) {
  return api.post(`/order/${orderId}/prescription-review`, input, {
    schema: messageResponseSchema,
  });
}

export function useReviewPrescription(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrescriptionReviewInput) => reviewPrescription(orderId, input),
    onSuccess: async ({ message }) => {
      notify.success(message);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      for (const queryKey of otherOrderKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
