import { userQueryKey } from '../../../lib/auth';

/** Compliance keys, under 'user' so signing out drops them. */
export const complianceKeys = {
  all: [...userQueryKey, 'compliance'] as const,
  register: (params: object) => [...complianceKeys.all, 'register', params] as const,
};
