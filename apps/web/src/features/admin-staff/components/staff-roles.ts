import { STAFF_ROLE_IDS, roleLabel } from '@pharmacy/shared';

/** The roles the owner can give, with their labels, for the invite form and the role select. */
export const STAFF_ROLE_CHOICES = STAFF_ROLE_IDS.map((roleId) => ({
  roleId,
  label: roleLabel(roleId),
}));
