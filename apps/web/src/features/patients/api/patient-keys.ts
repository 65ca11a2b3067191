import { patientListKey, queryKeyRoots } from '../../../lib/query-keys';

/** The patients' keys start with 'user', so signing out drops them. */
export const patientKeys = {
  all: queryKeyRoots.patients,
  list: () => patientListKey,
};
