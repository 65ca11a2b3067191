import { userQueryKey } from '../../../lib/auth';

/** Audit keys, under 'user' so signing out drops them. */
export const auditKeys = {
  all: [...userQueryKey, 'audit'] as const,
  list: (params: object) => [...auditKeys.all, 'list', params] as const,
  verification: () => [...auditKeys.all, 'verify'] as const,
};
