import { userQueryKey } from '../../../lib/auth';

/** Address queries sit under the user's key, so signing out drops them (lib/auth). */
export const addressKeys = {
  all: [...userQueryKey, 'addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
  detail: (id: number) => [...addressKeys.all, 'detail', id] as const,
};
