import { useMutation } from '@tanstack/react-query';
import type { RefillUnsubscribeResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/refills/unsubscribe (no sign-in): the mail's signed token pauses its reminder. A POST,
 * never a GET, so a mail scanner that opens the link unsubscribes nobody.
 */
export function unsubscribeRefill(token: string): Promise<RefillUnsubscribeResponse> {
  return api.post(
    '/refills/unsubscribe',
    { token },
    { schema: () => import('../schemas').then((m) => m.refillUnsubscribeResponseSchema) },
  );
}

/** The page shows the answer and any refusal itself. */
export function useUnsubscribeRefill() {
  return useMutation({
    mutationFn: unsubscribeRefill,
    meta: { suppressErrorToast: true },
  });
}
