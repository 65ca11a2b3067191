import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STOCK_ALERT_TEXTS, type StockAlert } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 17: the shopper's Stock Alerts page in the dashboard. */
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

const alerts: StockAlert[] = [
  {
    id: 1,
    productId: 11,
    productName: 'Dolo 650 Tablet',
    inStock: false,
    requestedAt: '2026-11-20T08:00:00.000Z',
    notifiedAt: null,
  },
  {
    id: 2,
    productId: 12,
    productName: 'Crocin Advance Tablet',
    inStock: true,
    requestedAt: '2026-11-01T08:00:00.000Z',
    notifiedAt: '2026-11-24T09:30:00.000Z',
  },
  {
    id: 3,
    productId: 13,
    productName: 'Shelcal 500 Tablet',
    inStock: false,
    requestedAt: '2026-10-01T08:00:00.000Z',
    notifiedAt: '2026-10-05T09:30:00.000Z',
  },
  {
    id: 4,
    productId: 14,
    productName: 'Volini Gel',
    inStock: false,
    requestedAt: '2026-11-22T08:00:00.000Z',
    notifiedAt: null,
  },
];

describe('Stock Alerts (issue 17)', { timeout: 20_000 }, () => {
  it('lists the waiting requests newest first and the fulfilled ones with their mail date', async () => {
    signIn({ 'GET /api/stock-alerts': { body: { alerts } } });
    renderApp('/dashboard/stock-alerts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock Alerts' })).toBeTruthy();

    const waiting = await screen.findByRole('list', { name: 'Waiting for stock' });
    const waitingItems = within(waiting).getAllByRole('listitem');
    expect(waitingItems.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Volini Gel',
      'Dolo 650 Tablet',
    ]);
    expect(within(waitingItems[1]!).getByRole('link').getAttribute('href')).toBe('/product/11');
    expect(waitingItems[1]!.textContent).toContain('Asked on 20 Nov 2026');
    expect(screen.getByRole('heading', { level: 2, name: 'Waiting (2)' })).toBeTruthy();

    const done = screen.getByRole('list', { name: 'E-mailed recently' });
    const [crocin, shelcal] = within(done).getAllByRole('listitem');
    expect(crocin!.textContent).toContain('E-mailed on 24 Nov 2026');
    expect(within(crocin!).getByText('In stock now')).toBeTruthy();
    expect(within(shelcal!).getByText('Out of stock again')).toBeTruthy();
    expect(within(done).queryByRole('button')).toBeNull();

    // The dashboard menu has the entry, marked current.
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav).getByRole('link', { name: 'Stock Alerts' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('cancels a waiting request from the keyboard and keeps focus on the list', async () => {
    let current = alerts;
    const fetchMock = signIn({
      'GET /api/stock-alerts': () => ({ body: { alerts: current } }),
      'DELETE /api/stock-alerts/11': () => {
        current = current.filter((alert) => alert.productId !== 11);
        return { body: { message: STOCK_ALERT_TEXTS.cancelled } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/stock-alerts');
    const cancel = await screen.findByRole('button', {
      name: 'Cancel the e-mail about Dolo 650 Tablet',
    });
    cancel.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText(STOCK_ALERT_TEXTS.cancelled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dolo 650 Tablet' })).toBeNull());
    const heading = screen.getByRole('heading', { level: 2, name: 'Waiting (1)' });
    expect(document.activeElement).toBe(heading);
    expect(callsTo(fetchMock, 'DELETE', '/api/stock-alerts/11')).toHaveLength(1);
  });

  it('says when nothing is waiting but keeps the fulfilled ones', async () => {
    signIn({
      'GET /api/stock-alerts': {
        body: { alerts: alerts.filter((alert) => alert.notifiedAt !== null) },
      },
    });
    renderApp('/dashboard/stock-alerts');
    expect(await screen.findByText('You are not waiting for any product right now.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'E-mailed recently' })).toBeTruthy();
  });

  it('has an empty state that leads to the shop', async () => {
    signIn({ 'GET /api/stock-alerts': { body: { alerts: [] } } });
    renderApp('/dashboard/stock-alerts');
    expect(await screen.findByText('You are not waiting for any product.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe(
      '/shop',
    );
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    signIn({
      'GET /api/stock-alerts': () =>
        fail
          ? {
              status: 500,
              body: {
                statusCode: 500,
                error: 'Internal Server Error',
                message: 'An unknown error occurred',
              },
            }
          : { body: { alerts: [] } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/stock-alerts');
    expect(await screen.findByText('Your stock alerts could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('An unknown error occurred');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are not waiting for any product.')).toBeTruthy();
  });
});
