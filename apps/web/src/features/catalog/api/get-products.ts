import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type ProductListResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import type { ProductFilter } from '../hooks/use-product-filter';
import { catalogKeys } from './catalog-keys';

/** Filter ids above 0 filter; -1 and the other sentinels of spec §9 mean none. */
const filterId = (value: number) => (value > 0 ? value : undefined);

/**
 * GET /api/product/all (spec §7): the shop listing with its filters, sort and page. Without an
 * explicit sort a search is ranked by relevance on the server.
 */
export function getProducts(
  filter: ProductFilter,
  options: { limit?: number; explicitSort?: boolean; signal?: AbortSignal } = {},
): Promise<ProductListResponse> {
  const { limit = LIMITS.productPageSize, explicitSort = true, signal } = options;
  const sorted = explicitSort || !filter.search;
  return api.get('/product/all', {
    params: {
      page: filter.page,
      limit,
      search: filter.search || undefined,
      divisionId: filterId(filter.divisionId),
      manufacturerId: filterId(filter.manufacturerId),
      saltCompositionId: filterId(filter.saltCompositionId),
      orderBy: sorted ? filter.orderBy : undefined,
      orderType: sorted ? filter.orderType : undefined,
    },
    schema: () => import('../schemas').then((m) => m.productListResponseSchema),
    signal,
  });
}

export const productsQueryOptions = (filter: ProductFilter, explicitSort: boolean) =>
  queryOptions({
    queryKey: catalogKeys.productList(filter, explicitSort),
    queryFn: ({ signal }) => getProducts(filter, { explicitSort, signal }),
    placeholderData: keepPreviousData,
  });

export function useProducts(filter: ProductFilter, explicitSort: boolean) {
  return useQuery(productsQueryOptions(filter, explicitSort));
}

/** The header search dropdown (spec §2): the best matches of a term, by relevance. */
export const SEARCH_SUGGESTION_LIMIT = 8;

export const searchSuggestionsQueryOptions = (term: string) =>
  queryOptions({
    queryKey: catalogKeys.suggestions(term),
    queryFn: ({ signal }) =>
      getProducts(
        {
          divisionId: -1,
          manufacturerId: -1,
          saltCompositionId: -1,
          search: term,
          page: 1,
          orderBy: 'createdAt',
          orderType: 'desc',
        },
        { limit: SEARCH_SUGGESTION_LIMIT, explicitSort: false, signal },
      ),
    staleTime: 60_000,
    // While the next term loads, the list keeps the previous matches instead of flickering.
    placeholderData: keepPreviousData,
  });

export function useSearchSuggestions(term: string, enabled: boolean) {
  return useQuery({ ...searchSuggestionsQueryOptions(term), enabled: enabled && term !== '' });
}
