import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditVerifyResponse } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const admin = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  // Issue 16: the profile names a pharmacist's registration number (none for this admin).
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

const HEAD = 'ab'.repeat(32);

const entries: AuditEntry[] = [
  {
    id: 3,
    occurredAt: '2026-11-25T10:20:30.123Z',
    actorUserId: 1,
    actorName: 'Asha Admin',
    actorEmail: 'admin@example.com',
    action: 'product.price_changed',
    entityType: 'product',
    entityId: '12',
    details: {
      name: 'Dolo 650 Tablet',
      offerPriceMinor: { from: 9000, to: 14000 },
      maximumRetailPriceMinor: { from: 10000, to: 15550 },
    },
    hash: HEAD,
  },
  {
    id: 2,
    occurredAt: '2026-11-25T09:00:00.000Z',
    actorUserId: 1,
    actorName: 'Asha Admin',
    actorEmail: 'admin@example.com',
    action: 'stock.adjusted',
    entityType: 'stock_batch',
    entityId: '4',
    details: { batchNumber: 'DL-2291', units: -3, reason: 'damaged', note: null },
    hash: 'cd'.repeat(32),
  },
  {
    id: 1,
    occurredAt: '2026-11-24T08:00:00.000Z',
    actorUserId: null,
    actorName: null,
    actorEmail: null,
    action: 'user.role_changed',
    entityType: 'user',
    entityId: '7',
    details: { roleId: { from: 2, to: 1 }, via: 'ADMIN_EMAIL at start' },
    hash: 'ef'.repeat(32),
  },
];

const list = (items: AuditEntry[], rowCount = items.length, page = 1) => ({
  body: {
    entries: items,
    pagination: { page, pageCount: Math.ceil(rowCount / 25), rowCount, pageSize: 25 },
  },
});

const verified: AuditVerifyResponse = {
  ok: true,
  entries: 3,
  headHash: HEAD,
  checkedAt: '2026-11-25T10:30:00.000Z',
};

const broken: AuditVerifyResponse = {
  ok: false,
  entries: 1,
  headHash: 'ef'.repeat(32),
  firstMismatch: {
    id: 2,
    occurredAt: '2026-11-25T09:00:00.000Z',
    action: 'stock.adjusted',
    reason: 'its content does not match its hash',
  },
  checkedAt: '2026-11-25T10:31:00.000Z',
};

describe('audit log (issue 16 point 7)', { timeout: 20_000 }, () => {
  it('shows the verified chain with its head hash and the entries, newest first, in words', async () => {
    signInAsAdmin({
      'GET /api/audit': list(entries),
      'GET /api/audit/verify': { body: verified },
    });
    renderApp('/dashboard/audit');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Audit Log' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Chain verified: 3 entries match their hashes.')).toBeTruthy();
    expect(screen.getByText(HEAD)).toBeTruthy();
    expect(screen.getByText('Head hash (entry #3)')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Price changed',
      'Stock adjusted',
      'Role changed',
    ]);
    const [price, stock, role] = rows;
    expect(within(price!).getByText('₹90.00 → ₹140.00')).toBeTruthy();
    expect(within(price!).getByText('₹100.00 → ₹155.50')).toBeTruthy();
    expect(within(price!).getByRole('link', { name: 'Product #12' }).getAttribute('href')).toBe(
      '/dashboard/product/edit/12',
    );
    expect(within(stock!).getByText('Damaged')).toBeTruthy();
    expect(within(role!).getByText('Member → Admin')).toBeTruthy();
    expect(within(role!).getByText('System')).toBeTruthy();

    // The admin menu has the entry, marked current.
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Audit Log' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('names the first entry that no longer matches in a red alert, and verifies again on request', async () => {
    let answer = broken;
    const fetchMock = signInAsAdmin({
      'GET /api/audit': list(entries),
      'GET /api/audit/verify': () => ({ body: answer }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/audit');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(alert.textContent).toContain(
        'The audit chain does not verify: entry #2 no longer matches.',
      ),
    );
    expect(alert.textContent).toContain('Stock adjusted');
    expect(alert.textContent).toContain('its content does not match its hash');

    answer = verified;
    const again = screen.getByRole('button', { name: 'Verify again' });
    again.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Chain verified: 3 entries match their hashes.')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/audit/verify')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verify again' }));
  });

  it('filters by action and by one entity, in the URL', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/audit': ({ url }) =>
        list(
          entries.filter(
            (entry) =>
              (!url.searchParams.get('action') ||
                entry.action === url.searchParams.get('action')) &&
              (!url.searchParams.get('entityId') ||
                entry.entityId === url.searchParams.get('entityId')),
          ),
        ),
      'GET /api/audit/verify': { body: verified },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/audit');
    await screen.findByRole('table', {}, { timeout: 5000 });

    await user.selectOptions(screen.getByLabelText('Action'), 'stock.adjusted');
    await waitFor(() => expect(router.state.location.search).toBe('?action=stock.adjusted'));
    expect(await screen.findByText('1 entry match, newest first.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Action'), '');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(
      await screen.findByRole('button', { name: 'History of User #7' }, { timeout: 5000 }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?entityType=user&entityId=7'));
    expect(await screen.findByText('User #7', { selector: 'strong' })).toBeTruthy();
    const last = callsTo(fetchMock, 'GET', '/api/audit').at(-1)?.[0];
    expect(new URL(String(last), 'http://localhost').searchParams.toString()).toBe(
      'page=1&entityType=user&entityId=7&pageSize=25',
    );
    await user.click(screen.getByRole('button', { name: 'Show all entities' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when nothing is recorded yet', async () => {
    signInAsAdmin({
      'GET /api/audit': list([]),
      'GET /api/audit/verify': {
        body: { ok: true, entries: 0, headHash: '0'.repeat(64), checkedAt: verified.checkedAt },
      },
    });
    renderApp('/dashboard/audit');
    expect(
      await screen.findByText('Nothing has been recorded yet.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('The audit log is empty: nothing to verify yet.')).toBeTruthy();
  });

  it('shows an error with a way to try again', async () => {
    signInAsAdmin({
      'GET /api/audit': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
      'GET /api/audit/verify': { body: verified },
    });
    renderApp('/dashboard/audit');
    expect(
      await screen.findByText('The audit log could not be loaded.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
