import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LowStockItem, NearExpiryItem } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const admin = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

type Handler = MockResponse | ((request: { body: unknown; url: URL }) => MockResponse);

function signInAsAdmin(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'admin-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: admin },
    ...routes,
  });
}

function requested(fetchMock: ReturnType<typeof mockApi>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

const lowStock: LowStockItem[] = [
  { productId: 21, name: 'Reactin 50 Tablet', quantity: 0, reorderLevel: 5, shortfall: 5 },
  { productId: 7, name: 'Dolo 650 Tablet', quantity: 3, reorderLevel: 10, shortfall: 7 },
];

const pagination = (rowCount: number, page = 1) => ({
  page,
  pageCount: Math.ceil(rowCount / 25),
  rowCount,
  pageSize: 25,
});

describe('low-stock list (issue 15)', { timeout: 20_000 }, () => {
  it('lists products below their reorder level, red, linked to their admin page', async () => {
    signInAsAdmin({
      'GET /api/inventory/low-stock': { body: { items: lowStock, pagination: pagination(2) } },
    });
    renderApp('/dashboard/inventory/low-stock');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Low Stock' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('2 products are below the reorder level.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Products below their reorder level' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Sellable stock', 'Reorder level', 'Shortfall', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Not Available').className).toContain('text-red-700');
    expect(within(second!).getByText('3').className).toContain('text-red-700');
    expect(
      within(second!).getByRole('link', { name: 'Dolo 650 Tablet' }).getAttribute('href'),
    ).toBe('/dashboard/product/edit/7');
    expect(
      within(second!)
        .getByRole('link', { name: 'Receive stock of Dolo 650 Tablet' })
        .getAttribute('href'),
    ).toBe('/dashboard/product/edit/7#stock');
    // The admin menu has the entry, marked current.
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Low Stock' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('sorts by a column header, says so with aria-sort, and turns the order on a second click', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/inventory/low-stock': { body: { items: lowStock, pagination: pagination(2) } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/inventory/low-stock');
    const table = await screen.findByRole(
      'table',
      { name: 'Products below their reorder level' },
      { timeout: 5000 },
    );
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Sellable stock').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Shortfall').getAttribute('aria-sort')).toBeNull();

    await user.click(within(header('Shortfall')).getByRole('button'));
    await waitFor(() => expect(header('Shortfall').getAttribute('aria-sort')).toBe('ascending'));
    expect(router.state.location.search).toBe('?sort=shortfall&direction=asc');
    await user.click(within(header('Shortfall')).getByRole('button'));
    await waitFor(() => expect(header('Shortfall').getAttribute('aria-sort')).toBe('descending'));
    expect(header('Sellable stock').getAttribute('aria-sort')).toBeNull();

    const sent = requested(fetchMock, '/api/inventory/low-stock').map((query) => [
      query.get('sort'),
      query.get('direction'),
      query.get('page'),
    ]);
    expect(sent).toEqual([
      ['quantity', 'asc', '1'],
      ['shortfall', 'asc', '1'],
      ['shortfall', 'desc', '1'],
    ]);
  });

  it('goes through the pages', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/inventory/low-stock': ({ url }) => ({
        body: {
          items: lowStock,
          pagination: pagination(60, Number(url.searchParams.get('page') ?? 1)),
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/inventory/low-stock?sort=name&direction=desc');
    const pages = await screen.findByRole(
      'navigation',
      { name: 'Low stock pages' },
      { timeout: 5000 },
    );
    await user.click(within(pages).getByRole('button', { name: /3/ }));
    await waitFor(() =>
      expect(requested(fetchMock, '/api/inventory/low-stock').at(-1)?.toString()).toBe(
        'page=3&sort=name&direction=desc&pageSize=25',
      ),
    );
  });

  it('has an empty state and an error state', async () => {
    let fail = true;
    signInAsAdmin({
      'GET /api/inventory/low-stock': () =>
        fail
          ? {
              status: 500,
              body: { statusCode: 500, error: 'Error', message: 'Something went wrong' },
            }
          : { body: { items: [], pagination: pagination(0) } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/inventory/low-stock');
    expect(
      await screen.findByText('The low-stock list could not be loaded.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No product is below its reorder level.')).toBeTruthy();
  });

  it('keeps the old /admin address working', async () => {
    signInAsAdmin({
      'GET /api/inventory/low-stock': { body: { items: [], pagination: pagination(0) } },
    });
    const { router } = renderApp('/admin/inventory/low-stock');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Low Stock' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/inventory/low-stock');
  });
});

const nearExpiry: NearExpiryItem[] = [
  {
    batchId: 207,
    productId: 101,
    productName: 'Amaryl 2mg Tablet',
    batchNumber: 'SI24-8975',
    expiryDate: '2026-10-30',
    daysToExpiry: -26,
    onHand: 18,
    state: 'expired',
  },
  {
    batchId: 25,
    productId: 13,
    productName: 'Aceclo Plus Tablet',
    batchNumber: 'AP23-5619',
    expiryDate: '2026-11-26',
    daysToExpiry: 1,
    onHand: 8,
    state: 'short_dated',
  },
];

describe('near-expiry list (issue 15)', { timeout: 20_000 }, () => {
  it("starts at the server's window and asks again for the window chosen", async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/inventory/near-expiry': ({ url }) => ({
        body: {
          items: nearExpiry,
          days: Number(url.searchParams.get('days') ?? 120),
          pagination: pagination(2),
        },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/inventory/near-expiry');
    const table = await screen.findByRole(
      'table',
      { name: 'Batches expiring within 120 days, expired ones included' },
      { timeout: 5000 },
    );
    const windowSelect = screen.getByLabelText('Expiring within') as HTMLSelectElement;
    expect(windowSelect.value).toBe('120');
    expect([...windowSelect.options].map((option) => option.value)).toEqual([
      '30',
      '60',
      '90',
      '120',
      '180',
      '365',
    ]);
    expect(requested(fetchMock, '/api/inventory/near-expiry')[0]?.has('days')).toBe(false);

    const [expired, soon] = within(table).getAllByRole('row').slice(1);
    expect(within(expired!).getByText('Expired 26 days ago')).toBeTruthy();
    expect(within(expired!).getByText('Expired')).toBeTruthy();
    expect(within(soon!).getByText('Short-dated')).toBeTruthy();
    expect(
      within(soon!).getByRole('link', { name: 'Aceclo Plus Tablet' }).getAttribute('href'),
    ).toBe('/dashboard/product/edit/13#stock');
    expect(
      within(table).getByRole('columnheader', { name: 'Expiry' }).getAttribute('aria-sort'),
    ).toBe('ascending');

    await user.selectOptions(windowSelect, '30');
    await screen.findByRole('table', {
      name: 'Batches expiring within 30 days, expired ones included',
    });
    expect(router.state.location.search).toBe('?days=30');
    expect(requested(fetchMock, '/api/inventory/near-expiry').at(-1)?.get('days')).toBe('30');

    await user.click(
      within(screen.getByRole('columnheader', { name: 'Units' })).getByRole('button'),
    );
    await waitFor(() =>
      expect(requested(fetchMock, '/api/inventory/near-expiry').at(-1)?.toString()).toBe(
        'page=1&sort=units&direction=asc&days=30&pageSize=25',
      ),
    );
  });

  it('says when nothing expires within the window', async () => {
    signInAsAdmin({
      'GET /api/inventory/near-expiry': {
        body: { items: [], days: 90, pagination: pagination(0) },
      },
    });
    renderApp('/dashboard/inventory/near-expiry');
    expect(
      await screen.findByText('No batch with units expires within 90 days.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
  });
});
