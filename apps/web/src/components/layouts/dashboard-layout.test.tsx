import { describe, expect, it } from 'vitest';
import { ROLE } from '@pharmacy/shared';
import { menuItems } from './dashboard-layout';

const labels = (roleId: number, providerName: string | null = 'Email') =>
  menuItems(roleId, providerName).map((item) => item.label);

/** Pages about one's own shopping that make no sense for a work account. */
const SHOPPER_ONLY = ['My Refills', 'Patients', 'My Prescriptions', 'Rewards', 'Stock Alerts'];
const BACK_OFFICE = [
  'Manufacturers',
  'Salt Compositions',
  'Divisions',
  'Medicine Information',
  'Drug Interactions',
  'Products',
  'Low Stock',
  'Near Expiry',
  'H1 Register',
  'Users',
  'Staff',
  'Prescriptions',
  'Audit Log',
  'Health-data Access',
  'Background Jobs',
  'Messages',
  'Returns',
  'Coupons',
  'Delivery',
];

/** The role's entries in their order, and none of the back office's others. */
function expectMenu(roleId: number, mine: string[]) {
  const shown = labels(roleId);
  expect(shown.filter((label) => mine.includes(label))).toEqual(mine);
  for (const label of BACK_OFFICE.filter((entry) => !mine.includes(entry)))
    expect(shown).not.toContain(label);
}

describe('dashboard side menu by role (issue 32)', () => {
  it('gives a member their own pages only, the profile first and on /dashboard', () => {
    expectMenu(ROLE.MEMBER, [
      'My Profile',
      'Account Security',
      'Address',
      'Orders',
      ...SHOPPER_ONLY,
    ]);
    expect(menuItems(ROLE.MEMBER, 'Email')[0]).toMatchObject({
      label: 'My Profile',
      to: '/dashboard',
    });
    expect(labels(ROLE.MEMBER)).not.toContain('Dashboard');
    expect(labels(ROLE.MEMBER)).not.toContain('All Orders');
  });

  it('gives the owner every entry, the shopper pages too, and All Orders', () => {
    expectMenu(ROLE.ADMIN, [
      'Dashboard',
      'My Profile',
      'Account Security',
      'Address',
      'Orders',
      ...SHOPPER_ONLY,
      'All Orders',
      ...BACK_OFFICE,
    ]);
  });

  it('gives a packer the dashboard and the orders, nothing of the back office', () => {
    expectMenu(ROLE.PACKER, [
      'Dashboard',
      'My Profile',
      'Account Security',
      'Address',
      'Orders',
      'All Orders',
    ]);
    for (const label of SHOPPER_ONLY) expect(labels(ROLE.PACKER)).not.toContain(label);
    expect(menuItems(ROLE.PACKER, 'Email')[0]).toMatchObject({
      label: 'Dashboard',
      to: '/dashboard',
    });
  });

  it('gives a pharmacist the clinical screens', () => {
    expectMenu(ROLE.PHARMACIST, [
      'Dashboard',
      'All Orders',
      'Medicine Information',
      'Drug Interactions',
      'H1 Register',
      'Prescriptions',
    ]);
    for (const label of SHOPPER_ONLY) expect(labels(ROLE.PHARMACIST)).not.toContain(label);
  });

  it('gives support the customers, the inbox and the returns', () => {
    expectMenu(ROLE.SUPPORT, ['Dashboard', 'All Orders', 'Users', 'Messages', 'Returns']);
    for (const label of SHOPPER_ONLY) expect(labels(ROLE.SUPPORT)).not.toContain(label);
  });

  it('leaves Account Security out for a Google account, and treats an unknown role as a member', () => {
    expect(labels(ROLE.PACKER, 'Google')).not.toContain('Account Security');
    expect(labels(99)).toEqual(labels(ROLE.MEMBER));
  });
});
