import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactMessageSchema, type ContactMessage } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { contactMessageKeys } from './contact-message-keys';

/** POST /api/contact-messages/{id}/handled (admin); asking twice is harmless. */
export function markContactMessageHandled(id: number): Promise<ContactMessage> {
  return api.post(`/contact-messages/${id}/handled`, undefined, { schema: contactMessageSchema });
}

/**
 * One per message card, so each button knows its own pending state. The lists are refetched
 * before the mutation settles: the button stays busy until the message has left its tab.
 */
export function useMarkContactMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactMessageHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessageKeys.all }),
  });
}
