import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type ProductListResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminCatalogKeys } from './admin-catalog-keys';

export interface AdminProductListParams {
  page: number;
  search: string;
}

/** GET /api/product/all?includeInactive=true: the admin list shows inactive products too. */
export function getAdminProducts(
  params: AdminProductListParams,
  signal?: AbortSignal,
): Promise<ProductListResponse> {
  return api.get('/product/all', {
    params: {
      page: params.page,
      limit: LIMITS.productPageSize,
      search: params.search || undefined,
      includeInactive: true,
    },
    schema: () => import('../schemas').then((m) => m.productListResponseSchema),
    signal,
  });
}

export const adminProductsQueryOptions = (params: AdminProductListParams) =>
  queryOptions({
    queryKey: adminCatalogKeys.products(params),
    queryFn: ({ signal }) => getAdminProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(params: AdminProductListParams) {
  return useQuery(adminProductsQueryOptions(params));
}
