import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LoyaltyEntry, LoyaltySummary } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 19: the member's 'Rewards' page in the dashboard. */
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
  window.localStorage.setItem('token', 'member-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: member },
    ...routes,
  });
}

const entry = (overrides: Partial<LoyaltyEntry>): LoyaltyEntry => ({
  id: 1,
  kind: 'earned',
  reverses: null,
  points: 12,
  orderId: 41,
  createdAt: '2026-10-02T09:00:00.000Z',
  expiresAt: '2027-10-02T09:00:00.000Z',
  ...overrides,
});

const summary = (overrides: Partial<LoyaltySummary> = {}): LoyaltySummary => ({
  userId: 7,
  balance: 57,
  balanceValueMinor: 5700,
  expiringSoon: [{ points: 20, expiresAt: '2026-12-10T09:00:00.000Z' }],
  history: [
    entry({ id: 5, kind: 'expired', points: -3, orderId: null, expiresAt: null }),
    entry({ id: 4, kind: 'reversed', reverses: 'redeemed', points: 10, orderId: 44 }),
    entry({ id: 3, kind: 'redeemed', points: -10, orderId: 44, expiresAt: null }),
    entry({ id: 2, kind: 'reversed', reverses: 'earned', points: -2, orderId: 41 }),
    entry({ id: 1 }),
  ],
  pagination: { page: 1, pageSize: 20, rowCount: 5, pageCount: 1 },
  policy: { earnPerMinor: 10_000, pointValueMinor: 100, maxRedeemPercent: 20, expiryMonths: 12 },
  ...overrides,
});

describe('Rewards', () => {
  it('shows the balance, its value, what expires soon, how it works and the history', async () => {
    signIn({ 'GET /api/loyalty': { body: summary() } });
    renderApp('/dashboard/rewards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rewards' })).toBeTruthy();
    expect((await screen.findByTestId('points-balance')).textContent).toBe('57 points');
    expect(screen.getByText('Worth ₹57 on your next order')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('20 points expire on 10 Dec 2026.');
    expect(
      screen.getByText(
        'Every delivered order earns 1 point for every ₹100 paid. Points expire 12 months after they are credited.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Use them at the payment step: 1 point = ₹1, up to 20% of an order. Points of a cancelled order come back to you.',
      ),
    ).toBeTruthy();

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      '−3',
      '+10',
      '−10',
      '−2',
      '+12',
    ]);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'ExpiredNot used in time',
      'ReversedGiven back from the order',
      'RedeemedSpent on an order',
      'ReversedTaken back: the order was cancelled or refunded',
      'EarnedExpires on 2 Oct 2027',
    ]);
    expect(
      within(rows[2] as HTMLElement)
        .getByRole('link', { name: 'Order #44' })
        .getAttribute('href'),
    ).toBe('/order/44');
    expect(within(rows[0] as HTMLElement).queryByRole('link')).toBeNull();

    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Rewards' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('says how much more expires within 30 days when several lots lapse', async () => {
    signIn({
      'GET /api/loyalty': {
        body: summary({
          balance: 1,
          balanceValueMinor: 100,
          expiringSoon: [
            { points: 1, expiresAt: '2026-12-10T09:00:00.000Z' },
            { points: 4, expiresAt: '2026-12-20T09:00:00.000Z' },
          ],
        }),
      },
    });
    renderApp('/dashboard/rewards');
    expect((await screen.findByTestId('points-balance')).textContent).toBe('1 point');
    expect(screen.getByText('Worth ₹1 on your next order')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      '1 point expires on 10 Dec 2026, and 4 points more within 30 days.',
    );
  });

  it('follows the configured programme in its texts', async () => {
    signIn({
      'GET /api/loyalty': {
        body: summary({
          expiringSoon: [],
          policy: {
            earnPerMinor: 5_000,
            pointValueMinor: 50,
            maxRedeemPercent: 10,
            expiryMonths: 1,
          },
        }),
      },
    });
    renderApp('/dashboard/rewards');
    expect(
      await screen.findByText(
        'Every delivered order earns 1 point for every ₹50 paid. Points expire 1 month after they are credited.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/1 point = ₹0\.50, up to 10% of an order/)).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows an empty history with a way to the shop', async () => {
    signIn({
      'GET /api/loyalty': {
        body: summary({
          balance: 0,
          balanceValueMinor: 0,
          expiringSoon: [],
          history: [],
          pagination: { page: 1, pageSize: 20, rowCount: 0, pageCount: 0 },
        }),
      },
    });
    renderApp('/dashboard/rewards');
    expect(await screen.findByText('No points yet.')).toBeTruthy();
    expect(screen.getByTestId('points-balance').textContent).toBe('0 points');
    expect(
      screen.getByText('Your first delivered order earns 1 point for every ₹100 paid.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the points cannot be loaded and tries again', async () => {
    let fail = true;
    const fetchMock = signIn({
      'GET /api/loyalty': () =>
        fail
          ? {
              status: 500,
              body: { statusCode: 500, error: 'Internal Server Error', message: 'Database down.' },
            }
          : { body: summary() },
    });
    renderApp('/dashboard/rewards');
    expect(await screen.findByText('We could not load your points.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('points-balance')).textContent).toBe('57 points');
    expect(callsTo(fetchMock, 'GET', '/api/loyalty').length).toBeGreaterThanOrEqual(2);
  });

  it('turns the history pages', async () => {
    const fetchMock = signIn({
      'GET /api/loyalty': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return {
          body: summary({
            history: [entry({ id: 100 + page, points: page })],
            pagination: { page, pageSize: 20, rowCount: 25, pageCount: 2 },
          }),
        };
      },
    });
    renderApp('/dashboard/rewards');
    expect(await screen.findByText('+1')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Points history pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('+2')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'History' })),
    );
    expect(
      callsTo(fetchMock, 'GET', '/api/loyalty').map(([input]) =>
        new URL(String(input), 'http://localhost').searchParams.get('page'),
      ),
    ).toEqual(['1', '2']);
  });
});
