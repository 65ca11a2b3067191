import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderReturnsResponse, ReturnRequest } from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { OrderReturns } from './order-returns';

/** Issue 19: returns and damage reports on a delivered order's page. */
const form: OrderReturnsResponse = {
  requests: [],
  lines: [
    {
      orderLineId: 11,
      productName: 'Dolo 650 Tablet',
      quantity: 3,
      unitPrice: 30,
      returnableUnits: 3,
      blockReason: { return: null, damage: null },
    },
    {
      orderLineId: 12,
      productName: 'Lantus SoloStar Insulin Pen',
      quantity: 1,
      unitPrice: 690,
      returnableUnits: 1,
      blockReason: {
        return:
          'This product cannot be returned: it needs cold storage or cannot be resold once it has left the pharmacy.',
        damage: null,
      },
    },
  ],
  canReturn: true,
  returnDeadline: '2026-12-26T10:00:00.000Z',
  returnBlockReason: null,
  canReportDamage: false,
  damageDeadline: '2026-11-28T10:00:00.000Z',
  damageBlockReason: 'Damaged or wrong items must be reported within 48 hours of delivery.',
};

const refunded: ReturnRequest = {
  id: 4,
  orderId: 9,
  kind: 'return',
  status: 'refunded',
  reasonCode: 'not_needed',
  reasonLabel: 'No longer needed (unopened)',
  reasonText: null,
  rejectionReason: null,
  resolution: 'refund',
  refunded: 60,
  refundDue: 60,
  createdAt: '2026-11-26T05:00:00.000Z',
  lines: [
    {
      orderLineId: 11,
      productName: 'Dolo 650 Tablet',
      units: 2,
      resaleableUnits: 2,
      refundDue: 60,
    },
  ],
  photos: [],
  events: [
    { fromStatus: null, toStatus: 'requested', note: null, createdAt: '2026-11-26T05:00:00.000Z' },
    {
      fromStatus: 'requested',
      toStatus: 'approved',
      note: null,
      createdAt: '2026-11-26T06:00:00.000Z',
    },
    {
      fromStatus: 'approved',
      toStatus: 'received',
      note: null,
      createdAt: '2026-11-27T06:00:00.000Z',
    },
    {
      fromStatus: 'received',
      toStatus: 'refunded',
      note: null,
      createdAt: '2026-11-27T07:00:00.000Z',
    },
  ],
};

describe('order returns (issue 19)', { timeout: 20_000 }, () => {
  it('offers Return items while allowed, shows why a line cannot be returned, and sends the units', async () => {
    let sent: FormData | undefined;
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/9/returns': { body: form },
      'POST /api/order/9/returns': () => ({
        status: 201,
        body: {
          message: 'Your request has been sent. We will reply by e-mail.',
          request: refunded,
        },
      }),
    });
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init = {}) => {
      if (init.body instanceof FormData) sent = init.body;
      return original!(input, init);
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderReturns orderId={9} isOwner />);

    expect(await screen.findByRole('button', { name: 'Return items' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
    expect(
      screen.getByText(/Unopened items can be returned until Saturday, 26 Dec 2026/),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Return items' }));
    const request = screen.getByRole('form', { name: 'Return items' });
    expect(within(request).getByText(/needs cold storage/)).toBeTruthy();
    expect(within(request).queryByLabelText('Units of Lantus SoloStar Insulin Pen')).toBeNull();

    // Nothing chosen: the form says so and sends nothing.
    await user.click(within(request).getByRole('button', { name: 'Send request' }));
    expect(within(request).getByRole('alert').textContent).toBe(
      'Choose at least one item and how many units to send back.',
    );
    expect(callsTo(fetchMock, 'POST', '/api/order/9/returns')).toHaveLength(0);
    // The first units field takes the focus.
    const units = within(request).getByLabelText('Units of Dolo 650 Tablet');
    expect(document.activeElement).toBe(units);

    await user.clear(units);
    await user.type(units, '2');
    await user.click(within(request).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/order/9/returns')).toHaveLength(1));
    expect(sent?.get('kind')).toBe('return');
    expect(sent?.get('reasonCode')).toBe('not_needed');
    expect(JSON.parse(String(sent?.get('lines')))).toEqual([{ orderLineId: 11, units: 2 }]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Return items' })).toBeNull());
  });

  it('shows each request with its steps: Requested, Approved, Received, Refunded ₹x', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/9/returns': {
        body: {
          ...form,
          requests: [refunded],
          canReturn: false,
          returnBlockReason:
            'Returns are accepted within 30 days of delivery; this order was delivered earlier.',
        },
      },
    });
    renderWithProviders(<OrderReturns orderId={9} isOwner />);
    const article = await screen.findByRole('article', { name: 'Return #4' });
    const steps = within(article).getByRole('list', { name: 'Steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Requested', 'Approved', 'Received', 'Refunded ₹60.00']);
    expect(screen.queryByRole('button', { name: 'Return items' })).toBeNull();
    expect(screen.getByText(/within 30 days of delivery/)).toBeTruthy();
  });

  it('asks for a photo before a damage report is sent, and sends it with the photo', async () => {
    let sent: FormData | undefined;
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/9/returns': {
        body: { ...form, canReturn: false, canReportDamage: true, damageBlockReason: null },
      },
      'POST /api/order/9/returns': () => ({
        status: 201,
        body: {
          message: 'Your request has been sent. We will reply by e-mail.',
          request: refunded,
        },
      }),
    });
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init = {}) => {
      if (init.body instanceof FormData) sent = init.body;
      return original!(input, init);
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderReturns orderId={9} isOwner />);
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const report = screen.getByRole('form', { name: 'Report damaged or wrong items' });
    // Cold-chain items can be reported damaged, though not returned.
    await user.type(within(report).getByLabelText('Units of Lantus SoloStar Insulin Pen'), '1');
    await user.selectOptions(within(report).getByLabelText('Reason'), 'Arrived damaged');
    await user.click(within(report).getByRole('button', { name: 'Send request' }));
    expect(within(report).getByRole('alert').textContent).toBe(
      'Please add at least one photo of the damaged or wrong item.',
    );
    // The message belongs to the photo field, which takes the focus.
    expect(document.activeElement).toBe(within(report).getByLabelText('Photos'));
    expect(within(report).getByLabelText('Photos').getAttribute('aria-invalid')).toBe('true');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'broken.png', {
      type: 'image/png',
    });
    await user.upload(within(report).getByLabelText('Photos'), photo);
    await user.click(within(report).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/order/9/returns')).toHaveLength(1));
    expect(sent?.get('kind')).toBe('damage');
    expect(sent?.get('reasonCode')).toBe('damaged');
    expect((sent?.get('photo') as File).name).toBe('broken.png');
  });

  it('shows the rejection reason', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/9/returns': {
        body: {
          ...form,
          requests: [
            {
              ...refunded,
              status: 'rejected',
              rejectionReason: 'The seal is broken.',
              refunded: 0,
              events: [
                refunded.events[0],
                {
                  fromStatus: 'requested',
                  toStatus: 'rejected',
                  note: 'The seal is broken.',
                  createdAt: '2026-11-26T06:00:00.000Z',
                },
              ],
            },
          ],
        },
      },
    });
    renderWithProviders(<OrderReturns orderId={9} isOwner={false} />);
    expect(await screen.findByText('Reason: The seal is broken.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return items' })).toBeNull();
  });
});
