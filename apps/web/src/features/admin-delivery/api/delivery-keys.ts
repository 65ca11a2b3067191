import { userQueryKey } from '../../../lib/query-keys';

/**
 * The admin's delivery areas and dispatch calendar (issue 29), under 'user' so signing out drops
 * them. Not the shopper's estimates (features/delivery), which are public and keyed apart.
 */
export const adminDeliveryKeys = {
  all: [...userQueryKey, 'admin-delivery'] as const,
  areas: (query: { pincode: string; page: number }) =>
    [...adminDeliveryKeys.all, 'areas', query] as const,
  calendar: () => [...adminDeliveryKeys.all, 'calendar'] as const,
};
