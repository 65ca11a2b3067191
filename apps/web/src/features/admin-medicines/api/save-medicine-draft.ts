import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  medicineWriteResponseSchema,
  type MedicineContent,
  type MedicineWriteResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminMedicineKeys } from './admin-medicine-keys';

/** PUT /api/medicine-information/{slug}/draft (admin): the public page is unchanged. */
export function saveMedicineDraft(
  slug: string,
  content: MedicineContent,
): Promise<MedicineWriteResponse> {
  return api.put(`/medicine-information/${encodeURIComponent(slug)}/draft`, content, {
    schema: medicineWriteResponseSchema,
  });
}

export function useSaveMedicineDraft(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: MedicineContent) => saveMedicineDraft(slug, content),
    // The editor shows the server's sentence itself.
    meta: { suppressErrorToast: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(adminMedicineKeys.detail(slug), saved);
      return queryClient.invalidateQueries({ queryKey: [...adminMedicineKeys.all, 'list'] });
    },
  });
}
