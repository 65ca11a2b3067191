import { queryKeyRoots } from '../../../lib/query-keys';

/**
 * Pharmacist review keys, under 'user' (signing out drops them). A decision also invalidates the
 * order views and the checkout page (their roots in lib/query-keys).
 */
export const reviewKeys = {
  all: queryKeyRoots.prescriptionReview,
  prescriptions: (orderId: number) => [...reviewKeys.all, 'prescriptions', orderId] as const,
  order: (orderId: number) => [...reviewKeys.all, 'order', orderId] as const,
  file: (fileId: number) => [...reviewKeys.all, 'file', fileId] as const,
  queue: (page: number) => [...reviewKeys.all, 'queue', page] as const,
};

export const otherOrderKeys = [queryKeyRoots.orders, queryKeyRoots.checkout] as const;
