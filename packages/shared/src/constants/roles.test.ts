import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLE,
  ROLE_IDS,
  STAFF_ROLE_IDS,
  can,
  isAdminRole,
  isStaffRole,
  permissionsOf,
  roleLabel,
  type Permission,
} from './roles';

describe('the role table (issue 32)', () => {
  it.each<[string, number, Permission, boolean]>([
    ['the owner', ROLE.ADMIN, 'staff.manage', true],
    ['the owner', ROLE.ADMIN, 'money.view', true],
    ['a member', ROLE.MEMBER, 'orders.view', false],
    ['a pharmacist', ROLE.PHARMACIST, 'prescriptions.review', true],
    ['a pharmacist', ROLE.PHARMACIST, 'patients.view', true],
    ['a pharmacist', ROLE.PHARMACIST, 'money.view', false],
    ['a pharmacist', ROLE.PHARMACIST, 'orders.fulfil', false],
    ['a packer', ROLE.PACKER, 'orders.view', true],
    ['a packer', ROLE.PACKER, 'orders.fulfil', true],
    ['a packer', ROLE.PACKER, 'orders.cancel', false],
    ['a packer', ROLE.PACKER, 'prescriptions.review', false],
    ['a packer', ROLE.PACKER, 'patients.view', false],
    ['a packer', ROLE.PACKER, 'money.view', false],
    ['support', ROLE.SUPPORT, 'orders.cancel', true],
    ['support', ROLE.SUPPORT, 'returns.manage', true],
    ['support', ROLE.SUPPORT, 'money.view', true],
    ['support', ROLE.SUPPORT, 'catalog.manage', false],
    ['support', ROLE.SUPPORT, 'coupons.manage', false],
    ['support', ROLE.SUPPORT, 'inventory.manage', false],
    ['support', ROLE.SUPPORT, 'staff.manage', false],
    ['support', ROLE.SUPPORT, 'prescriptions.review', false],
  ])('%s (role %i) and %s: %s', (_who, roleId, permission, expected) => {
    expect(can(roleId, permission)).toBe(expected);
  });

  it.each([0, 6, -1, 1.5, null, undefined])('gives an unknown role (%s) nothing', (roleId) => {
    for (const permission of PERMISSIONS) expect(can(roleId, permission)).toBe(false);
    expect(permissionsOf(roleId)).toEqual([]);
    expect(isStaffRole(roleId)).toBe(false);
    expect(roleLabel(roleId)).toBe('Member');
  });

  it('gives the owner every permission and only the owner staff management', () => {
    expect(permissionsOf(ROLE.ADMIN)).toEqual(PERMISSIONS);
    for (const roleId of ROLE_IDS) expect(can(roleId, 'staff.manage')).toBe(roleId === ROLE.ADMIN);
  });

  it('holds orders.view for every member of staff (the dashboard is theirs)', () => {
    for (const roleId of ROLE_IDS) expect(can(roleId, 'orders.view')).toBe(roleId !== ROLE.MEMBER);
  });

  it('names staff roles and labels', () => {
    expect(STAFF_ROLE_IDS.every(isStaffRole)).toBe(true);
    expect(isStaffRole(ROLE.ADMIN)).toBe(true);
    expect(isStaffRole(ROLE.MEMBER)).toBe(false);
    expect(isAdminRole(ROLE.ADMIN)).toBe(true);
    expect(isAdminRole(ROLE.PHARMACIST)).toBe(false);
    expect(ROLE_IDS.map(roleLabel)).toEqual(['Admin', 'Member', 'Pharmacist', 'Packer', 'Support']);
  });
});
