import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { checkoutKeys, orderViewsKey } from './checkout-keys';

export interface PrescriptionUpload {
  files: File[];
  comment: string;
  /** Issue 31: whom it is for; null leaves it to the server (the member themself). */
  patientId: number | null;
}

/**
 * POST /api/order/uploadOrderPrescriptions/{orderId} (spec §7): multipart with `comment`, the
 * `patientId` (issue 31) and each file under `image`. The server checks every file by content and
 * moves the order on.
 */
export function uploadPrescription(
  orderId: number,
  { files, comment, patientId }: PrescriptionUpload,
) {
  const body = new FormData();
  if (comment.trim()) body.append('comment', comment.trim());
  if (patientId !== null) body.append('patientId', String(patientId));
  for (const file of files) body.append('image', file, file.name);
  return api.post(`/order/uploadOrderPrescriptions/${orderId}`, body, {
    schema: messageResponseSchema,
  });
}

/** Spec §7 / §8: the server's message as a success toast; a failure as an error toast (shared). */
export function useUploadPrescription(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: PrescriptionUpload) => uploadPrescription(orderId, upload),
    onSuccess: async ({ message }) => {
      notify.success(message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checkoutKeys.order(orderId) }),
        queryClient.invalidateQueries({ queryKey: checkoutKeys.prescriptions(orderId) }),
      ]);
      void queryClient.invalidateQueries({ queryKey: orderViewsKey });
    },
  });
}
