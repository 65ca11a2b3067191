import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefillCreateInput, RefillResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { refillKeys } from './refill-keys';

/** POST /api/refills: a reminder for a medicine line of one of the customer's own orders. */
export function createRefill(input: RefillCreateInput): Promise<RefillResponse> {
  return api.post('/refills', input, {
    schema: () => import('../schemas').then((m) => m.refillResponseSchema),
  });
}

/** The dialog shows a refusal itself (suppressErrorToast); the order page and My Refills re-read. */
export function useCreateRefill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRefill,
    meta: { suppressErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: refillKeys.all }),
  });
}
