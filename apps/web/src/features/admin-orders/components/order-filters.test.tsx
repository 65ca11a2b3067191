import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../../../testing/admin-session';
import type { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** The query strings of the order list requests made so far. */
function listQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/order/all'))
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));
}

describe('All Orders filters (issue 18)', { timeout: 20_000 }, () => {
  it('reads the filters from the address, shows them and sends them', async () => {
    const fetchMock = signInAsAdmin();
    renderApp('/dashboard/orders/all?statusId=10&from=2026-11-01&to=2026-11-30&overdue=true');
    expect(
      await screen.findByLabelText('Placed from', undefined, { timeout: 10_000 }),
    ).toHaveProperty('value', '2026-11-01');
    expect(screen.getByLabelText('Placed to')).toHaveProperty('value', '2026-11-30');
    expect(screen.getByLabelText('Overdue')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Prescription pending')).toHaveProperty('checked', false);
    expect(screen.getByLabelText('Status')).toHaveProperty('value', '10');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({
        statusId: '10',
        from: '2026-11-01',
        to: '2026-11-30',
        overdue: 'true',
      }),
    );
    expect(listQueries(fetchMock).at(-1)).not.toHaveProperty('prescriptionPending');
  });

  it('sends a ticked box, drops the page, and clears everything', async () => {
    const fetchMock = signInAsAdmin();
    const user = userEvent.setup();
    renderApp('/dashboard/orders/all?page=3');
    await user.click(
      await screen.findByLabelText('Prescription pending', undefined, { timeout: 10_000 }),
    );
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({
        prescriptionPending: 'true',
        page: '1',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).not.toHaveProperty('prescriptionPending'),
    );
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says when the end comes before the start and does not send it', async () => {
    const fetchMock = signInAsAdmin();
    renderApp('/dashboard/orders/all?from=2026-11-30&to=2026-11-01');
    expect(
      await screen.findByText('The end date is before the start date.', undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(0));
    expect(listQueries(fetchMock).at(-1)).toMatchObject({ from: '2026-11-30' });
    expect(listQueries(fetchMock).at(-1)).not.toHaveProperty('to');
  });

  it('reads and sends the dispatch desk’s queues, due today and late (issue 29)', async () => {
    const fetchMock = signInAsAdmin();
    const user = userEvent.setup();
    renderApp('/dashboard/orders/all?dueToday=true');
    expect(
      await screen.findByLabelText('Due today', undefined, { timeout: 10_000 }),
    ).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Late')).toHaveProperty('checked', false);
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ dueToday: 'true' }));
    expect(listQueries(fetchMock).at(-1)).not.toHaveProperty('late');

    await user.click(screen.getByLabelText('Due today'));
    await user.click(screen.getByLabelText('Late'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ late: 'true' }));
    expect(listQueries(fetchMock).at(-1)).not.toHaveProperty('dueToday');
  });

  it('ignores a day that is not on the calendar', async () => {
    const fetchMock = signInAsAdmin();
    renderApp('/dashboard/orders/all?from=2026-02-30');
    await screen.findByLabelText('Placed from', undefined, { timeout: 10_000 });
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(0));
    expect(listQueries(fetchMock).at(-1)).not.toHaveProperty('from');
  });
});
