import { queryKeyRoots } from '../../../lib/query-keys';

/** Saved prescriptions' keys start with 'user', so signing out drops them. */
export const savedPrescriptionKeys = {
  all: queryKeyRoots.savedPrescriptions,
  list: () => [...savedPrescriptionKeys.all, 'list'] as const,
};
