import { queryKeyRoots } from '../../../lib/query-keys';

/** Coupon keys, under 'user' so signing out drops them. */
export const couponKeys = {
  all: queryKeyRoots.coupons,
  list: (page: number) => [...couponKeys.all, 'list', page] as const,
  divisions: () => [...couponKeys.all, 'divisions'] as const,
};
