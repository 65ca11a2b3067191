import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HealthAccessEntry } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const owner = {
  id: 1,
  name: 'Asha Owner',
  email: 'owner@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

const entries: HealthAccessEntry[] = [
  {
    id: 9,
    occurredAt: '2026-11-28T10:20:30.000Z',
    actor: { id: 5, name: 'Priya Pharmacist', email: 'priya@example.com', roleId: 3 },
    customer: { id: 7, name: 'Ravi Kumar', email: 'ravi@example.com' },
    details: {
      opened: 'prescription_file',
      orderId: 41,
      fileId: 3,
      patientId: null,
      route: 'GET /api/prescription-file/:fileId',
    },
  },
  {
    id: 8,
    occurredAt: '2026-11-28T10:19:00.000Z',
    actor: { id: 5, name: 'Priya Pharmacist', email: 'priya@example.com', roleId: 3 },
    customer: { id: 7, name: 'Ravi Kumar', email: 'ravi@example.com' },
    details: {
      opened: 'order_patient',
      orderId: 41,
      fileId: null,
      patientId: 12,
      route: 'GET /api/order/getOrderDetail/:orderId',
    },
  },
];

const page = (items: HealthAccessEntry[], rowCount = items.length) => ({
  body: {
    entries: items,
    pagination: { page: 1, pageCount: Math.ceil(rowCount / 20), rowCount, pageSize: 20 },
  },
});

type Handler = MockResponse | ((request: { body: unknown; url: URL }) => MockResponse);

function signInAsOwner(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'owner-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: owner },
    'GET /api/staff': {
      body: {
        staff: [
          {
            id: 5,
            name: 'Priya Pharmacist',
            email: 'priya@example.com',
            roleId: 3,
            deactivatedAt: null,
            createdAt: '2026-11-01T00:00:00.000Z',
          },
        ],
        invitations: [],
      },
    },
    ...routes,
  });
}

describe('health-data access log (issue 32 point 4)', { timeout: 20_000 }, () => {
  it('lists who opened whose health data, and filters by person and by customer', async () => {
    const fetchMock = signInAsOwner({
      'GET /api/audit/health-access': ({ url }) =>
        page(url.searchParams.get('customerId') === '7' ? entries.slice(0, 1) : entries),
    });
    renderApp('/dashboard/audit/health-access');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Health-data access' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const table = await screen.findByRole('table', {
      name: 'Health-data access entries, newest first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Priya Pharmacist')).toBeTruthy();
    expect(within(rows[0]!).getByText('Ravi Kumar')).toBeTruthy();
    expect(
      within(rows[0]!)
        .getByRole('link', { name: 'Prescription file (order #41, file #3)' })
        .getAttribute('href'),
    ).toBe('/order/41');
    expect(
      within(rows[1]!).getByText("An order's patient record (order #41, patient #12)"),
    ).toBeTruthy();
    expect(screen.getByText('2 entries, newest first.')).toBeTruthy();

    // By customer: the button beside the name.
    await userEvent.click(
      within(rows[0]!).getByRole('button', { name: 'Only the records of Ravi Kumar' }),
    );
    expect(await screen.findByText('1 entry match, newest first.')).toBeTruthy();
    expect(screen.getByText('Ravi Kumar', { selector: 'strong' })).toBeTruthy();

    // By person: the select names the staff.
    const select = screen.getByLabelText('Opened by');
    await waitFor(() =>
      expect(
        within(select).getByRole('option', { name: 'Priya Pharmacist (Pharmacist)' }),
      ).toBeTruthy(),
    );
    await userEvent.selectOptions(select, '5');
    await waitFor(() => {
      const last = callsTo(fetchMock, 'GET', '/api/audit/health-access').at(-1)?.[0];
      expect(new URL(String(last), 'http://localhost').searchParams.toString()).toBe(
        'page=1&actorUserId=5&customerId=7',
      );
    });

    // The menu has the entry, marked current.
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav).getByRole('link', { name: 'Health-data Access' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('says so when no one has opened health data yet', async () => {
    signInAsOwner({ 'GET /api/audit/health-access': page([]) });
    renderApp('/dashboard/audit/health-access');
    expect(
      await screen.findByText('No one has opened health data yet.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows the error with a way to try again', async () => {
    signInAsOwner({
      'GET /api/audit/health-access': { status: 500, body: { statusCode: 500, message: 'Down.' } },
    });
    renderApp('/dashboard/audit/health-access');
    expect(
      await screen.findByText('The health-data access log could not be loaded.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
