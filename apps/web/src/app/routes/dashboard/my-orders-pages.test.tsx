import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reloadSession } from '../../../lib/auth-session';
import { mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const shopper = {
  id: 7,
  name: 'Ravi Member',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

const order = (id: number, statusId: number, status: string, canCancel: boolean) => ({
  id,
  statusId,
  status,
  addressId: 3,
  userId: 7,
  totalOrderValue: 398,
  createdAt: '2026-11-26T10:00:00.000Z',
  expectedDeliveryDate: null,
  deliveredAt: null,
  orderedBy: { id: 7, name: 'Ravi Member' },
  itemCount: 2,
  firstItemImage: null,
  hasPrescriptionItems: false,
  shippingAddress: null,
  paymentNote: 'Card payment',
  subtotal: 398,
  couponCode: null,
  couponDiscount: 0,
  pointsRedeemed: 0,
  pointsDiscount: 0,
  canCancel,
});

describe('Your Orders: Cancel order on the cards still cancellable (issue 19)', () => {
  it('offers it on a packing order, not on a dispatched one, and opens the reasons', async () => {
    window.localStorage.setItem('token', 'shopper-token');
    reloadSession();
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/user/myProfile': { body: shopper },
      'GET /api/order/all': {
        body: {
          orderList: [order(12, 10, 'Packing', true), order(11, 6, 'Dispatched', false)],
          pagination: { page: 1, pageCount: 1, rowCount: 2, pageSize: 10 },
        },
      },
    });
    renderApp('/dashboard/orders');
    const cards = await screen.findAllByRole('article');
    const [packing, dispatched] = cards;
    if (!packing || !dispatched) throw new Error('two cards expected');
    const cancel = await within(packing).findByRole('button', { name: 'Cancel order' });
    expect(within(dispatched).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    await userEvent.setup().click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #12?' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(6);
  });
});
