import { useMutation } from '@tanstack/react-query';
import type { NewsletterInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

/** POST /api/site/newsletter (DECISIONS: sign-ups are stored; an address subscribes once). */
export function subscribeNewsletter(input: NewsletterInput): Promise<{ message: string }> {
  return api.post('/site/newsletter', input, {
    schema: () => import('../schemas').then((m) => m.messageResponseSchema),
  });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
