import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 17 point 5: the order progress mails can be turned off on My Profile. */
const member = {
  id: 7,
  name: 'Ravi Member',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

type Handler = MockResponse | ((request: { body: unknown; url: URL }) => MockResponse);

function signIn(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'session-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: member },
    ...routes,
  });
}

const LABEL = 'E-mail me when my order is dispatched or delivered';

describe('E-mail updates on My Profile (issue 17)', { timeout: 20_000 }, () => {
  it('turns the order progress mails off and on, saying what is always sent', async () => {
    let saved = true;
    const fetchMock = signIn({
      'GET /api/user/mail-preferences': () => ({ body: { orderProgressMails: saved } }),
      'PUT /api/user/mail-preferences': ({ body }) => {
        saved = (body as { orderProgressMails: boolean }).orderProgressMails;
        return {
          body: {
            message: 'Your e-mail choices are saved.',
            preferences: { orderProgressMails: saved },
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'E-mail updates' })).toBeTruthy();
    const checkbox = await screen.findByRole<HTMLInputElement>('checkbox', { name: LABEL });
    expect(checkbox.checked).toBe(true);
    expect(checkbox.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(checkbox.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe(
      'Order confirmations, cancellations and problems with a prescription are always e-mailed.',
    );

    // Space on the focused checkbox, as a keyboard user would.
    checkbox.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Your e-mail choices are saved.')).toBeTruthy();
    await waitFor(() => expect(checkbox.checked).toBe(false));
    expect(saved).toBe(false);
    expect(document.activeElement).toBe(checkbox);

    await user.click(screen.getByLabelText(LABEL));
    await waitFor(() => expect(saved).toBe(true));
    expect(
      callsTo(fetchMock, 'PUT', '/api/user/mail-preferences').map(([, init]) =>
        JSON.parse(String(init?.body)),
      ),
    ).toEqual([{ orderProgressMails: false }, { orderProgressMails: true }]);
  });

  it('puts the switch back and says why when saving fails', async () => {
    signIn({
      'GET /api/user/mail-preferences': { body: { orderProgressMails: true } },
      'PUT /api/user/mail-preferences': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const checkbox = await screen.findByRole<HTMLInputElement>('checkbox', { name: LABEL });
    await user.click(checkbox);
    expect(await screen.findByText('An unknown error occurred')).toBeTruthy();
    await waitFor(() => expect(checkbox.checked).toBe(true));
  });

  it('shows an error with a way to try again when the choices cannot be read', async () => {
    let fail = true;
    signIn({
      'GET /api/user/mail-preferences': () =>
        fail
          ? {
              status: 500,
              body: {
                statusCode: 500,
                error: 'Internal Server Error',
                message: 'An unknown error occurred',
              },
            }
          : { body: { orderProgressMails: false } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(
      await screen.findByText('Your e-mail choices could not be loaded: An unknown error occurred'),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const checkbox = await screen.findByRole<HTMLInputElement>('checkbox', { name: LABEL });
    expect(checkbox.checked).toBe(false);
  });
});
