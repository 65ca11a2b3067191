import { userQueryKey } from '../../../lib/auth';

/** Coupon keys, under 'user' so signing out drops them. */
export const couponKeys = {
  all: [...userQueryKey, 'coupons'] as const,
  list: (page: number) => [...couponKeys.all, 'list', page] as const,
  divisions: () => [...couponKeys.all, 'divisions'] as const,
};
