import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoyaltySummary } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';

/**
 * Keys start with 'user', so signing out drops them; a checkout that spends points (issue 19)
 * invalidates `loyaltyKeys.all`.
 */
export const loyaltyKeys = {
  all: queryKeyRoots.loyalty,
  page: (page: number) => [...loyaltyKeys.all, page] as const,
};

/** GET /api/loyalty (issue 19): the signed-in member's points and one page of their history. */
export function getLoyalty(page: number, signal?: AbortSignal): Promise<LoyaltySummary> {
  return api.get('/loyalty', {
    params: { page },
    schema: () => import('../schemas').then((m) => m.loyaltySummarySchema),
    signal,
  });
}

export const loyaltyQueryOptions = (page: number) =>
  queryOptions({
    queryKey: loyaltyKeys.page(page),
    queryFn: ({ signal }) => getLoyalty(page, signal),
    staleTime: 0,
    // Turning a page keeps the balance and the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useLoyalty(page: number) {
  return useQuery(loyaltyQueryOptions(page));
}
