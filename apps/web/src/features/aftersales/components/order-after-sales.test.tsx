import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderAfterSales as AfterSales } from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { OrderAfterSales } from './order-after-sales';

const open: AfterSales = {
  cancellation: null,
  refunds: [],
  payments: [],
  canCancel: true,
  cancelBlockReason: null,
  canChangeAddress: true,
  cancelDeadline: '2026-11-28T10:00:00.000Z',
};
const cancelled: AfterSales = {
  cancellation: {
    by: 'customer',
    byName: 'Asha Verma',
    reasonCode: 'changed_mind',
    reasonLabel: 'I changed my mind',
    reasonText: null,
    at: '2026-11-27T10:00:00.000Z',
  },
  refunds: [
    {
      id: 3,
      reason: 'cancellation',
      method: 'card',
      amount: 398,
      amountMinor: 39800,
      status: 'pending',
      payoutChannel: null,
      payoutReference: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      completedAt: null,
    },
  ],
  payments: [],
  canCancel: false,
  cancelBlockReason: 'This order is already cancelled.',
  canChangeAddress: false,
  cancelDeadline: null,
};

describe('Order after-sales panel (issue 19)', () => {
  it('cancels with a chosen reason, then shows the cancellation and the refund', async () => {
    let state = open;
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/42/after-sales': () => ({ body: state }),
      'POST /api/order/42/cancel': () => {
        state = cancelled;
        return { body: { message: 'Your order is cancelled.', afterSales: cancelled } };
      },
    });
    renderWithProviders(<OrderAfterSales orderId={42} addressId={5} viewer="owner" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('Please choose a reason.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/order/42/cancel')).toHaveLength(0);
    // The first reason takes the focus; the group says what is wrong.
    const firstReason = within(dialog).getAllByRole('radio')[0];
    expect(document.activeElement).toBe(firstReason);
    expect(firstReason?.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('group').getAttribute('aria-describedby')).toBe(
      within(dialog).getByText('Please choose a reason.').id,
    );

    await user.click(within(dialog).getByRole('radio', { name: 'Another reason' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('Please tell us why you are cancelling.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Tell us why'));

    await user.click(within(dialog).getByRole('radio', { name: 'I changed my mind' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/order/42/cancel')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/order/42/cancel')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ reasonCode: 'changed_mind' });
    expect(
      await screen.findByText(/You cancelled this order on .*: I changed my mind/),
    ).toBeTruthy();
    expect(screen.getByText('Refund of ₹398.00 to your card: processing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it("shows the server's sentence when the cancel is refused", async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/42/after-sales': { body: open },
      'POST /api/order/42/cancel': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message:
            'This order has already been dispatched and can no longer be cancelled. You can ask to return it once it is delivered.',
        },
      },
    });
    renderWithProviders(<OrderAfterSales orderId={42} addressId={5} viewer="owner" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    await user.click(within(dialog).getByRole('radio', { name: 'I ordered by mistake' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(
      await within(dialog).findByText(/already been dispatched and can no longer be cancelled/),
    ).toBeTruthy();
  });

  it('the admin reads who cancelled, as what, when and why', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/42/after-sales': {
        body: {
          ...cancelled,
          refunds: [
            {
              ...cancelled.refunds[0],
              status: 'succeeded',
              completedAt: '2026-11-27T11:00:00.000Z',
            },
          ],
        },
      },
    });
    renderWithProviders(<OrderAfterSales orderId={42} addressId={5} viewer="admin" />);
    expect(
      await screen.findByText(/Cancelled by Asha Verma \(customer\) on .*: I changed my mind/),
    ).toBeTruthy();
    expect(screen.getByText('Refund of ₹398.00 to the card: refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('changes the delivery address to another of the address book', async () => {
    const address = (id: number, street: string) => ({
      id,
      name: 'Asha Verma',
      phone: '9876543210',
      alternatePhone: null,
      street,
      city: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      pinCode: '411001',
      isPrimary: id === 5,
    });
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/42/after-sales': { body: open },
      'GET /api/user/getAllAddress': {
        body: { addressList: [address(5, '12 MG Road'), address(6, '22 New Road')] },
      },
      'PUT /api/order/42/address': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'The delivery address can only be changed before the order is packed.',
        },
      },
    });
    renderWithProviders(<OrderAfterSales orderId={42} addressId={5} viewer="owner" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change delivery address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change delivery address' });
    // The order's own address is ticked; sending it again is refused before any request.
    const current = await within(dialog).findByRole('radio', { name: /12 MG Road/ });
    expect((current as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Deliver here' }));
    expect(await within(dialog).findByText('Please choose another address.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/order/42/address')).toHaveLength(0);
    await user.click(await within(dialog).findByRole('radio', { name: /22 New Road/ }));
    expect(within(dialog).queryByText('Please choose another address.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Deliver here' }));
    expect(
      await within(dialog).findByText(
        'The delivery address can only be changed before the order is packed.',
      ),
    ).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'PUT', '/api/order/42/address')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ addressId: 6 });
  });
});
