import { queryKeyRoots } from '../../../lib/query-keys';

/** Compliance keys, under 'user' so signing out drops them. */
export const complianceKeys = {
  all: queryKeyRoots.compliance,
  register: (params: object) => [...complianceKeys.all, 'register', params] as const,
};
