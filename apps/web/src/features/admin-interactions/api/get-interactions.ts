import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { drugInteractionListSchema, type DrugInteractionList } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { adminInteractionKeys, type InteractionListParams } from './interaction-keys';

/**
 * GET /api/drug-interactions (admin): a page of the table in pair order, filtered by an
 * ingredient's name (either side) and the severity.
 */
export function getInteractions(
  query: InteractionListParams,
  signal?: AbortSignal,
): Promise<DrugInteractionList> {
  return api.get('/drug-interactions', {
    params: {
      page: query.page,
      ...(query.search ? { search: query.search } : {}),
      ...(query.severity ? { severity: query.severity } : {}),
    },
    schema: drugInteractionListSchema,
    signal,
  });
}

export const interactionsQueryOptions = (query: InteractionListParams) =>
  queryOptions({
    queryKey: adminInteractionKeys.list(query),
    queryFn: ({ signal }) => getInteractions(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useInteractions(query: InteractionListParams) {
  return useQuery(interactionsQueryOptions(query));
}
