import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { H1RegisterEntry } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { monthRange } from '../utils/register-range';

const admin = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: 'KA/PH/2019/04512',
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

function registerCalls(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/compliance/register')
    .map((url) => url.searchParams);
}

const entry: H1RegisterEntry = {
  id: 1,
  dispatchedAt: '2026-11-21T09:30:00.000Z',
  orderId: 42,
  patientName: 'Ravi Kumar',
  prescriberName: 'Dr. Meera Rao',
  prescriberRegistrationNumber: 'KMC 45678',
  productId: 12,
  productName: 'Taxim-O 200 Tablet',
  batchNumber: 'TXO-2411',
  units: 2,
  pharmacistName: 'Asha Admin',
  pharmacistRegistrationNumber: 'KA/PH/2019/04512',
};

const pagination = (rowCount: number, page = 1) => ({
  page,
  pageCount: Math.ceil(rowCount / 50),
  rowCount,
  pageSize: 50,
});

describe('H1 register (issue 16)', { timeout: 20_000 }, () => {
  it("asks for this month by default and shows each entry's people with their numbers", async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/compliance/register': { body: { entries: [entry], pagination: pagination(1) } },
    });
    renderApp('/dashboard/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'H1 Register' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: /^Schedule H1 register from/ });
    const month = monthRange();
    expect(registerCalls(fetchMock)[0]?.get('from')).toBe(month.from);
    expect(registerCalls(fetchMock)[0]?.get('to')).toBe(month.to);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Date',
      'Order',
      'Patient',
      'Prescriber',
      'Product',
      'Batch',
      'Units',
      'Pharmacist',
    ]);
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: '#42' }).getAttribute('href')).toBe('/order/42');
    expect(row!.textContent).toContain('Dr. Meera RaoReg. no KMC 45678');
    expect(row!.textContent).toContain('Asha AdminReg. no KA/PH/2019/04512');
    expect(row!.textContent).toContain('TXO-2411');
    expect(screen.getByText(/: 1 entry\.$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'H1 Register' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('checks the period, then asks for it and keeps it in the address', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/compliance/register': { body: { entries: [], pagination: pagination(0) } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/register');
    expect(
      await screen.findByText('No Schedule H1 medicine was dispatched in this period.'),
    ).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Register period' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-10-31');
    await user.clear(to);
    await user.type(to, '2026-10-01');
    await user.click(within(form).getByRole('button', { name: 'Show register' }));
    expect(within(form).getByRole('alert').textContent).toBe('The end date is before the start.');
    const asked = registerCalls(fetchMock).length;

    await user.clear(to);
    await user.type(to, '2026-11-15');
    await user.click(within(form).getByRole('button', { name: 'Show register' }));
    await waitFor(() => expect(registerCalls(fetchMock).length).toBe(asked + 1));
    expect(registerCalls(fetchMock).at(-1)?.get('from')).toBe('2026-10-31');
    expect(registerCalls(fetchMock).at(-1)?.get('to')).toBe('2026-11-15');
    expect(router.state.location.search).toBe('?from=2026-10-31&to=2026-11-15');
    // Another period than this month offers the way back to it.
    await user.click(await screen.findByRole('button', { name: 'Show this month' }));
    await waitFor(() =>
      expect(registerCalls(fetchMock).at(-1)?.get('from')).toBe(monthRange().from),
    );
  });

  it('has an error state with a retry', async () => {
    let fail = true;
    signInAsAdmin({
      'GET /api/compliance/register': () =>
        fail
          ? {
              status: 500,
              body: { statusCode: 500, error: 'Internal', message: 'Something went wrong' },
            }
          : { body: { entries: [entry], pagination: pagination(1) } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/register?from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('The register could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /^Schedule H1 register from/ })).toBeTruthy();
  });

  it('exports the period as CSV with the session', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/compliance/register': { body: { entries: [entry], pagination: pagination(1) } },
      'GET /api/compliance/register.csv': { body: 'Dispatched at,Order\n' },
    });
    const createObjectURL = vi.fn(() => 'blob:register');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/dashboard/register?from=2026-11-01&to=2026-11-30');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe(
      '/api/compliance/register.csv?from=2026-11-01&to=2026-11-30',
    );
    await user.click(link);
    expect(
      await screen.findByText('Downloaded h1-register-2026-11-01-to-2026-11-30.csv'),
    ).toBeTruthy();
    const call = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/api/compliance/register.csv'),
    );
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer admin-token');
    expect(click).toHaveBeenCalled();
  });

  it('keeps the register from members', async () => {
    window.localStorage.setItem('token', 'member-token');
    reloadSession();
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/user/myProfile': {
        body: { ...admin, roleId: 2, pharmacistRegistrationNumber: null },
      },
    });
    renderApp('/dashboard/register');
    expect(await screen.findByText('The page you are looking for was not found.')).toBeTruthy();
  });
});
