import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAsAdmin } from '../../../testing/admin-session';
import type { MockResponse, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { thisMonth } from '../utils/export-range';

function exportCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([input]) =>
    String(input).startsWith('/api/reports/orders.csv'),
  );
}

async function exportForm() {
  return screen.findByRole('form', { name: 'Export orders as CSV' });
}

describe('orders CSV export on All Orders (issue 18)', { timeout: 20_000 }, () => {
  let click: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:orders'), revokeObjectURL: vi.fn() }),
    );
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => click.mockRestore());

  it('downloads this month by default, with the session', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/reports/orders.csv': { body: 'Order,Order date\n' },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/orders/all');
    const form = await exportForm();
    const month = thisMonth();
    expect((within(form).getByLabelText('Orders from') as HTMLInputElement).value).toBe(month.from);
    expect((within(form).getByLabelText('Orders to') as HTMLInputElement).value).toBe(month.to);

    await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText(`Downloaded orders-${month.from}-to-${month.to}.csv`),
    ).toBeTruthy();
    const [call] = exportCalls(fetchMock);
    expect(String(call?.[0])).toBe(`/api/reports/orders.csv?from=${month.from}&to=${month.to}`);
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer admin-token');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('checks the dates with the server’s rules before asking', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/reports/orders.csv': { body: 'Order,Order date\n' },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/orders/all');
    const form = await exportForm();
    const from = within(form).getByLabelText('Orders from');
    const to = within(form).getByLabelText('Orders to');
    await user.clear(from);
    await user.type(from, '2026-10-31');
    await user.clear(to);
    await user.type(to, '2026-10-01');
    await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'The end date is before the start date.',
    );
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(exportCalls(fetchMock)).toHaveLength(0);

    await user.clear(to);
    await user.type(to, '2026-11-15');
    await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded orders-2026-10-31-to-2026-11-15.csv')).toBeTruthy();
    expect(String(exportCalls(fetchMock)[0]?.[0])).toBe(
      '/api/reports/orders.csv?from=2026-10-31&to=2026-11-15',
    );
  });

  it('shows a 400 under the date it names, and any other refusal under the form', async () => {
    let answer: MockResponse = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'from: The start date is not a day on the calendar.',
      },
    };
    signInAsAdmin({ 'GET /api/reports/orders.csv': () => answer });
    const user = userEvent.setup();
    renderApp('/dashboard/orders/all');
    const form = await exportForm();
    await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The start date is not a day on the calendar.',
    );
    expect(within(form).getByLabelText('Orders from').getAttribute('aria-invalid')).toBe('true');

    answer = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message:
          'A value in the request is out of range or contains a character that is not allowed.',
      },
    };
    await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'A value in the request is out of range or contains a character that is not allowed.',
      ),
    );
    expect(within(form).getByLabelText('Orders from').getAttribute('aria-invalid')).toBeNull();
    expect(click).not.toHaveBeenCalled();
  });

  it('is disabled while the file downloads', async () => {
    const fetchMock = signInAsAdmin({});
    const answered = fetchMock.getMockImplementation();
    let finish: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/reports/orders.csv')
        ? new Promise<Response>((resolve) => {
            finish = resolve;
          })
        : (answered?.(input, init) ?? new Response(null, { status: 404 })),
    );
    const user = userEvent.setup();
    renderApp('/dashboard/orders/all');
    const form = await exportForm();
    await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
    const busy = await within(form).findByRole('button', { name: 'Exporting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((within(form).getByLabelText('Orders from') as HTMLInputElement).disabled).toBe(true);
    await user.click(busy);
    expect(exportCalls(fetchMock)).toHaveLength(1);

    finish(
      new Response('Order\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="orders-2026-11-01-to-2026-11-30.csv"',
        },
      }),
    );
    expect(await screen.findByText('Downloaded orders-2026-11-01-to-2026-11-30.csv')).toBeTruthy();
    expect(
      (within(form).getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('is only on All Orders, not on one customer’s orders', async () => {
    signInAsAdmin({});
    renderApp('/dashboard/orders/customers/7');
    expect(await screen.findByRole('heading', { level: 1, name: /Customer Orders/ })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Export orders as CSV' })).toBeNull();
  });
});
