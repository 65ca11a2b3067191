import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, userListResponseSchema, type UserListResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';

export interface UserListParams {
  /** Empty for everyone; otherwise a term of at least 2 characters (spec §5). */
  search: string;
  page: number;
  pageSize?: number;
}

/** GET /api/user/getAllUser (spec §7, admin): search by name or e-mail, page, page size. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserListResponse> {
  return api.get('/user/getAllUser', {
    params: {
      search: params.search || undefined,
      page: params.page,
      pageSize: params.pageSize ?? LIMITS.userPageSize,
    },
    schema: userListResponseSchema,
    signal,
  });
}

/** Under the user's key: the list belongs to this admin's session and leaves with it. */
export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: [...queryKeyRoots.adminUsers, params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
