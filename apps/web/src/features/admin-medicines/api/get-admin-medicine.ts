import { queryOptions, useQuery } from '@tanstack/react-query';
import { medicineAdminSchema, type MedicineAdmin } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminMedicineKeys } from './admin-medicine-keys';

/** GET /api/medicine-information/{slug} (admin): the draft and the published version. */
export function getAdminMedicine(slug: string, signal?: AbortSignal): Promise<MedicineAdmin> {
  return api.get(`/medicine-information/${encodeURIComponent(slug)}`, {
    schema: medicineAdminSchema,
    signal,
  });
}

export const adminMedicineQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: adminMedicineKeys.detail(slug),
    queryFn: ({ signal }) => getAdminMedicine(slug, signal),
    staleTime: 0,
  });

export function useAdminMedicine(slug: string) {
  return useQuery(adminMedicineQueryOptions(slug));
}
