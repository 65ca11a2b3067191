import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  mailPreferencesSchema,
  messageResponseSchema,
  type MailPreferences,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { mailPreferencesKey } from './get-mail-preferences';

const updateMailPreferencesResponseSchema = messageResponseSchema.extend({
  preferences: mailPreferencesSchema,
});

/** PUT /api/user/mail-preferences: turn the order progress mails on or off. */
export function updateMailPreferences(
  input: MailPreferences,
): Promise<{ message: string; preferences: MailPreferences }> {
  return api.put('/user/mail-preferences', input, { schema: updateMailPreferencesResponseSchema });
}

/**
 * The switch moves at once; a refusal puts it back (the error toast says why) and the saved
 * choice from the answer is the one kept.
 */
export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailPreferences,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: mailPreferencesKey });
      const previous = queryClient.getQueryData<MailPreferences>(mailPreferencesKey);
      queryClient.setQueryData<MailPreferences>(mailPreferencesKey, input);
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(mailPreferencesKey, context.previous);
    },
    onSuccess: ({ preferences }) => queryClient.setQueryData(mailPreferencesKey, preferences),
  });
}
