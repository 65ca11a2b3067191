import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE, STAFF_MESSAGES } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { signInAsAdmin, testAdmin } from '../../../testing/admin-session';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const packer = {
  id: 7,
  name: 'Ravi Packer',
  email: 'ravi@example.com',
  roleId: ROLE.PACKER,
  deactivatedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const list = {
  staff: [
    {
      id: testAdmin.id,
      name: testAdmin.name,
      email: testAdmin.email,
      roleId: ROLE.ADMIN,
      deactivatedAt: null,
      createdAt: '2025-01-06T10:00:00.000Z',
    },
    packer,
  ],
  invitations: [
    {
      id: 3,
      name: 'Meera Shah',
      email: 'meera@example.com',
      roleId: ROLE.PHARMACIST,
      invitedByName: testAdmin.name,
      createdAt: '2026-11-27T10:00:00.000Z',
      expiresAt: '2026-11-30T10:00:00.000Z',
      expired: false,
    },
  ],
};

describe('Staff page (issue 32)', () => {
  it('lists the staff and the open invitations; the owner has no role select', async () => {
    signInAsAdmin({ 'GET /api/staff': { body: list } });
    renderApp('/dashboard/staff');
    const accounts = await screen.findByRole('region', { name: 'Accounts' });
    expect(within(accounts).getByText('Owner')).toBeTruthy();
    expect(within(accounts).queryByRole('combobox', { name: `Role of ${testAdmin.name}` })).toBe(
      null,
    );
    expect(
      (within(accounts).getByRole('combobox', { name: 'Role of Ravi Packer' }) as HTMLSelectElement)
        .value,
    ).toBe(String(ROLE.PACKER));
    const invitations = screen.getByRole('region', { name: 'Open invitations' });
    expect(within(invitations).getByText('meera@example.com')).toBeTruthy();
    expect(within(invitations).getByText('Pharmacist')).toBeTruthy();
  });

  it('invites, and shows the server sentence when the e-mail is already staff', async () => {
    let attempts = 0;
    const fetchMock = signInAsAdmin({
      'GET /api/staff': { body: list },
      'POST /api/staff/invitations': ({ body }) => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 409,
              body: { statusCode: 409, error: 'Conflict', message: STAFF_MESSAGES.emailIsStaff },
            }
          : {
              status: 201,
              body: { ...list.invitations[0], id: 4, ...(body as object), invitedByName: null },
            };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const form = screen.getByRole('form', { name: 'Invite a member of staff' });
    await user.type(within(form).getByLabelText('Name'), 'Asha Support');
    await user.type(within(form).getByLabelText('Email'), 'asha@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Support');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(STAFF_MESSAGES.emailIsStaff)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Invite a member of staff' })).toBe(null),
    );
    const sent = callsTo(fetchMock, 'POST', '/api/staff/invitations').map(([, init]) =>
      JSON.parse(String(init?.body)),
    );
    expect(sent.at(-1)).toEqual({
      name: 'Asha Support',
      email: 'asha@example.com',
      roleId: ROLE.SUPPORT,
    });
  });

  it('changes a role at once and deactivates after a confirmation', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/staff': { body: list },
      'PUT /api/staff/7/role': { body: { ...packer, roleId: ROLE.SUPPORT } },
      'POST /api/staff/7/deactivate': {
        body: { ...packer, deactivatedAt: '2026-11-28T10:00:00.000Z' },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/staff');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Ravi Packer' }),
      'Support',
    );
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/staff/7/role')).toHaveLength(1));
    expect(
      JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/staff/7/role')[0]?.[1]?.body)),
    ).toEqual({ roleId: ROLE.SUPPORT });

    await user.click(screen.getByRole('button', { name: 'Deactivate Ravi Packer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate Ravi Packer?' });
    expect(callsTo(fetchMock, 'POST', '/api/staff/7/deactivate')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/staff/7/deactivate')).toHaveLength(1),
    );
  });

  it('revokes an invitation after a confirmation', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/staff': { body: list },
      'DELETE /api/staff/invitations/3': {
        body: { message: STAFF_MESSAGES.invitationRevokedDone },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/staff');
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the invitation of meera@example.com' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE', '/api/staff/invitations/3')).toHaveLength(1),
    );
  });

  it('is the not-found page for staff without staff.manage', async () => {
    window.localStorage.setItem('token', 'packer-token');
    reloadSession();
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/user/myProfile': {
        body: { ...testAdmin, id: 7, roleId: ROLE.PACKER, name: 'Ravi Packer' },
      },
    });
    renderApp('/dashboard/staff');
    expect(await screen.findByText('The page you are looking for was not found.')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/staff')).toHaveLength(0);
  });
});
