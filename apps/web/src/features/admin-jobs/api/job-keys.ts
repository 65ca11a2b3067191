import { queryKeyRoots } from '../../../lib/query-keys';

/** Job keys, under 'user' so signing out drops them. */
export const jobKeys = {
  all: queryKeyRoots.jobs,
  list: (state: string) => [...jobKeys.all, 'list', state] as const,
};
