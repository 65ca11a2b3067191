import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { medicineAdminListSchema, type MedicineAdminList } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminMedicineKeys } from './admin-medicine-keys';

export interface AdminMedicineQuery {
  page: number;
  search: string;
  /** '' for every status. */
  status: string;
}

/** GET /api/medicine-information (admin): salts by name with where their information stands. */
export function getAdminMedicines(
  query: AdminMedicineQuery,
  signal?: AbortSignal,
): Promise<MedicineAdminList> {
  return api.get('/medicine-information', {
    params: {
      page: query.page,
      search: query.search || undefined,
      status: query.status || undefined,
    },
    schema: medicineAdminListSchema,
    signal,
  });
}

export const adminMedicinesQueryOptions = (query: AdminMedicineQuery) =>
  queryOptions({
    queryKey: adminMedicineKeys.list(query),
    queryFn: ({ signal }) => getAdminMedicines(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAdminMedicines(query: AdminMedicineQuery) {
  return useQuery(adminMedicinesQueryOptions(query));
}
