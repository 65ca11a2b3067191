import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefillList } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { refillKeys } from './refill-keys';

/** GET /api/refills (issue 17): the signed-in customer's refill reminders. */
export function getRefills(signal?: AbortSignal): Promise<RefillList> {
  return api.get('/refills', {
    schema: () => import('../schemas').then((m) => m.refillListSchema),
    signal,
  });
}

export const refillsQueryOptions = () =>
  queryOptions({
    queryKey: refillKeys.list(),
    queryFn: ({ signal }) => getRefills(signal),
    staleTime: 0,
  });

export function useRefills() {
  return useQuery(refillsQueryOptions());
}
