import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const member = {
  id: 7,
  name: 'Ravi Member',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

function signIn(
  profile: typeof member | (Omit<typeof member, 'providerName'> & { providerName: string | null }),
  routes: Record<
    string,
    MockResponse | ((request: { body: unknown; url: URL }) => MockResponse)
  > = {},
) {
  window.localStorage.setItem('token', 'session-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: profile },
    ...routes,
  });
}

function profileForm() {
  return screen.getByRole('form', { name: 'Edit profile' });
}

function alertTexts(container: HTMLElement) {
  return within(container)
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
}

describe('My Profile', () => {
  it('shows the account details with the role badge', async () => {
    signIn(member);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Account Details' })).toBeTruthy();
    expect(screen.getByText('ravi@example.com')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
  });

  it("shows 'Logged in With Google' for a Google account and hides Account Security", async () => {
    signIn({ ...member, providerName: 'Google' });
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByText('Logged in With Google')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'Account Security' })).toBeNull();
    unmount();

    signIn({ ...member, providerName: 'Google' });
    renderApp('/dashboard/security');
    expect(await screen.findByText('The page you are looking for was not found.')).toBeTruthy();
  });

  it('validates with the spec §5 profile rules', async () => {
    const fetchMock = signIn(member);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByRole('form', { name: 'Edit profile' });
    const form = profileForm();

    await user.clear(within(form).getByLabelText('Name'));
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'ravi@');
    await user.clear(within(form).getByLabelText('Phone number'));
    await user.type(within(form).getByLabelText('Phone number'), '12ab');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(alertTexts(form)).toEqual([
        'Name is required.',
        'Enter a valid email address.',
        'Enter a valid phone number.',
      ]),
    );
    await user.clear(within(form).getByLabelText('Phone number'));
    await waitFor(() => expect(alertTexts(form)).toContain('Phone number is required.'));
    expect(callsTo(fetchMock, 'PUT', '/api/user/updateMyProfile')).toHaveLength(0);
  });

  it('saves, toasts and shows the new name in the header', async () => {
    const fetchMock = signIn(member, {
      'PUT /api/user/updateMyProfile': ({ body }) => ({
        body: {
          message: 'Profile updated successfully',
          user: { ...member, ...(body as object) },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByRole('form', { name: 'Edit profile' });
    const name = within(profileForm()).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ravi Kumar');
    await user.clear(within(profileForm()).getByLabelText('Phone number'));
    await user.type(within(profileForm()).getByLabelText('Phone number'), '+91 98765-43210');
    await user.click(within(profileForm()).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Ravi Kumar' })).toBeTruthy();
    expect(
      JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/user/updateMyProfile')[0]?.[1]?.body)),
    ).toEqual({ name: 'Ravi Kumar', email: 'ravi@example.com', phoneNumber: '+91 98765-43210' });
  });

  it('lets an admin save, check and clear a pharmacist registration number (issue 16)', async () => {
    const admin = { ...member, id: 1, name: 'Asha Admin', roleId: 1 };
    const fetchMock = signIn(admin, {
      'PUT /api/user/updateMyProfile': ({ body }) => ({
        body: {
          message: 'Profile updated successfully',
          user: {
            ...admin,
            ...(body as object),
            pharmacistRegistrationNumber:
              (body as { pharmacistRegistrationNumber?: string | null })
                .pharmacistRegistrationNumber ?? null,
          },
        },
      }),
    });
    const user = userEvent.setup();
    // Issue 18: an admin's /dashboard is the operations dashboard; their profile has its own page.
    renderApp('/dashboard/profile');
    await screen.findByRole('form', { name: 'Edit profile' });
    expect(screen.getByText('Not added')).toBeTruthy();
    const number = within(profileForm()).getByLabelText('Pharmacist registration number');
    await user.type(number, 'KA#1');
    await user.click(within(profileForm()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(alertTexts(profileForm())).toEqual([
        'The pharmacist registration number may hold only letters, digits, spaces and . / -',
      ]),
    );
    await user.clear(number);
    await user.type(number, 'KA/PH/2019/04512');
    await user.click(within(profileForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    const puts = callsTo(fetchMock, 'PUT', '/api/user/updateMyProfile');
    expect(JSON.parse(String(puts[0]?.[1]?.body))).toMatchObject({
      pharmacistRegistrationNumber: 'KA/PH/2019/04512',
    });
    expect(await screen.findByText('KA/PH/2019/04512')).toBeTruthy();

    // Empty clears it (sent as null).
    await user.clear(within(profileForm()).getByLabelText('Pharmacist registration number'));
    await user.click(within(profileForm()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/user/updateMyProfile')).toHaveLength(2),
    );
    const [, second] = callsTo(fetchMock, 'PUT', '/api/user/updateMyProfile');
    expect(JSON.parse(String(second?.[1]?.body))).toMatchObject({
      pharmacistRegistrationNumber: null,
    });
  });

  it('never shows a member the pharmacist registration number', async () => {
    signIn({ ...member, pharmacistRegistrationNumber: null });
    renderApp('/dashboard');
    await screen.findByRole('form', { name: 'Edit profile' });
    expect(screen.queryByLabelText('Pharmacist registration number')).toBeNull();
    expect(screen.queryByText('Pharmacist registration number')).toBeNull();
  });

  it("shows the server's refusal as an error toast", async () => {
    signIn(member, {
      'PUT /api/user/updateMyProfile': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'That e-mail address is taken.' },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByRole('form', { name: 'Edit profile' });
    await user.click(within(profileForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('That e-mail address is taken.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ravi Member' })).toBeTruthy();
  });
});

describe('Account Security', () => {
  async function openSecurity(
    routes: Record<
      string,
      MockResponse | ((request: { body: unknown; url: URL }) => MockResponse)
    > = {},
  ) {
    const fetchMock = signIn(member, routes);
    const user = userEvent.setup();
    renderApp('/dashboard/security');
    const form = await screen.findByRole('form', { name: 'Reset Password' });
    const submit = within(form).getByRole('button', { name: 'Change password' });
    const fieldOf = (label: string) => within(form).getByLabelText(label, { exact: true });
    return { fetchMock, user, form, submit, fieldOf };
  }

  it('validates with the spec §5 change-password messages and clears them on edit', async () => {
    const { fetchMock, user, form, submit, fieldOf } = await openSecurity();

    await user.click(submit);
    await waitFor(() =>
      expect(alertTexts(form)).toEqual([
        'Old password is required.',
        'New password is required.',
        'Please confirm your new password.',
      ]),
    );
    await user.type(fieldOf('Old password'), 'abc');
    expect(alertTexts(form)).toEqual([
      'New password is required.',
      'Please confirm your new password.',
    ]);
    await user.type(fieldOf('New password'), 'abc');
    await user.type(fieldOf('Confirm new password'), 'abd');
    await user.click(submit);
    await waitFor(() =>
      expect(alertTexts(form)).toEqual([
        'Old password must be at least 6 characters.',
        'New password must be at least 6 characters.',
        'Passwords do not match.',
      ]),
    );
    await user.clear(fieldOf('Old password'));
    await user.type(fieldOf('Old password'), 'same-secret');
    await user.clear(fieldOf('New password'));
    await user.type(fieldOf('New password'), 'same-secret');
    await user.clear(fieldOf('Confirm new password'));
    await user.type(fieldOf('Confirm new password'), 'same-secret');
    await user.click(submit);
    await waitFor(() =>
      expect(alertTexts(form)).toEqual(['New password must be different from old password.']),
    );
    expect(callsTo(fetchMock, 'PATCH', '/api/user/changePassword')).toHaveLength(0);
  });

  it('changes the password, toasts and keeps this session on the fresh token', async () => {
    const { fetchMock, user, form, submit, fieldOf } = await openSecurity({
      'PATCH /api/user/changePassword': {
        body: { message: 'Password changed successfully.', token: 'renewed-token' },
      },
    });
    await user.type(fieldOf('Old password'), 'old-secret');
    await user.type(fieldOf('New password'), 'new-secret');
    await user.type(fieldOf('Confirm new password'), 'new-secret');
    await user.click(submit);

    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBe('renewed-token');
    expect(window.localStorage.getItem('userId')).toBe('7');
    await waitFor(() => expect((fieldOf('Old password') as HTMLInputElement).value).toBe(''));
    // Still signed in, with no new profile request and no flash of the loading shell.
    expect(screen.getByRole('button', { name: 'Ravi Member' })).toBeTruthy();
    expect(form.isConnected).toBe(true);
    expect(callsTo(fetchMock, 'GET', '/api/user/myProfile')).toHaveLength(1);
  });

  it('shows a wrong old password as an error toast and stays signed in', async () => {
    const { user, submit, fieldOf } = await openSecurity({
      'PATCH /api/user/changePassword': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Old password is incorrect.' },
      },
    });
    await user.type(fieldOf('Old password'), 'old-secret');
    await user.type(fieldOf('New password'), 'new-secret');
    await user.type(fieldOf('Confirm new password'), 'new-secret');
    await user.click(submit);
    expect(await screen.findByText('Old password is incorrect.')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBe('session-token');
  });
});
