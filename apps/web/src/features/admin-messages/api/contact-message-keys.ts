import { userQueryKey } from '../../../lib/auth';

/** Contact inbox keys, under 'user' so signing out drops them. */
export const contactMessageKeys = {
  all: [...userQueryKey, 'contact-messages'] as const,
  list: (params: object) => [...contactMessageKeys.all, 'list', params] as const,
};
