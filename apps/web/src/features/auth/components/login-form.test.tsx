import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
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

function loginForm() {
  return screen.getByRole('form', { name: 'Login' });
}

function field(label: string) {
  return within(loginForm()).getByLabelText(label, { exact: true }) as HTMLInputElement;
}

function alertTexts() {
  return within(loginForm())
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
}

async function openLogin(url = '/login') {
  const user = userEvent.setup();
  const app = renderApp(url);
  await screen.findByRole('form', { name: 'Login' });
  return { user, ...app };
}

describe('login form', () => {
  it('validates on submit with the spec §5 messages and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const { user } = await openLogin();
    const submit = within(loginForm()).getByRole('button', { name: 'Login' });

    await user.type(field('Email'), 'not-an-email');
    // Nothing is checked while typing: the rule runs on submit.
    expect(alertTexts()).toEqual([]);
    await user.click(submit);
    await waitFor(() =>
      expect(alertTexts()).toEqual(['Email is invalid.', 'Password is required.']),
    );

    await user.clear(field('Email'));
    await user.type(field('Password'), '12345');
    await user.click(submit);
    await waitFor(() =>
      expect(alertTexts()).toEqual([
        'Email is required.',
        'Password must be at least 6 characters.',
      ]),
    );
    expect(callsTo(fetchMock, 'POST', '/api/auth/login')).toHaveLength(0);
  });

  it("clears a field's error as soon as that field is edited", async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const { user } = await openLogin();
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(alertTexts()).toHaveLength(2));

    await user.type(field('Email'), 'x');
    expect(alertTexts()).toEqual(['Password is required.']);
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's answer, including the 429 wait", async () => {
    let status = 400;
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/auth/login': () =>
        status === 400
          ? {
              status,
              body: {
                statusCode: 400,
                error: 'Bad Request',
                message: 'Invalid email or password.',
              },
            }
          : {
              status,
              body: {
                statusCode: 429,
                error: 'Too Many Requests',
                message: 'Too many login attempts. Please try again in 15 minutes.',
              },
            },
    });
    const { user } = await openLogin();
    await user.type(field('Email'), 'ravi@example.com');
    await user.type(field('Password'), 'wrong-password');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await within(loginForm()).findByText('Invalid email or password.')).toBeTruthy();
    // A wrong password is not an expired session: no 'Please login', the token stays unset.
    expect(screen.queryByText('Please login')).toBeNull();

    status = 429;
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(
      await within(loginForm()).findByText(
        'Too many login attempts. Please try again in 15 minutes.',
      ),
    ).toBeTruthy();
  });

  it('signs in once on a double click, stores token and userId and goes home', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/auth/login': { body: { token: 'fresh-token', user: member } },
    });
    const realFetch = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/auth/login')) await gate;
      return realFetch!(input, init);
    });
    const { user, router } = await openLogin();

    await user.type(field('Email'), 'ravi@example.com');
    await user.type(field('Password'), 'secret123');
    await user.dblClick(within(loginForm()).getByRole('button', { name: 'Login' }));
    const pending = await within(loginForm()).findByRole('button', { name: 'Logging in...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    release();

    expect(await screen.findByRole('button', { name: 'Ravi Member' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(window.localStorage.getItem('userId')).toBe('7');
    const calls = callsTo(fetchMock, 'POST', '/api/auth/login');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({
      email: 'ravi@example.com',
      password: 'secret123',
    });
  });

  it('returns to the redirectTo of the navigation state after signing in', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/auth/login': { body: { token: 'fresh-token', user: member } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/about');
    await router.navigate('/login', { state: { redirectTo: '/faq' } });
    await screen.findByRole('form', { name: 'Login' });

    await user.type(field('Email'), 'ravi@example.com');
    await user.type(field('Password'), 'secret123');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
  });

  it('ignores a redirectTo that leaves the shop', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/user/myProfile': { body: member },
    });
    window.localStorage.setItem('token', 't');
    const { reloadSession } = await import('../../../lib/auth-session');
    reloadSession();
    const { router } = renderApp('/about');
    await router.navigate('/login', { state: { redirectTo: '//evil.example/' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the oauthError of the Google return', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    await openLogin('/login?oauthError=Google%20sign-in%20did%20not%20complete.');
    expect(alertTexts()).toEqual(['Google sign-in did not complete.']);
  });

  it('offers Google as a full-page link, or explains that it is not set up', async () => {
    mockApi({ 'GET /api/settings': { body: { ...settingsResponse, googleSignInEnabled: true } } });
    const { unmount } = await openLogin();
    const link = await screen.findByRole('link', { name: 'Login with Google' });
    expect(link.getAttribute('href')).toBe('/api/auth/google');
    unmount();

    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    await openLogin('/auth?type=login');
    const button = await screen.findByRole('button', { name: 'Login with Google' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Google sign-in is not set up on this shop.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login with Google' })).toBeNull();
  });

  it('says that Facebook login is not implemented yet', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Login with Facebook' }));
    expect(await screen.findByText('Facebook login is not implemented yet')).toBeTruthy();
  });

  it('links to sign-up and to the forgot-password page', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    await openLogin();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/login?type=signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
