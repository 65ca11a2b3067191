import { queryKeyRoots } from '../../../lib/query-keys';

/**
 * The checkout queries' keys. They start with 'user', so signing out drops them. A step that
 * changes the order also invalidates the order views' root (lib/query-keys), so the order
 * list and detail show the new status without this feature importing theirs.
 */
export const checkoutKeys = {
  all: queryKeyRoots.checkout,
  order: (orderId: number) => [...checkoutKeys.all, 'order', orderId] as const,
  addresses: () => [...checkoutKeys.all, 'addresses'] as const,
  prescriptions: (orderId: number) => [...checkoutKeys.all, 'prescriptions', orderId] as const,
  savedPrescriptions: (orderId: number) =>
    [...checkoutKeys.all, 'saved-prescriptions', orderId] as const,
  intent: (orderId: number) => [...checkoutKeys.all, 'intent', orderId] as const,
  pricing: (orderId: number) => [...checkoutKeys.all, 'pricing', orderId] as const,
  delivery: (pincode: string) => [...checkoutKeys.all, 'delivery', pincode] as const,
};

/** The order views' root (lib/query-keys). */
export const orderViewsKey = queryKeyRoots.orders;

/** My Prescriptions' root (lib/query-keys): using a saved prescription counts its units. */
export const savedPrescriptionsKey = queryKeyRoots.savedPrescriptions;
