import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardPeriod, DashboardResponse } from '@pharmacy/shared';
import { mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { OperationsDashboard } from './operations-dashboard';

// uPlot draws on a canvas jsdom does not have; the charts are not what these tests are about.
vi.mock('./daily-chart', () => ({
  DailyChart: ({ title }: { title: string }) => <figure aria-label={title} />,
}));

const figures = (
  deliveredOrders: number,
  deliveredOnTime: number,
  onTimeRate: number | null,
): DashboardPeriod['current'] => ({
  revenueMinor: 0,
  orders: 0,
  averageOrderValueMinor: null,
  newCustomers: 0,
  cancelledOrders: 0,
  cancellationRate: null,
  deliveredOrders,
  deliveredOnTime,
  onTimeRate,
});

const period = (
  days: number,
  current: DashboardPeriod['current'],
  previous: DashboardPeriod['previous'],
): DashboardPeriod => ({
  days,
  from: '2026-11-20',
  to: '2026-11-26',
  previousFrom: '2026-11-13',
  previousTo: '2026-11-19',
  current,
  previous,
});

function dashboardOf(queues: Partial<DashboardResponse['queues']> = {}): DashboardResponse {
  return {
    generatedAt: '2026-11-26T06:30:00.000Z',
    timeZone: 'Asia/Kolkata',
    today: '2026-11-26',
    queues: {
      prescriptionReview: 0,
      approved: 0,
      packing: 0,
      overdue: 0,
      dueToday: 0,
      late: 0,
      openContactMessages: 0,
      openReturns: 0,
      ...queues,
    },
    periods: [
      // Today: nothing promised was delivered yet, against yesterday's one on time.
      period(1, figures(0, 0, null), figures(1, 1, 1)),
      // The last 7 days: 2 of 3 on time, against a week when every one was late.
      period(7, figures(3, 2, 0.667), figures(2, 0, 0)),
      period(30, figures(1_999, 1_998, 0.999), figures(0, 0, null)),
    ],
    daily: [],
    ordersByStatus: [],
    topProductsByUnits: [],
    topProductsByRevenue: [],
    lowStock: [],
    lowStockCount: 0,
    nearExpiry: [],
    nearExpiryCount: 0,
  };
}

function renderDashboard(dashboard: DashboardResponse) {
  mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/dashboard': { body: dashboard },
  });
  renderWithProviders(<OperationsDashboard />, { url: '/dashboard' });
}

/** A figure's card: its term and the descriptions that follow it. */
function figureCard(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement!;
}

describe('operations dashboard: the dispatch desk (issue 29 point 5)', { timeout: 20_000 }, () => {
  it('shows the loading state, then Due today and Late linked to their order lists', async () => {
    renderDashboard(dashboardOf({ dueToday: 3, late: 4, packing: 5 }));
    expect(screen.getByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('Loading the dashboard'),
    );

    const due = await screen.findByRole('link', { name: /^Due today:\s*3/ });
    expect(due.getAttribute('href')).toBe('/dashboard/orders/all?dueToday=true');
    expect(due.textContent).toContain('Promised for today, not dispatched yet');
    const late = screen.getByRole('link', { name: /^Late:\s*4/ });
    expect(late.getAttribute('href')).toBe('/dashboard/orders/all?late=true');
    expect(late.textContent).toContain('Promised before today, not delivered yet');
    // Something late is red, like the other late queue; something due is amber.
    expect(late.querySelector('[aria-hidden="true"]')?.className).toContain('text-red-700');
    expect(due.querySelector('[aria-hidden="true"]')?.className).toContain('text-amber-800');
    // The queues keep their place beside the others.
    const names = within(screen.getByRole('region', { name: 'Work queues' }))
      .getAllByRole('link')
      .map((link) => link.textContent?.split(':')[0]);
    expect(names.slice(2, 6)).toEqual([
      'To pack and dispatch',
      'Due today',
      'Late',
      'Past expected delivery',
    ]);
  });

  it('greys empty queues and still links them', async () => {
    renderDashboard(dashboardOf());
    const due = await screen.findByRole('link', { name: /^Due today:\s*0/ });
    expect(due.querySelector('[aria-hidden="true"]')?.className).toContain('text-slate-500');
    expect(screen.getByRole('link', { name: /^Late:\s*0/ }).getAttribute('href')).toBe(
      '/dashboard/orders/all?late=true',
    );
  });

  it('shows the on-time rate of the chosen period, and — when nothing was delivered', async () => {
    const user = userEvent.setup();
    renderDashboard(dashboardOf());
    await screen.findByRole('heading', { name: 'How the shop is doing' });

    // The last 7 days first, as the other figures.
    let card = figureCard('On-time delivery');
    expect(within(card).getByText('66.7 %')).toBeTruthy();
    expect(within(card).getByText('2 of 3 on time')).toBeTruthy();
    expect(within(card).getByText('+66.7 pts')).toBeTruthy();
    expect(card.textContent).toContain('before: 0 %');

    await user.click(screen.getByRole('button', { name: 'Today' }));
    card = figureCard('On-time delivery');
    expect(within(card).getByText('No promised deliveries')).toBeTruthy();
    expect(card.querySelector('dd')?.textContent).toBe('—');
    expect(card.textContent).toContain('before: 100 %');

    // 1,998 of 1,999 is not 100 %: one parcel was late.
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    card = figureCard('On-time delivery');
    expect(within(card).getByText('99.9 %')).toBeTruthy();
    expect(within(card).getByText('1,998 of 1,999 on time')).toBeTruthy();
    expect(card.textContent).toContain('before: —');
  });
});

describe('operations dashboard by role (issue 32)', { timeout: 20_000 }, () => {
  it("shows a packer's queues only, without figures, charts or stock frames", async () => {
    renderDashboard({
      generatedAt: '2026-11-26T06:30:00.000Z',
      timeZone: 'Asia/Kolkata',
      today: '2026-11-26',
      queues: { approved: 1, packing: 2, dueToday: 3, late: 0, overdue: 0 },
    });
    const queues = await screen.findByRole('region', { name: 'Work queues' });
    expect(
      within(queues)
        .getAllByRole('link')
        .map((link) => link.textContent?.split(':')[0]),
    ).toEqual([
      'Approved, to start packing',
      'To pack and dispatch',
      'Due today',
      'Late',
      'Past expected delivery',
    ]);
    expect(screen.queryByRole('heading', { name: 'How the shop is doing' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'The last 30 days' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Stock to look at' })).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(document.body.textContent).not.toMatch(/₹|NaN/);
  });

  it('shows the stock lists without the charts for a role that keeps stock only', async () => {
    renderDashboard({
      generatedAt: '2026-11-26T06:30:00.000Z',
      timeZone: 'Asia/Kolkata',
      today: '2026-11-26',
      queues: {},
      lowStock: [],
      lowStockCount: 0,
    });
    expect(await screen.findByRole('heading', { name: 'Stock to look at' })).toBeTruthy();
    expect(screen.getByText('No product is below its reorder level.')).toBeTruthy();
    expect(screen.queryByText('No batch expires soon.')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Work queues' })).toBeNull();
  });

  it('says so when the role has nothing on the dashboard', async () => {
    renderDashboard({
      generatedAt: '2026-11-26T06:30:00.000Z',
      timeZone: 'Asia/Kolkata',
      today: '2026-11-26',
      queues: {},
    });
    expect(await screen.findByText('Nothing on your dashboard.')).toBeTruthy();
  });
});
