/**
 * The roots of the query keys, named once. Each feature's key factory (`features/<f>/api/*-keys.ts`)
 * builds its keys on its root; a feature that must refresh another one's queries (a new order makes
 * the order list stale, a stock change the catalogue) invalidates that root from here, since
 * features do not import each other.
 *
 * Keys that belong to the signed-in user start with 'user': signing out drops them (lib/auth).
 */
export const userQueryKey = ['user'] as const;

export const queryKeyRoots = {
  /** Public catalogue answers (shop lists, product pages) and the admin catalogue's. */
  catalog: ['catalog'] as const,
  shopSettings: ['shop-settings'] as const,
  adminDashboard: ['admin-dashboard'] as const,

  profile: [...userQueryKey, 'profile'] as const,
  addresses: [...userQueryKey, 'addresses'] as const,
  mailPreferences: [...userQueryKey, 'mail-preferences'] as const,
  cart: [...userQueryKey, 'cart'] as const,
  checkout: [...userQueryKey, 'checkout'] as const,
  orders: [...userQueryKey, 'orders'] as const,
  afterSales: [...userQueryKey, 'after-sales'] as const,
  returns: [...userQueryKey, 'returns'] as const,
  refills: [...userQueryKey, 'refills'] as const,
  stockAlerts: [...userQueryKey, 'stock-alerts'] as const,
  loyalty: [...userQueryKey, 'loyalty'] as const,
  patients: [...userQueryKey, 'patients'] as const,
  /** Issue 31: saved prescriptions; an upload or a reuse at checkout makes them stale. */
  savedPrescriptions: [...userQueryKey, 'saved-prescriptions'] as const,

  prescriptionReview: [...userQueryKey, 'prescription-review'] as const,
  inventory: [...userQueryKey, 'inventory'] as const,
  compliance: [...userQueryKey, 'compliance'] as const,
  coupons: [...userQueryKey, 'coupons'] as const,
  audit: [...userQueryKey, 'audit'] as const,
  jobs: [...userQueryKey, 'jobs'] as const,
  contactMessages: [...userQueryKey, 'contact-messages'] as const,
  adminUsers: [...userQueryKey, 'admin-users'] as const,
};

/**
 * The address book's list (features/account), which an order's address change (features/aftersales)
 * re-reads too.
 */
export const addressListKey = [...queryKeyRoots.addresses, 'list'] as const;

/**
 * The member's patients (features/patients), which the checkout's prescription step lists too
 * (features/checkout), so a patient added on the way shows there at once.
 */
export const patientListKey = [...queryKeyRoots.patients, 'list'] as const;
