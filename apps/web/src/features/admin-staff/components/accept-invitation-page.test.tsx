import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, ROLE, STAFF_MESSAGES } from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const preview = {
  name: 'Ravi Packer',
  email: 'ravi@example.com',
  roleId: ROLE.PACKER,
  roleLabel: 'Packer',
  invitedByName: 'Asha Admin',
  expiresAt: '2026-11-30T10:00:00.000Z',
};
const profile = {
  id: 7,
  name: 'Ravi Packer',
  email: 'ravi@example.com',
  phoneNumber: null,
  roleId: ROLE.PACKER,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};
const gone = (message: string) => ({
  status: 410,
  body: { statusCode: 410, error: 'Gone', message },
});

describe('accept invitation page (issue 32)', () => {
  it('shows the invitation, checks the password twice, signs in and opens the dashboard', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/staff/invitations/abc123': { body: preview },
      'POST /api/staff/invitations/accept': { body: { token: 'new-session', user: profile } },
      'GET /api/user/myProfile': { body: profile },
      'GET /api/dashboard': { body: {} },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/accept-invitation?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ravi Packer' })).toBeTruthy();
    expect(screen.getByText('Packer')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Accept invitation' });
    await user.type(within(form).getByLabelText('Password'), 'packing1');
    await user.type(within(form).getByLabelText('Confirm password'), 'packing2');
    await user.click(within(form).getByRole('button', { name: 'Set password and sign in' }));
    expect(await within(form).findByText(MESSAGES.passwordsMismatch)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/staff/invitations/accept')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Confirm password'));
    await user.type(within(form).getByLabelText('Confirm password'), 'packing1');
    await user.click(within(form).getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', '/api/staff/invitations/accept')[0]?.[1]?.body)),
    ).toEqual({ token: 'abc123', password: 'packing1' });
    expect(window.localStorage.getItem('token')).toBe('new-session');
  });

  it('says why a used link no longer works', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/staff/invitations/used': gone(STAFF_MESSAGES.invitationAccepted),
    });
    renderApp('/accept-invitation?token=used');
    expect(await screen.findByText(STAFF_MESSAGES.invitationAccepted)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Accept invitation' })).toBe(null);
  });

  it('says the link is not valid without a token', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    renderApp('/accept-invitation');
    expect(await screen.findByText(STAFF_MESSAGES.invitationNotFound)).toBeTruthy();
  });
});
