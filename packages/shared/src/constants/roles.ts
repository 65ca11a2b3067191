/** DECISIONS: admin is roleId 1, member is roleId 2. */
export const ROLE = { ADMIN: 1, MEMBER: 2 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export function isAdminRole(roleId: number | null | undefined): boolean {
  return roleId === ROLE.ADMIN;
}

/** Spec §2 Account Details role badge. */
export function roleLabel(roleId: number | null | undefined): 'Admin' | 'Member' {
  return isAdminRole(roleId) ? 'Admin' : 'Member';
}

/** DECISIONS: providerName is 'Email' for e-mail sign-ups and 'Google' for Google sign-ins. */
export const PROVIDER = { EMAIL: 'Email', GOOGLE: 'Google' } as const;
export type ProviderName = (typeof PROVIDER)[keyof typeof PROVIDER];

/** Spec §2: Account Security is for accounts whose provider is 'Email' or none recorded. */
export function usesPasswordLogin(providerName: string | null | undefined): boolean {
  return providerName == null || providerName === '' || providerName === PROVIDER.EMAIL;
}
