import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReturnQueueItem, ReturnQueueResponse } from '@pharmacy/shared';
import { signInAsAdmin } from '../../../testing/admin-session';
import { callsTo } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 19: the admin's returns queue and a request worked step by step. */
const requested: ReturnQueueItem = {
  id: 4,
  orderId: 9,
  kind: 'return',
  status: 'requested',
  reasonCode: 'not_needed',
  reasonLabel: 'No longer needed (unopened)',
  reasonText: 'Doctor stopped it',
  rejectionReason: null,
  resolution: null,
  refunded: 0,
  refundDue: 60,
  createdAt: '2026-11-26T05:00:00.000Z',
  lines: [
    {
      orderLineId: 11,
      productName: 'Dolo 650 Tablet',
      units: 2,
      resaleableUnits: null,
      refundDue: 60,
    },
  ],
  photos: [],
  events: [
    { fromStatus: null, toStatus: 'requested', note: null, createdAt: '2026-11-26T05:00:00.000Z' },
  ],
  customerName: 'Ravi Kumar',
  customerEmail: 'ravi@example.com',
  orderTotal: 90,
  paymentNote: 'Cash on Delivery',
  refundable: 90,
};

const queue = (requests: ReturnQueueItem[]): ReturnQueueResponse => ({
  requests,
  pagination: { page: 1, pageSize: 20, rowCount: requests.length, pageCount: 1 },
  counts: { open: requests.length, requested: requests.length },
});

describe('returns queue (issue 19)', { timeout: 20_000 }, () => {
  it('lists open requests oldest first with tabs, and links to each', async () => {
    signInAsAdmin({ 'GET /api/returns': { body: queue([requested]) } });
    renderApp('/dashboard/returns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: /Return #4 · Order #9/ });
    expect(link.getAttribute('href')).toBe('/dashboard/returns/4');
    expect(link.textContent).toContain('Ravi Kumar');
    const tabs = screen.getByRole('navigation', { name: 'Return status' });
    expect(
      within(tabs)
        .getByRole('link', { name: /To handle/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Returns' })).toBeTruthy();
  });

  it('approves, receives with resaleable units, and refunds cash on delivery with a payout reference', async () => {
    let current: ReturnQueueItem = requested;
    const bodies: unknown[] = [];
    const step =
      (status: ReturnQueueItem['status']) =>
      ({ body }: { body: unknown }) => {
        bodies.push(body);
        current = { ...current, status };
        return { body: { message: 'Done.', request: current } };
      };
    const fetchMock = signInAsAdmin({
      'GET /api/returns/4': () => ({ body: current }),
      'POST /api/returns/4/approve': step('approved'),
      'POST /api/returns/4/receive': step('received'),
      'POST /api/returns/4/refund': step('refunded'),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/returns/4');

    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Mark received' }));
    expect(bodies[1]).toEqual({ lines: [{ orderLineId: 11, resaleableUnits: 2 }] });

    const amount = await screen.findByLabelText('Refund amount (₹)');
    expect((amount as HTMLInputElement).value).toBe('60.00');
    await user.type(screen.getByLabelText('Payout reference'), 'UPI-4471');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/returns/4/refund')).toHaveLength(1),
    );
    expect(bodies[2]).toEqual({ amount: 60, payout: { channel: 'upi', reference: 'UPI-4471' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull());
  });

  it('rejects with the reason the pharmacist gives, and shows the server’s refusal', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/returns/4': { body: requested },
      'POST /api/returns/4/reject': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'This request has already been answered.',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/returns/4');
    const reason = await screen.findByLabelText('Reason for rejecting');
    // The shared rule answers a too short reason before anything is sent, on the field itself.
    await user.type(reason, 'x');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Please say why the request is rejected.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(callsTo(fetchMock, 'POST', '/api/returns/4/reject')).toHaveLength(0);
    await user.type(reason, ' is a duplicate');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(
      (await screen.findAllByText('This request has already been answered.')).length,
    ).toBeGreaterThan(0);
    const [, init] = callsTo(fetchMock, 'POST', '/api/returns/4/reject')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'x is a duplicate' });
  });
});
