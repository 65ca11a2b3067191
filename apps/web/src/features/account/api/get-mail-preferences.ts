import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailPreferencesSchema, type MailPreferences } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';

export const mailPreferencesKey = queryKeyRoots.mailPreferences;

/** GET /api/user/mail-preferences: which optional e-mails the signed-in user gets (issue 17). */
export function getMailPreferences(signal?: AbortSignal): Promise<MailPreferences> {
  return api.get('/user/mail-preferences', { schema: mailPreferencesSchema, signal });
}

export const mailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: mailPreferencesKey,
    queryFn: ({ signal }) => getMailPreferences(signal),
  });

export function useMailPreferences() {
  return useQuery(mailPreferencesQueryOptions());
}
