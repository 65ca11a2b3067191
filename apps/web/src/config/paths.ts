/**
 * Every route of spec §2 once, plus the aliases of DECISIONS. Components link with getHref;
 * the router registers `path`.
 */
type Id = number | string;

/** Issue 18: the admin order list's filters (statusId 0 or absent: every status). */
export interface AdminOrderQuery {
  statusId?: number;
  from?: string;
  to?: string;
  prescriptionPending?: 'true';
  overdue?: 'true';
  /** Issue 29 dispatch desk: not dispatched yet, promised for today (India). */
  dueToday?: 'true';
  /** Issue 29 dispatch desk: not delivered yet, promised before today (India). */
  late?: 'true';
}

export type FilterKey = 'divisionId' | 'manufacturerId' | 'saltCompositionId';

export interface ShopQuery {
  search?: string;
  divisionId?: Id;
  manufacturerId?: Id;
  saltCompositionId?: Id;
}

function withQuery(path: string, query: Record<string, Id | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  shop: { path: '/shop', getHref: (query: ShopQuery = {}) => withQuery('/shop', { ...query }) },
  /** DECISIONS alias: the shop filtered by one manufacturer. */
  shopBrand: { path: '/shop/brand/:id', getHref: (id: Id) => `/shop/brand/${id}` },
  product: { path: '/product/:id', getHref: (id: Id) => `/product/${id}` },
  login: {
    path: '/login',
    getHref: (type: 'login' | 'signup' = 'login') => withQuery('/login', { type }),
  },
  /** DECISIONS alias of /login. */
  auth: { path: '/auth', getHref: (type: 'login' | 'signup' = 'login') => `/auth?type=${type}` },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => withQuery('/reset-password', { token }),
  },
  /** Issue 32: the link of a staff invitation's mail. */
  acceptInvitation: {
    path: '/accept-invitation',
    getHref: (token?: string) => withQuery('/accept-invitation', { token }),
  },
  contact: { path: '/contact', getHref: () => '/contact' },
  about: { path: '/about', getHref: () => '/about' },
  faq: { path: '/faq', getHref: () => '/faq' },
  divisions: { path: '/divisions', getHref: () => '/divisions' },
  manufacturers: { path: '/manufacturers', getHref: () => '/manufacturers' },
  saltCompositions: { path: '/salt-compositions', getHref: () => '/salt-compositions' },
  /** Issue 30: a salt composition's medicine information page. */
  medicine: { path: '/medicine/:slug', getHref: (slug: string) => `/medicine/${slug}` },
  order: { path: '/order/:id', getHref: (id: Id) => `/order/${id}` },
  orderProcess: {
    path: '/order/process/:orderId',
    getHref: (orderId: Id) => `/order/process/${orderId}`,
  },
  orderSuccess: {
    path: '/order/success/:orderId',
    getHref: (orderId: Id) => `/order/success/${orderId}`,
  },
  /** Issue 17: a refill reminder mail's link, which puts the refill in the cart after sign-in. */
  refill: { path: '/refill/:id', getHref: (id: Id) => `/refill/${id}` },
  /** Issue 17: a refill reminder mail's unsubscribe link (no sign-in; the token says which). */
  unsubscribe: {
    path: '/unsubscribe',
    getHref: (token?: string) => withQuery('/unsubscribe', { token }),
  },
  /**
   * Issue 32: the screen after an account is deleted (the customer was just signed out; the
   * answer rides in the history entry, not the address). Private to crawlers.
   */
  accountDeleted: { path: '/account-deleted', getHref: () => '/account-deleted' },
  notFound: { path: '/404', getHref: () => '/404' },
  /** Issue 15: the stock lists as first named, under /admin; they redirect to the dashboard's. */
  adminInventoryAlias: { path: '/admin/inventory', getHref: () => '/admin/inventory' },
  /** Issue 29: the delivery screens as first named, under /admin; they redirect to the dashboard's. */
  adminDeliveryAlias: {
    path: '/admin/delivery',
    getHref: (screen: 'areas' | 'calendar' = 'areas') => `/admin/delivery/${screen}`,
  },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    /** Issue 18: My Profile, for admins whose /dashboard is the operations dashboard. */
    profile: { path: '/dashboard/profile', getHref: () => '/dashboard/profile' },
    security: { path: '/dashboard/security', getHref: () => '/dashboard/security' },
    address: { path: '/dashboard/address', getHref: () => '/dashboard/address' },
    addressAdd: { path: '/dashboard/address/add', getHref: () => '/dashboard/address/add' },
    addressEdit: {
      path: '/dashboard/address/edit/:id',
      getHref: (id: Id) => `/dashboard/address/edit/${id}`,
    },
    orders: { path: '/dashboard/orders', getHref: () => '/dashboard/orders' },
    /** Issue 17: the customer's refill reminders. */
    refills: { path: '/dashboard/refills', getHref: () => '/dashboard/refills' },
    /** Issue 31: the people a member orders for (self and family), chosen with a prescription. */
    patients: { path: '/dashboard/patients', getHref: () => '/dashboard/patients' },
    /** Issue 31: the member's saved prescriptions, their validity and what remains. */
    myPrescriptions: {
      path: '/dashboard/my-prescriptions',
      getHref: () => '/dashboard/my-prescriptions',
    },
    /** Issue 19: the member's loyalty points. */
    rewards: { path: '/dashboard/rewards', getHref: () => '/dashboard/rewards' },
    /** Issue 17: the shopper's 'Notify me when available' requests. */
    stockAlerts: { path: '/dashboard/stock-alerts', getHref: () => '/dashboard/stock-alerts' },
    /** Issue 32: the customer's data, e-mail consents, sessions and account. */
    privacy: { path: '/dashboard/privacy', getHref: () => '/dashboard/privacy' },
    /** Issue 18: the filters ride in the query, so the dashboard's queues link to them. */
    ordersAll: {
      path: '/dashboard/orders/all',
      getHref: (query: AdminOrderQuery = {}) => withQuery('/dashboard/orders/all', { ...query }),
    },
    ordersCustomer: {
      path: '/dashboard/orders/customers/:userId',
      getHref: (userId: Id) => `/dashboard/orders/customers/${userId}`,
    },
    manufacturers: { path: '/dashboard/manufacturers', getHref: () => '/dashboard/manufacturers' },
    manufacturerAdd: {
      path: '/dashboard/manufacturers/add',
      getHref: () => '/dashboard/manufacturers/add',
    },
    manufacturerEdit: {
      path: '/dashboard/manufacturers/edit/:id',
      getHref: (id: Id) => `/dashboard/manufacturers/edit/${id}`,
    },
    divisions: { path: '/dashboard/divisions', getHref: () => '/dashboard/divisions' },
    divisionAdd: { path: '/dashboard/divisions/add', getHref: () => '/dashboard/divisions/add' },
    divisionEdit: {
      path: '/dashboard/divisions/edit/:id',
      getHref: (id: Id) => `/dashboard/divisions/edit/${id}`,
    },
    saltCompositions: {
      path: '/dashboard/salt-compositions',
      getHref: () => '/dashboard/salt-compositions',
    },
    saltCompositionAdd: {
      path: '/dashboard/salt-compositions/add',
      getHref: () => '/dashboard/salt-compositions/add',
    },
    saltCompositionEdit: {
      path: '/dashboard/salt-compositions/edit/:id',
      getHref: (id: Id) => `/dashboard/salt-compositions/edit/${id}`,
    },
    /** DECISIONS: the seed spelling stays reachable and redirects to the canonical route. */
    saltCompositionsAlias: {
      path: '/dashboard/salt-composision',
      getHref: () => '/dashboard/salt-composision',
    },
    products: { path: '/dashboard/product', getHref: () => '/dashboard/product' },
    productAdd: { path: '/dashboard/product/add', getHref: () => '/dashboard/product/add' },
    /** Issue 18 point 4: a catalogue CSV, previewed then imported. */
    productImport: {
      path: '/dashboard/product/import',
      getHref: () => '/dashboard/product/import',
    },
    productEdit: {
      path: '/dashboard/product/edit/:id',
      /** `section` jumps to a part of the page: 'stock' is its Stock section (issue 15). */
      getHref: (id: Id, section?: 'stock') =>
        `/dashboard/product/edit/${id}${section ? `#${section}` : ''}`,
      stockSectionId: 'stock',
    },
    /** Issue 15 stock lists (admin). */
    lowStock: {
      path: '/dashboard/inventory/low-stock',
      getHref: () => '/dashboard/inventory/low-stock',
    },
    nearExpiry: {
      path: '/dashboard/inventory/near-expiry',
      getHref: (days?: number) => withQuery('/dashboard/inventory/near-expiry', { days }),
    },
    /** Issue 16: the Schedule H1 register (admin), for a period (yyyy-MM-dd, both included). */
    register: {
      path: '/dashboard/register',
      getHref: (range?: { from: string; to: string }) =>
        withQuery('/dashboard/register', { from: range?.from, to: range?.to }),
    },
    users: { path: '/dashboard/users', getHref: () => '/dashboard/users' },
    /** Issue 32: the owner's staff — invitations, roles, deactivation. */
    staff: { path: '/dashboard/staff', getHref: () => '/dashboard/staff' },
    /** Issue 16 point 7: the audit log and its hash chain check (admin). */
    audit: { path: '/dashboard/audit', getHref: () => '/dashboard/audit' },
    /** Issue 32 point 4: who opened customers' health data (owner). */
    healthAccess: {
      path: '/dashboard/audit/health-access',
      getHref: () => '/dashboard/audit/health-access',
    },
    /** Issue 17: the durable queue's jobs, failed ones to retry (admin). */
    jobs: { path: '/dashboard/jobs', getHref: () => '/dashboard/jobs' },
    /** Issue 18: the Contact Us inbox (admin); `handled` shows the Handled tab. */
    messages: {
      path: '/dashboard/messages',
      getHref: (status?: 'handled') => withQuery('/dashboard/messages', { status }),
    },
    /** Issue 19: coupon codes (admin). */
    coupons: { path: '/dashboard/coupons', getHref: () => '/dashboard/coupons' },
    /** Issue 19: the returns queue (admin), a tab per status; and one request. */
    returns: {
      path: '/dashboard/returns',
      getHref: (status?: string) => withQuery('/dashboard/returns', { status }),
    },
    returnRequest: {
      path: '/dashboard/returns/:id',
      getHref: (id: number) => `/dashboard/returns/${id}`,
    },
    /** Issue 29: where the shop delivers (admin); /dashboard/delivery opens the areas. */
    delivery: { path: '/dashboard/delivery', getHref: () => '/dashboard/delivery' },
    /** The delivery areas, looked up by a pincode (or its first digits). */
    deliveryAreas: {
      path: '/dashboard/delivery/areas',
      getHref: (pincode?: string) => withQuery('/dashboard/delivery/areas', { pincode }),
    },
    /** The dispatch calendar: working days, the daily cut-off, holidays. */
    deliveryCalendar: {
      path: '/dashboard/delivery/calendar',
      getHref: () => '/dashboard/delivery/calendar',
    },
    /** The couriers parcels leave with, each with its tracking page. */
    deliveryCouriers: {
      path: '/dashboard/delivery/couriers',
      getHref: () => '/dashboard/delivery/couriers',
    },
    /** Issue 30: medicine information of each salt (admin): drafts and the pharmacist's review. */
    medicines: {
      path: '/dashboard/medicines',
      getHref: (query: { status?: string; search?: string; page?: number } = {}) =>
        withQuery('/dashboard/medicines', { ...query }),
    },
    medicineEdit: {
      path: '/dashboard/medicines/:slug',
      getHref: (slug: string) => `/dashboard/medicines/${slug}`,
    },
    /** Issue 31 point 4: the drug interaction table (admin): search, edit, CSV import. */
    interactions: {
      path: '/dashboard/interactions',
      getHref: (query: { search?: string; severity?: string; page?: number } = {}) =>
        withQuery('/dashboard/interactions', { ...query }),
    },
    /** Pharmacist review queue (DECISIONS): orders Waiting To Accept. */
    prescriptions: { path: '/dashboard/prescriptions', getHref: () => '/dashboard/prescriptions' },
  },
} as const;
