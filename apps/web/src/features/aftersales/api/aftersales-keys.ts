import { userQueryKey } from '../../../lib/auth';

/** After-sales queries sit under the user's key, so signing out drops them (lib/auth). */
export const aftersalesKeys = {
  all: [...userQueryKey, 'after-sales'] as const,
  order: (orderId: number) => [...aftersalesKeys.all, 'order', orderId] as const,
};

/**
 * The order feature's queries (list and detail) start with this key; features do not import each
 * other, so the prefix is named here: a cancellation or an address change re-reads them.
 */
export const orderViewsKey = [...userQueryKey, 'orders'] as const;

/** The address book's queries (features/account), read by the address change. */
export const addressBookKey = [...userQueryKey, 'addresses', 'list'] as const;
