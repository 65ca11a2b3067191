import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PRIVACY_TEXTS, unsubscribeExplain, type DeleteAccountResponse } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 32: Privacy & data, the confirmation after deletion, and a consent's unsubscribe link. */
const member = {
  id: 9,
  name: 'Meera Iyer',
  email: 'meera@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

const consents = (newsletter: boolean) => ({
  consents: [
    { kind: 'newsletter', granted: newsletter, changedAt: null, source: null },
    { kind: 'back_in_stock', granted: true, changedAt: null, source: null },
    { kind: 'refill_reminders', granted: true, changedAt: null, source: null },
  ],
});

const emptyCart = {
  cartItems: [],
  summary: {
    itemCount: 0,
    totalMaximumRetailPrice: 0,
    totalOfferPrice: 0,
    totalSaved: 0,
    shipping: 0,
    total: 0,
    prescriptionRequired: false,
  },
};

const deleted: DeleteAccountResponse = {
  message: PRIVACY_TEXTS.deletedIntro,
  erased: ['Your name, e-mail address, phone number and password.'],
  kept: ['Your orders with their delivery addresses, invoices and credit notes, until 2029-11-28.'],
  keptUntil: '2029-11-28',
  retentionYears: 3,
};

type Handler = MockResponse | ((request: { body: unknown; url: URL }) => MockResponse);

function signIn(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'member-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: member },
    'GET /api/cart/all/9': { body: emptyCart },
    'GET /api/user/consents': { body: consents(false) },
    ...routes,
  });
}

afterEach(() => {
  window.localStorage.clear();
  reloadSession();
});

describe('Privacy & data', () => {
  it('saves a consent when its switch changes', async () => {
    const fetchMock = signIn({ 'PUT /api/user/consents': { body: consents(true) } });
    renderApp('/dashboard/privacy');
    const newsletter = await screen.findByRole('checkbox', { name: 'Newsletter' });
    expect((newsletter as HTMLInputElement).checked).toBe(false);
    await userEvent.click(newsletter);
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/user/consents')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/user/consents')[0]?.[1]?.body).toBe(
      JSON.stringify({ newsletter: true }),
    );
    await waitFor(() => expect((newsletter as HTMLInputElement).checked).toBe(true));
  });

  it('signs out other devices and says this one stays signed in', async () => {
    signIn({
      'POST /api/user/sign-out-everywhere': {
        body: { message: PRIVACY_TEXTS.signedOutEverywhere, token: 'fresh-token' },
      },
    });
    renderApp('/dashboard/privacy');
    await userEvent.click(await screen.findByRole('button', { name: PRIVACY_TEXTS.signOutButton }));
    expect(await screen.findByText(PRIVACY_TEXTS.signedOutEverywhere)).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
  });

  it('asks for the password, shows a refusal, then deletes, signs out and confirms', async () => {
    let attempts = 0;
    const fetchMock = signIn({
      'POST /api/user/delete-account': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 409,
              body: { statusCode: 409, error: 'Conflict', message: PRIVACY_TEXTS.openOrder },
            }
          : { body: deleted };
      },
    });
    renderApp('/dashboard/privacy');
    await userEvent.click(await screen.findByRole('button', { name: PRIVACY_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('alertdialog', {
      name: PRIVACY_TEXTS.deleteConfirmTitle,
    });
    const confirm = within(dialog).getByRole('button', {
      name: PRIVACY_TEXTS.deleteConfirmButton,
    });
    await userEvent.click(confirm);
    expect(within(dialog).getByText(PRIVACY_TEXTS.passwordNeeded)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/user/delete-account')).toHaveLength(0);

    await userEvent.type(
      within(dialog).getByLabelText(PRIVACY_TEXTS.deletePasswordLabel),
      'secret123',
    );
    await userEvent.click(confirm);
    expect(await within(dialog).findByText(PRIVACY_TEXTS.openOrder)).toBeTruthy();
    await userEvent.click(confirm);

    expect(
      await screen.findByRole('heading', { level: 1, name: PRIVACY_TEXTS.deletedTitle }),
    ).toBeTruthy();
    expect(screen.getByText(deleted.kept[0] ?? '')).toBeTruthy();
    expect(screen.getByText(/kept for 3 years/)).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe("a marketing mail's unsubscribe link", () => {
  it('withdraws the consent its token names, only when asked', async () => {
    const payload = btoa(JSON.stringify({ purpose: 'unsubscribe-back_in_stock', uid: 9 }));
    const token = `eyJhbGciOiJIUzI1NiJ9.${payload.replace(/=+$/, '')}.signature`;
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/unsubscribe': {
        body: {
          message: 'Done: you will get no more back-in-stock e-mails.',
          kind: 'back_in_stock',
        },
      },
    });
    renderApp(`/unsubscribe?token=${token}`);
    expect(await screen.findByText(unsubscribeExplain('back_in_stock'))).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/unsubscribe')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: PRIVACY_TEXTS.unsubscribeButton }));
    expect((await screen.findByRole('status')).textContent).toContain('no more back-in-stock');
    expect(callsTo(fetchMock, 'POST', '/api/refills/unsubscribe')).toHaveLength(0);
  });
});
