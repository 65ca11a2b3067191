import { queryKeyRoots } from '../../../lib/query-keys';

/** Contact inbox keys, under 'user' so signing out drops them. */
export const contactMessageKeys = {
  all: queryKeyRoots.contactMessages,
  list: (params: object) => [...contactMessageKeys.all, 'list', params] as const,
};
