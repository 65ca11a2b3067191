import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsentsResponse,
  ConsentsUpdate,
  DeleteAccountInput,
  DeleteAccountResponse,
  SignOutEverywhereResponse,
  UnsubscribeResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { renewSessionToken } from '../../../lib/auth';
import { downloadWithSession } from '../../../lib/download-file';
import { userQueryKey } from '../../../lib/query-keys';

const schemas = () => import('../schemas');

/** The signed-in customer's consents (issue 32); signing out drops them with the 'user' keys. */
export const consentsKey = [...userQueryKey, 'consents'] as const;

export const consentsQueryOptions = () =>
  queryOptions({
    queryKey: consentsKey,
    queryFn: ({ signal }): Promise<ConsentsResponse> =>
      api.get('/user/consents', {
        schema: () => schemas().then((m) => m.consentsResponseSchema),
        signal,
      }),
  });

export const useConsents = () => useQuery(consentsQueryOptions());

/**
 * PUT /api/user/consents. The switch moves at once; a refusal puts it back (the error toast says
 * why) and the answer, the consents now in force, is the one kept.
 */
export function useUpdateConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentsUpdate): Promise<ConsentsResponse> =>
      api.put('/user/consents', input, {
        schema: () => schemas().then((m) => m.consentsResponseSchema),
      }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: consentsKey });
      const previous = queryClient.getQueryData<ConsentsResponse>(consentsKey);
      if (previous)
        queryClient.setQueryData<ConsentsResponse>(consentsKey, {
          consents: previous.consents.map((consent) => ({
            ...consent,
            granted: input[consent.kind] ?? consent.granted,
          })),
        });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(consentsKey, context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(consentsKey, answer),
  });
}

/** GET /api/user/my-data, handed to the browser as a download; answers the file's name. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: () =>
      downloadWithSession('/api/user/my-data', {
        accept: 'application/zip',
        fallbackName: 'medikart-my-data.zip',
        failure: 'Your data could not be downloaded. Please try again.',
      }),
  });
}

/** Every other session ends; this one carries on with the fresh token of the answer. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<SignOutEverywhereResponse> =>
      api.post('/user/sign-out-everywhere', undefined, {
        schema: () => schemas().then((m) => m.signOutEverywhereResponseSchema),
      }),
    onSuccess: ({ token }) => renewSessionToken(queryClient, token),
  });
}

/** The dialog shows a refusal itself (wrong password, open order). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput): Promise<DeleteAccountResponse> =>
      api.post('/user/delete-account', input, {
        schema: () => schemas().then((m) => m.deleteAccountResponseSchema),
      }),
    meta: { suppressErrorToast: true },
  });
}

/** POST /api/unsubscribe (no sign-in): a marketing mail's link withdraws its consent. */
export function useUnsubscribeConsent() {
  return useMutation({
    mutationFn: (token: string): Promise<UnsubscribeResponse> =>
      api.post(
        '/unsubscribe',
        { token },
        { schema: () => schemas().then((m) => m.unsubscribeResponseSchema) },
      ),
    meta: { suppressErrorToast: true },
  });
}
