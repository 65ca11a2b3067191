import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE, type Permission } from '@pharmacy/shared';
import { reloadSession } from '../../lib/auth-session';
import { mockApi, settingsResponse } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { RequirePermission } from './require-permission';

const profile = (roleId: number) => ({
  id: 5,
  name: 'Priya Staff',
  email: 'priya@example.com',
  phoneNumber: '9876543210',
  roleId,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
});

function signInAs(roleId: number) {
  window.localStorage.setItem('token', 'staff-token');
  reloadSession();
  mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: profile(roleId) },
  });
}

function renderGuarded(permission: Permission | 'staff') {
  renderWithProviders(
    <RequirePermission permission={permission}>
      <p>The guarded screen</p>
    </RequirePermission>,
  );
}

describe('RequirePermission (issue 32)', () => {
  it.each<[string, number, Permission | 'staff']>([
    ['the owner', ROLE.ADMIN, 'audit.view'],
    ['a packer', ROLE.PACKER, 'orders.fulfil'],
    ['a pharmacist', ROLE.PHARMACIST, 'prescriptions.review'],
    ['support', ROLE.SUPPORT, 'support.inbox'],
    ['a packer', ROLE.PACKER, 'staff'],
  ])('shows the screen to %s with %s', async (_who, roleId, permission) => {
    signInAs(roleId);
    renderGuarded(permission);
    expect(await screen.findByText('The guarded screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it.each<[string, number, Permission | 'staff']>([
    ['a packer', ROLE.PACKER, 'catalog.manage'],
    ['a packer', ROLE.PACKER, 'money.view'],
    ['a pharmacist', ROLE.PHARMACIST, 'returns.manage'],
    ['support', ROLE.SUPPORT, 'prescriptions.review'],
    ['a member', ROLE.MEMBER, 'orders.view'],
    ['a member', ROLE.MEMBER, 'staff'],
  ])('shows %s without %s the not-found page', async (_who, roleId, permission) => {
    signInAs(roleId);
    renderGuarded(permission);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('The guarded screen')).toBeNull();
  });

  it('shows a signed-out visitor the not-found page', async () => {
    window.localStorage.removeItem('token');
    reloadSession();
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    renderGuarded('orders.view');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
