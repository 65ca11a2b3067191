import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, type Order } from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { PaymentStep } from './payment-step';

const order = (totalOrderValue: number): Order => ({
  id: 7,
  statusId: ORDER_STATUS.PAYMENT,
  status: 'Payment',
  addressId: 1,
  userId: 2,
  totalOrderValue,
  createdAt: '2026-01-01T00:00:00.000Z',
  expectedDeliveryDate: null,
  deliveredAt: null,
  orderedBy: { id: 2, name: 'Asha' },
  itemCount: 1,
  firstItemImage: null,
  hasPrescriptionItems: false,
  shippingAddress: null,
  paymentNote: null,
  subtotal: totalOrderValue,
  couponCode: null,
  couponDiscount: 0,
  pointsRedeemed: 0,
  pointsDiscount: 0,
  canCancel: false,
});

const intent = {
  provider: 'test',
  intentId: 'pi_test_1',
  clientSecret: 'pi_test_1_secret_abcdef',
  publishableKey: null,
  amount: 120,
};

describe('PaymentStep', () => {
  it("at 50 or less offers a disabled 'Online Payment coming soon' and cash on delivery", async () => {
    const fetchMock = mockApi({ 'GET /api/settings': { body: settingsResponse } });
    renderWithProviders(<PaymentStep order={order(50)} />);
    expect(
      await screen.findByRole('button', { name: 'Online Payment coming soon' }),
    ).toHaveProperty('disabled', true);
    expect(callsTo(fetchMock, 'POST', '/api/payment/create-intent/7')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cash on Delivery' }));
    expect(screen.getByText('Total amount to pay on delivery')).toBeTruthy();
    expect(screen.getByText('₹50.00')).toBeTruthy();
  });

  it('above 50 loads the test card form; a declined card keeps it open with the message', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/payment/create-intent/7': { body: intent },
      'POST /api/payment/test/confirm': {
        status: 402,
        body: {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        },
      },
    });
    renderWithProviders(<PaymentStep order={order(120)} />);
    expect(
      screen
        .getAllByRole('status')
        .some((status) => status.textContent?.includes('Loading payment form...')),
    ).toBe(true);
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000000002');
    expect(screen.getByLabelText('Card number')).toHaveProperty('value', '4000 0000 0000 0002');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveProperty('value', '12/34');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.type(screen.getByLabelText('Name on card'), 'Asha Rao');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/payment/save-payment-details/7')).toHaveLength(0);
  });

  it('asks for the card fields before calling the provider', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/payment/create-intent/7': { body: intent },
    });
    renderWithProviders(<PaymentStep order={order(120)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(screen.getByText('Your card number is incomplete.')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/payment/test/confirm')).toHaveLength(0),
    );
  });
});

describe('PaymentStep: the cash-on-delivery maximum (issue 28)', () => {
  const withMaximum = (codMaxOrderValue: number | null) => ({
    ...settingsResponse,
    payments: { online: 'test', codMaxOrderValue },
  });

  it('over the maximum the card form offers no cash on delivery and says why', async () => {
    mockApi({
      'GET /api/settings': { body: withMaximum(100) },
      'POST /api/payment/create-intent/7': { body: intent },
    });
    renderWithProviders(<PaymentStep order={order(120)} />);
    expect(
      await screen.findByText('Cash on delivery is available for orders up to ₹100.00.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cash on Delivery' })).toBeNull();
  });

  it('issue 29: no cash on delivery where the order’s pincode does not take it, and says why', async () => {
    const atPincode = (cashOnDelivery: boolean) => ({
      body: {
        pincode: '781005',
        serviceable: true,
        zone: 'North-East',
        cashOnDelivery,
        deliverBy: '2026-12-09',
        dispatchOn: '2026-12-02',
        sameDay: false,
        inStock: null,
        text: 'Delivery by Wed, 9 Dec',
      },
    });
    const addressed: Order = {
      ...order(40),
      shippingAddress: {
        name: 'Asha',
        phone: '9876543210',
        street: '1 GS Road',
        city: 'Guwahati',
        state: 'Assam',
        country: 'India',
        pinCode: '781005',
        alternatePhone: null,
      },
    };
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/delivery/estimate': atPincode(false),
    });
    const { unmount } = renderWithProviders(<PaymentStep order={addressed} />);
    expect(
      await screen.findByText('Cash on delivery is not available at 781005. Please pay online.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cash on Delivery' })).toBeNull();
    unmount();

    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/delivery/estimate': atPincode(true),
    });
    renderWithProviders(<PaymentStep order={addressed} />);
    expect(await screen.findByRole('button', { name: 'Cash on Delivery' })).toBeTruthy();
  });

  it('at the maximum itself cash on delivery is offered', async () => {
    mockApi({
      'GET /api/settings': { body: withMaximum(120) },
      'POST /api/payment/create-intent/7': { body: intent },
    });
    renderWithProviders(<PaymentStep order={order(120)} />);
    expect(await screen.findByRole('button', { name: 'Cash on Delivery' })).toBeTruthy();
    expect(screen.queryByText(/Cash on delivery is available for orders up to/)).toBeNull();
  });

  it('without online payment either, only the reason is left', async () => {
    mockApi({ 'GET /api/settings': { body: withMaximum(40) } });
    renderWithProviders(<PaymentStep order={order(50)} />);
    expect(
      await screen.findByText('Cash on delivery is available for orders up to ₹40.00.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Online Payment coming soon' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByRole('button', { name: 'Cash on Delivery' })).toBeNull();
  });
});
