import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  medicineWriteResponseSchema,
  type MedicineReviewInput,
  type MedicineWriteResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';
import { adminMedicineKeys } from './admin-medicine-keys';

/** POST /api/medicine-information/{slug}/publish (admin): a pharmacist's review publishes the draft. */
export function publishMedicine(
  slug: string,
  review: MedicineReviewInput,
): Promise<MedicineWriteResponse> {
  return api.post(`/medicine-information/${encodeURIComponent(slug)}/publish`, review, {
    schema: medicineWriteResponseSchema,
  });
}

export function usePublishMedicine(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: MedicineReviewInput) => publishMedicine(slug, review),
    meta: { suppressErrorToast: true },
    onSuccess: async (published) => {
      queryClient.setQueryData(adminMedicineKeys.detail(slug), published);
      // The public page (under the catalogue's root) shows the new version.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminMedicineKeys.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoots.catalog }),
      ]);
    },
  });
}
