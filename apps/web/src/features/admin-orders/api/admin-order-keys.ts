import { userQueryKey } from '../../../lib/auth';

/**
 * Pharmacist review keys, under 'user' (signing out drops them). A decision also invalidates the
 * order views (`['user', 'orders']`) and the checkout page (`['user', 'checkout']`).
 */
export const reviewKeys = {
  all: [...userQueryKey, 'prescription-review'] as const,
  prescriptions: (orderId: number) => [...reviewKeys.all, 'prescriptions', orderId] as const,
  order: (orderId: number) => [...reviewKeys.all, 'order', orderId] as const,
  file: (fileId: number) => [...reviewKeys.all, 'file', fileId] as const,
  queue: (page: number) => [...reviewKeys.all, 'queue', page] as const,
};

export const otherOrderKeys = [
  [...userQueryKey, 'orders'],
  [...userQueryKey, 'checkout'],
] as const;
