import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactMessageSchema, type ContactMessage } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { contactMessageKeys } from './contact-message-keys';

/** POST /api/contact-messages/{id}/reopen (admin): back to the open tab; asking twice is harmless. */
export function reopenContactMessage(id: number): Promise<ContactMessage> {
  return api.post(`/contact-messages/${id}/reopen`, undefined, { schema: contactMessageSchema });
}

/** One per message card; the lists are refetched before the mutation settles. */
export function useReopenContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessageKeys.all }),
  });
}
