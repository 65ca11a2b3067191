import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  returnActionResponseSchema,
  returnQueueItemSchema,
  returnQueueResponseSchema,
  type ReturnActionResponse,
  type ReturnQueueItem,
  type ReturnQueueResponse,
  type ReturnReceiveInput,
  type ReturnRefundInput,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { returnKeys } from './return-keys';

export type ReturnQueueTab =
  'open' | 'requested' | 'approved' | 'received' | 'refunded' | 'replaced' | 'rejected';

/** GET /api/returns (admin): one tab of the queue, oldest first, with counts per status. */
export function getReturnsQueue(
  params: { status: ReturnQueueTab; page: number },
  signal?: AbortSignal,
): Promise<ReturnQueueResponse> {
  return api.get('/returns', { params, schema: returnQueueResponseSchema, signal });
}

export function useReturnsQueue(params: { status: ReturnQueueTab; page: number }) {
  return useQuery(
    queryOptions({
      queryKey: returnKeys.queue(params),
      queryFn: ({ signal }) => getReturnsQueue(params, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

export function useReturnRequest(id: number) {
  return useQuery({
    queryKey: returnKeys.one(id),
    queryFn: ({ signal }): Promise<ReturnQueueItem> =>
      api.get(`/returns/${id}`, { schema: returnQueueItemSchema, signal }),
  });
}

export type ReturnAction =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'receive'; body: ReturnReceiveInput }
  | { action: 'refund'; body: ReturnRefundInput }
  | { action: 'replace'; note?: string };

function bodyOf(input: ReturnAction): object {
  switch (input.action) {
    case 'approve':
      return {};
    case 'reject':
      return { reason: input.reason };
    case 'receive':
    case 'refund':
      return input.body;
    case 'replace':
      return input.note ? { note: input.note } : {};
  }
}

/** POST /api/returns/{id}/{action} (admin); every list and the order's own view are refreshed. */
export function useReturnAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnAction): Promise<ReturnActionResponse> =>
      api.post(`/returns/${id}/${input.action}`, bodyOf(input), {
        schema: returnActionResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnKeys.all }),
  });
}
