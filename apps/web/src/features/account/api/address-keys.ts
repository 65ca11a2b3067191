import { addressListKey, queryKeyRoots } from '../../../lib/query-keys';

/** Address queries sit under the user's key, so signing out drops them (lib/auth). */
export const addressKeys = {
  all: queryKeyRoots.addresses,
  list: () => addressListKey,
  detail: (id: number) => [...addressKeys.all, 'detail', id] as const,
};
