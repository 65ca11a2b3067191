import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError, getErrorMessage, isAbortError } from './api-client';
import { notify } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Set when the form shows the error itself instead of the error toast. */
      suppressErrorToast?: boolean;
    };
  }
}

/** Client errors (4xx) will not change on a retry; network and 5xx errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failureCount < 2;
}

export const queryConfig = {
  queries: {
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: shouldRetry,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/**
 * Spec §8: a failed action shows the server's message as an error toast. Queries do not toast:
 * their screens show an empty or error state instead (spec §8 list failures store the message).
 */
export function createQueryClient(defaultOptions: DefaultOptions = queryConfig): QueryClient {
  return new QueryClient({
    defaultOptions,
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.suppressErrorToast) return;
        if (isAbortError(error)) return;
        if (error instanceof ApiError && error.handled) return;
        notify.error(getErrorMessage(error));
      },
    }),
  });
}

export const queryClient = createQueryClient();
