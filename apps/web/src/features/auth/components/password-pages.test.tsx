import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

function alertTexts(container: HTMLElement) {
  return within(container)
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
}

describe('forgot password', () => {
  it('checks the e-mail, then always gives the same answer', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/auth/forgot-password': { body: { message: FORGOT_PASSWORD_ANSWER } },
    });
    const user = userEvent.setup();
    renderApp('/forgot-password');
    const form = await screen.findByRole('form', { name: 'Forgot Password' });
    const email = within(form).getByLabelText('Email');
    const submit = within(form).getByRole('button', { name: 'Send reset link' });

    await user.click(submit);
    await waitFor(() => expect(alertTexts(form)).toEqual(['Email is required.']));
    await user.type(email, 'nobody');
    expect(alertTexts(form)).toEqual([]);
    await user.click(submit);
    await waitFor(() => expect(alertTexts(form)).toEqual(['Email is invalid.']));

    await user.type(email, '@example.com');
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe(FORGOT_PASSWORD_ANSWER);
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', '/api/auth/forgot-password')[0]?.[1]?.body)),
    ).toEqual({
      email: 'nobody@example.com',
    });
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
  });
});

describe('reset password', () => {
  it('explains a link without a token and offers a new one', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    renderApp('/reset-password');
    expect(await screen.findByText(RESET_LINK_INVALID)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('uses the change-password rules and clears errors on edit', async () => {
    const fetchMock = mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    const form = await screen.findByRole('form', { name: 'Reset Password' });
    const submit = within(form).getByRole('button', { name: 'Set new password' });

    await user.click(submit);
    await waitFor(() =>
      expect(alertTexts(form)).toEqual([
        'New password is required.',
        'Please confirm your new password.',
      ]),
    );
    await user.type(within(form).getByLabelText('New password'), 'abc');
    expect(alertTexts(form)).toEqual(['Please confirm your new password.']);
    await user.type(within(form).getByLabelText('Confirm new password'), 'abd');
    await user.click(submit);
    await waitFor(() =>
      expect(alertTexts(form)).toEqual([
        'New password must be at least 6 characters.',
        'Passwords do not match.',
      ]),
    );
    expect(callsTo(fetchMock, 'POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('sets the password, ends the local session and links to login', async () => {
    window.localStorage.setItem('token', 'old-session');
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/user/myProfile': {
        body: {
          id: 3,
          name: 'Old',
          email: 'o@example.com',
          phoneNumber: null,
          roleId: 2,
          providerName: 'Email',
          pharmacistRegistrationNumber: null,
        },
      },
      'POST /api/auth/reset-password': { body: { message: PASSWORD_RESET_DONE } },
    });
    const { reloadSession } = await import('../../../lib/auth-session');
    reloadSession();
    const user = userEvent.setup();
    renderApp('/reset-password?token=mailed-token');
    const form = await screen.findByRole('form', { name: 'Reset Password' });
    await user.type(within(form).getByLabelText('New password'), 'newsecret');
    await user.type(within(form).getByLabelText('Confirm new password'), 'newsecret');
    await user.click(within(form).getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(PASSWORD_RESET_DONE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?type=login',
    );
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', '/api/auth/reset-password')[0]?.[1]?.body)),
    ).toEqual({ token: 'mailed-token', newPassword: 'newsecret', confirmPassword: 'newsecret' });
  });

  it('turns an expired or used link into the invalid-link message', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/auth/reset-password': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: RESET_LINK_INVALID },
      },
    });
    const user = userEvent.setup();
    renderApp('/reset-password?token=spent');
    const form = await screen.findByRole('form', { name: 'Reset Password' });
    await user.type(within(form).getByLabelText('New password'), 'newsecret');
    await user.type(within(form).getByLabelText('Confirm new password'), 'newsecret');
    await user.click(within(form).getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(RESET_LINK_INVALID)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Reset Password' })).toBeNull();
  });
});
