import { queryKeyRoots } from '../../../lib/query-keys';

/** Audit keys, under 'user' so signing out drops them. */
export const auditKeys = {
  all: queryKeyRoots.audit,
  list: (params: object) => [...auditKeys.all, 'list', params] as const,
  verification: () => [...auditKeys.all, 'verify'] as const,
};
