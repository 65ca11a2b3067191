import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REFILL_TEXTS, type Refill } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 17: 'My Refills' in the customer's dashboard. */
const shopper = {
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
  window.localStorage.setItem('token', 'shopper-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: shopper },
    ...routes,
  });
}

const active: Refill = {
  id: 1,
  productId: 11,
  productName: 'Glycomet 500 Tablet',
  productAvailable: true,
  quantity: 2,
  intervalDays: 30,
  nextDueOn: '2026-12-01',
  remindOn: '2026-11-28',
  paused: false,
  sourceOrderId: 42,
  createdAt: '2026-11-01T08:00:00.000Z',
};
const paused: Refill = {
  ...active,
  id: 2,
  productId: 12,
  productName: 'Telma 40 Tablet',
  intervalDays: 45,
  paused: true,
};

describe('My Refills', () => {
  it('lists the reminders with interval, next due date and the day the e-mail goes', async () => {
    signIn({ 'GET /api/refills': { body: { refills: [active, paused] } } });
    renderApp('/dashboard/refills');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Refills' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Refill reminders' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('Glycomet 500 Tablet');
    expect(first?.textContent).toContain('2 units, every 30 days');
    expect(first?.textContent).toContain('Next refill due Tuesday, 1 Dec 2026');
    expect(first?.textContent).toContain('reminder e-mail on 28 Nov 2026');
    expect(within(first as HTMLElement).getByText('Active')).toBeTruthy();
    expect(second?.textContent).toContain('every 45 days');
    expect(within(second as HTMLElement).getByText('Paused')).toBeTruthy();
    expect(
      within(second as HTMLElement).getByRole('button', {
        name: 'Resume reminders for Telma 40 Tablet',
      }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'My Refills' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('pauses a reminder and shows it paused', async () => {
    const fetchMock = signIn({
      'GET /api/refills': { body: { refills: [active] } },
      'PATCH /api/refills/1': ({ body }) => ({
        body: {
          message: 'Refill reminders for Glycomet 500 Tablet are paused.',
          refill: { ...active, ...(body as object) },
        },
      }),
    });
    renderApp('/dashboard/refills');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Pause reminders for Glycomet 500 Tablet' }),
    );
    expect(
      await screen.findByText('Refill reminders for Glycomet 500 Tablet are paused.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH', '/api/refills/1')[0]?.[1]?.body).toBe(
      JSON.stringify({ paused: true }),
    );
  });

  it('changes the interval to a number of days typed, refusing one out of bounds', async () => {
    const fetchMock = signIn({
      'GET /api/refills': { body: { refills: [active] } },
      'PATCH /api/refills/1': ({ body }) => ({
        body: { message: 'Changed.', refill: { ...active, ...(body as object) } },
      }),
    });
    renderApp('/dashboard/refills');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Change interval for Glycomet 500 Tablet' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change interval' });
    expect(within(dialog).getByRole('radio', { name: '30 days' })).toHaveProperty('checked', true);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const days = within(dialog).getByLabelText('Number of days');
    await userEvent.type(days, '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reminder' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(REFILL_TEXTS.intervalInvalid);
    expect(callsTo(fetchMock, 'PATCH', '/api/refills/1')).toHaveLength(0);

    await userEvent.clear(days);
    await userEvent.type(days, '28');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'PATCH', '/api/refills/1')[0]?.[1]?.body).toBe(
      JSON.stringify({ intervalDays: 28 }),
    );
  });

  it('deletes a reminder only after asking', async () => {
    let refills = [active, paused];
    const fetchMock = signIn({
      'GET /api/refills': () => ({ body: { refills } }),
      'DELETE /api/refills/1': () => {
        refills = [paused];
        return { body: { message: REFILL_TEXTS.deleted } };
      },
    });
    renderApp('/dashboard/refills');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete reminder for Glycomet 500 Tablet' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: REFILL_TEXTS.deleteConfirmTitle,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', '/api/refills/1')).toHaveLength(0);

    await userEvent.click(
      screen.getByRole('button', { name: 'Delete reminder for Glycomet 500 Tablet' }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: REFILL_TEXTS.deleteConfirm,
      }),
    );
    await waitFor(() => expect(screen.queryByText('Glycomet 500 Tablet')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', '/api/refills/1')).toHaveLength(1);
    expect(screen.getByText('Telma 40 Tablet')).toBeTruthy();
  });

  it('says when there are none, and offers the orders', async () => {
    signIn({ 'GET /api/refills': { body: { refills: [] } } });
    renderApp('/dashboard/refills');
    expect(await screen.findByText(REFILL_TEXTS.empty)).toBeTruthy();
    expect(screen.getByText(REFILL_TEXTS.emptyHint)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my orders' })).toBeTruthy();
  });

  it('shows an error with Try again when the list cannot be loaded', async () => {
    signIn({
      'GET /api/refills': {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'Down for a moment.' },
      },
    });
    renderApp('/dashboard/refills');
    expect(await screen.findByText(REFILL_TEXTS.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
