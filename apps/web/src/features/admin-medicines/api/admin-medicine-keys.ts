import { userQueryKey } from '../../../lib/query-keys';

/** The admin's medicine information screens (issue 30), under 'user': signing out drops them. */
export const adminMedicineKeys = {
  all: [...userQueryKey, 'admin-medicines'] as const,
  list: (query: { page: number; search: string; status: string }) =>
    [...adminMedicineKeys.all, 'list', query] as const,
  detail: (slug: string) => [...adminMedicineKeys.all, 'detail', slug] as const,
};
