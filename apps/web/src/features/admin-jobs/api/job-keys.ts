import { userQueryKey } from '../../../lib/auth';

/** Job keys, under 'user' so signing out drops them. */
export const jobKeys = {
  all: [...userQueryKey, 'jobs'] as const,
  list: (state: string) => [...jobKeys.all, 'list', state] as const,
};
