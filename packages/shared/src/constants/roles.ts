/**
 * DECISIONS: admin is roleId 1, member is roleId 2. Issue 32 adds the staff roles; the admin is
 * the shop's owner and keeps id 1 (decision 0028).
 */
export const ROLE = { ADMIN: 1, MEMBER: 2, PHARMACIST: 3, PACKER: 4, SUPPORT: 5 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS: readonly RoleId[] = [
  ROLE.ADMIN,
  ROLE.MEMBER,
  ROLE.PHARMACIST,
  ROLE.PACKER,
  ROLE.SUPPORT,
];
/** The roles the owner can give a member of staff (the owner's own is not handed out). */
export const STAFF_ROLE_IDS: readonly RoleId[] = [ROLE.PHARMACIST, ROLE.PACKER, ROLE.SUPPORT];

/**
 * Issue 32: what each person working in the shop may do. Routes name one permission each and one
 * guard checks it; screens ask the same table. Never test a role's name in a handler.
 */
export const PERMISSIONS = [
  /** Every order: list, detail (lines, batches, delivery address), parcels, status history. */
  'orders.view',
  /** Packing, dispatch, parcels and tracking, delivery dates, the packing slip. */
  'orders.fulfil',
  /** The pharmacy's cancellation of an order before it is dispatched. */
  'orders.cancel',
  /** Totals, prices, discounts, payments, refunds, invoices. */
  'money.view',
  /** Prescription files, transcription, approval or rejection, interaction overrides. */
  'prescriptions.review',
  /** A patient's record: age, sex, relation, allergies. */
  'patients.view',
  /** The Schedule H1 register. */
  'h1.view',
  /** Medicine information drafts and the pharmacist's publication. */
  'medicines.review',
  /** The drug interaction table. */
  'interactions.manage',
  /** Return requests, refunds and replacements. */
  'returns.manage',
  /** Customers: the user list, one customer's orders and points. */
  'customers.view',
  /** The Contact Us inbox. */
  'support.inbox',
  /** Products, prices, divisions, manufacturers, salts, the catalogue CSV. */
  'catalog.manage',
  /** Stock: receipts, batches, adjustments, write-offs, recalls. */
  'inventory.manage',
  /** Coupons. */
  'coupons.manage',
  /** Delivery areas and calendar, couriers, background jobs. */
  'settings.manage',
  /** Sales reports and the dashboard's figures. */
  'reports.view',
  /** The audit chain and the health-data access log. */
  'audit.view',
  /** Staff: invitations, roles, deactivation. */
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<RoleId, readonly Permission[]>> = {
  [ROLE.ADMIN]: PERMISSIONS,
  [ROLE.MEMBER]: [],
  [ROLE.PHARMACIST]: [
    'orders.view',
    'prescriptions.review',
    'patients.view',
    'h1.view',
    'medicines.review',
    'interactions.manage',
  ],
  [ROLE.PACKER]: ['orders.view', 'orders.fulfil'],
  [ROLE.SUPPORT]: [
    'orders.view',
    'orders.cancel',
    'money.view',
    'returns.manage',
    'customers.view',
    'support.inbox',
  ],
};

const isRoleId = (roleId: number | null | undefined): roleId is RoleId =>
  roleId !== null && roleId !== undefined && Object.hasOwn(ROLE_PERMISSIONS, roleId);

/** Whether a role may do something; an unknown role may do nothing. */
export function can(roleId: number | null | undefined, permission: Permission): boolean {
  return isRoleId(roleId) && ROLE_PERMISSIONS[roleId].includes(permission);
}

/** The permissions of a role, for the screens (an unknown role has none). */
export function permissionsOf(roleId: number | null | undefined): readonly Permission[] {
  return isRoleId(roleId) ? ROLE_PERMISSIONS[roleId] : [];
}

/** Anyone who works in the shop: the owner and the staff roles. */
export function isStaffRole(roleId: number | null | undefined): boolean {
  return isRoleId(roleId) && roleId !== ROLE.MEMBER;
}

/** The owner (today's admin): every permission. */
export function isAdminRole(roleId: number | null | undefined): boolean {
  return roleId === ROLE.ADMIN;
}

export const ROLE_LABELS: Readonly<Record<RoleId, string>> = {
  [ROLE.ADMIN]: 'Admin',
  [ROLE.MEMBER]: 'Member',
  [ROLE.PHARMACIST]: 'Pharmacist',
  [ROLE.PACKER]: 'Packer',
  [ROLE.SUPPORT]: 'Support',
};

/** Spec §2 Account Details role badge ('Admin' is the owner; issue 32 adds the staff roles). */
export function roleLabel(roleId: number | null | undefined): string {
  return isRoleId(roleId) ? ROLE_LABELS[roleId] : 'Member';
}

/** DECISIONS: providerName is 'Email' for e-mail sign-ups and 'Google' for Google sign-ins. */
export const PROVIDER = { EMAIL: 'Email', GOOGLE: 'Google' } as const;
export type ProviderName = (typeof PROVIDER)[keyof typeof PROVIDER];

/** Spec §2: Account Security is for accounts whose provider is 'Email' or none recorded. */
export function usesPasswordLogin(providerName: string | null | undefined): boolean {
  return providerName == null || providerName === '' || providerName === PROVIDER.EMAIL;
}
