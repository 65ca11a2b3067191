import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const created = {
  id: 12,
  name: 'Asha Rao',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

function form() {
  return screen.getByRole('form', { name: 'Sign Up' });
}

function field(label: string) {
  return within(form()).getByLabelText(label, { exact: true }) as HTMLInputElement;
}

/** The message under a field (FormField links it through aria-describedby). */
function errorOf(label: string): string | null {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.role === 'alert');
  return error?.textContent ?? null;
}

async function openSignup() {
  const user = userEvent.setup();
  const app = renderApp('/login?type=signup');
  await screen.findByRole('form', { name: 'Sign Up' });
  return { user, ...app };
}

afterEach(() => window.sessionStorage.clear());

describe('sign-up form', () => {
  it('checks each field while typing (spec §5)', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const { user } = await openSignup();

    await user.type(field('Email'), 'asha');
    await waitFor(() => expect(errorOf('Email')).toBe('Email is not valid.'));
    // Only the edited field speaks up; the others wait for their turn or the submit.
    expect(errorOf('Name')).toBeNull();
    await user.type(field('Email'), '@example.com');
    await waitFor(() => expect(errorOf('Email')).toBeNull());
    await user.clear(field('Email'));
    await waitFor(() => expect(errorOf('Email')).toBe('Email is required.'));

    await user.type(field('Phone number'), '12345');
    await waitFor(() => expect(errorOf('Phone number')).toBe('Phone number must be 10-15 digits.'));
    await user.type(field('Phone number'), '67890');
    await waitFor(() => expect(errorOf('Phone number')).toBeNull());
    await user.type(field('Phone number'), 'x');
    await waitFor(() => expect(errorOf('Phone number')).toBe('Phone number must be 10-15 digits.'));

    await user.type(field('Name'), 'A');
    await user.clear(field('Name'));
    await waitFor(() => expect(errorOf('Name')).toBe('Name is required.'));

    await user.type(field('Password'), 'abc');
    await waitFor(() =>
      expect(errorOf('Password')).toBe('Password must be at least 6 characters.'),
    );
  });

  it("reads 'Please confirm your password.' while typing and 'Confirm password is required.' on submit", async () => {
    const fetchMock = mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const { user } = await openSignup();

    await user.type(field('Password'), 'secret123');
    await user.type(field('Confirm password'), 's');
    await waitFor(() => expect(errorOf('Confirm password')).toBe('Passwords do not match.'));
    await user.clear(field('Confirm password'));
    await waitFor(() => expect(errorOf('Confirm password')).toBe('Please confirm your password.'));

    await user.click(within(form()).getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(errorOf('Confirm password')).toBe('Confirm password is required.'));
    expect(errorOf('Name')).toBe('Name is required.');
    expect(errorOf('Email')).toBe('Email is required.');
    expect(errorOf('Phone number')).toBe('Phone number is required.');
    expect(errorOf('Password')).toBeNull();

    // A confirmation already typed follows a change of the password.
    await user.type(field('Confirm password'), 'secret123');
    await waitFor(() => expect(errorOf('Confirm password')).toBeNull());
    await user.type(field('Password'), '4');
    await waitFor(() => expect(errorOf('Confirm password')).toBe('Passwords do not match.'));
    expect(callsTo(fetchMock, 'POST', '/api/auth/signup')).toHaveLength(0);
  });

  it('creates the account, signs in and goes home; Remember Me unticked keeps it to this tab', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/auth/signup': { status: 201, body: { token: 'new-token', user: created } },
    });
    const { user, router } = await openSignup();

    await user.type(field('Name'), 'Asha Rao');
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Phone number'), '9876543210');
    await user.type(field('Password'), 'secret123');
    await user.type(field('Confirm password'), 'secret123');
    const remember = field('Remember Me');
    expect(remember.checked).toBe(true);
    await user.click(remember);
    await user.click(within(form()).getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('button', { name: 'Asha Rao' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBe('new-token');
    expect(window.sessionStorage.getItem('userId')).toBe('12');
    const calls = callsTo(fetchMock, 'POST', '/api/auth/signup');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phoneNumber: '9876543210',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
  });

  it('shows a taken e-mail address', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/auth/signup': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'An account with this email already exists.',
        },
      },
    });
    const { user } = await openSignup();
    await user.type(field('Name'), 'Asha Rao');
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Phone number'), '9876543210');
    await user.type(field('Password'), 'secret123');
    await user.type(field('Confirm password'), 'secret123');
    await user.click(within(form()).getByRole('button', { name: 'Sign Up' }));
    expect(
      await within(form()).findByText('An account with this email already exists.'),
    ).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(
      '/login?type=login',
    );
  });
});
