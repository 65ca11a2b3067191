import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ContactInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

/** POST /api/site/contact (DECISIONS: contact messages are stored, never silently lost). */
export function sendContactMessage(input: ContactInput): Promise<{ message: string }> {
  return api.post('/site/contact', input, { schema: messageResponseSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
