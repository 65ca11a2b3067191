import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS, type Order, type OrderDetailResponse } from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { checkoutKeys } from '../api/checkout-keys';
import type { RazorpayFailure, RazorpayOptions } from '../lib/razorpay-checkout';
import { PaymentStep } from './payment-step';
import { notCompletedText, paymentFailedText } from './razorpay-checkout';

const order = (totalOrderValue: number, status: Partial<Order> = {}): Order => ({
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
  ...status,
});

const intent = {
  provider: 'razorpay',
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  razorpayOrderId: 'order_9A33XWu170gUtm',
  amount: 12000,
  currency: 'INR',
  checkoutScriptUrl: 'https://checkout.razorpay.test/v1/checkout.js',
  name: 'Test Pharmacy',
  description: 'Order #7',
  prefill: { name: 'Asha Rao', email: 'asha@test.example', contact: '+919876543210' },
};

const success = {
  razorpay_payment_id: 'pay_29QQoUBi66xm2f',
  razorpay_order_id: 'order_9A33XWu170gUtm',
  razorpay_signature: 'a'.repeat(64),
};

const razorpaySettings = {
  ...settingsResponse,
  payments: { online: 'razorpay', codMaxOrderValue: null },
};

/** A stand-in for checkout.js: records every Checkout opened and lets the test act as Razorpay. */
function fakeRazorpay() {
  const opened: { options: RazorpayOptions; fail: (response: RazorpayFailure) => void }[] = [];
  const Razorpay = vi.fn(function (this: unknown, options: RazorpayOptions) {
    let onFailed: (response: RazorpayFailure) => void = () => undefined;
    return {
      open: () => opened.push({ options, fail: (response) => onFailed(response) }),
      on: (_event: 'payment.failed', callback: (response: RazorpayFailure) => void) => {
        onFailed = callback;
      },
    };
  });
  window.Razorpay = Razorpay;
  return { Razorpay, opened };
}

function last<T>(items: T[]): T {
  const item = items[items.length - 1];
  if (!item) throw new Error('Checkout was not opened.');
  return item;
}

const payNow = () => screen.findByRole('button', { name: 'Pay now' });
/** Its own alerts, not those of the coupon form beside it. */
const panelAlert = async () =>
  within(await screen.findByRole('region', { name: 'Online payment' })).findByRole('alert');

afterEach(() => {
  delete window.Razorpay;
  document.head.querySelectorAll('script[data-razorpay-checkout]').forEach((s) => s.remove());
});

describe('Razorpay Checkout on the payment step (issue 28)', () => {
  it('opens Checkout with the order, saves its answer once and puts the paid order in place', async () => {
    const { Razorpay, opened } = fakeRazorpay();
    const fetchMock = mockApi({
      'GET /api/settings': { body: razorpaySettings },
      'POST /api/payment/create-intent/7': { body: intent },
      'POST /api/payment/save-payment-details/7': {
        body: {
          message: 'Payment saved.',
          order: order(120, { statusId: ORDER_STATUS.PACKING, status: 'Packing' }),
        },
      },
    });
    const { queryClient } = renderWithProviders(<PaymentStep order={order(120)} />);
    queryClient.setQueryData(checkoutKeys.order(7), {
      order: order(120),
    } as unknown as OrderDetailResponse);
    expect(await screen.findByText('Pay by UPI, card, netbanking or wallet.')).toBeTruthy();
    expect(screen.getByText('You will be charged ₹120.00.')).toBeTruthy();

    // A double click opens one Checkout.
    await userEvent.dblClick(await payNow());
    expect(Razorpay).toHaveBeenCalledTimes(1);
    expect(opened).toHaveLength(1);
    const { options } = last(opened);
    expect(options).toMatchObject({
      key: 'rzp_test_1DP5mmOlF5G5ag',
      amount: 12000,
      currency: 'INR',
      order_id: 'order_9A33XWu170gUtm',
      name: 'Test Pharmacy',
      description: 'Order #7',
      prefill: { name: 'Asha Rao', email: 'asha@test.example', contact: '+919876543210' },
      theme: { color: '#0f766e' },
    });
    expect(screen.getByRole('button', { name: 'Waiting for payment...' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Cash on Delivery' })).toHaveProperty(
      'disabled',
      true,
    );

    // Razorpay calls the handler; a second call (or a late dismissal) saves nothing more.
    options.handler({ ...success });
    options.handler({ ...success });
    options.modal.ondismiss();
    await waitFor(() =>
      expect(
        queryClient.getQueryData<OrderDetailResponse>(checkoutKeys.order(7))?.order.status,
      ).toBe('Packing'),
    );
    const saves = callsTo(fetchMock, 'POST', '/api/payment/save-payment-details/7');
    expect(saves).toHaveLength(1);
    expect(JSON.parse(String(saves[0]?.[1]?.body))).toEqual(success);
    expect(screen.queryByText(/Payment not completed/)).toBeNull();
  });

  it('a closed Checkout keeps the order waiting, says so and lets the customer pay again', async () => {
    const { opened } = fakeRazorpay();
    const fetchMock = mockApi({
      'GET /api/settings': { body: razorpaySettings },
      'POST /api/payment/create-intent/7': { body: intent },
    });
    renderWithProviders(<PaymentStep order={order(120)} />);
    await userEvent.click(await payNow());
    last(opened).options.modal.ondismiss();
    expect(
      (await screen.findByText(/Payment not completed/)).closest('[role="status"]'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Payment not completed. Your order is saved and waiting for payment; you can pay now or choose cash on delivery.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/payment/save-payment-details/7')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Cash on Delivery' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(document.activeElement).toBe(await payNow());
    await userEvent.click(await payNow());
    expect(opened).toHaveLength(2);
    expect(screen.queryByText(/Payment not completed/)).toBeNull();
  });

  it("a failed payment says Razorpay's reason; closing Checkout afterwards keeps it", async () => {
    const { opened } = fakeRazorpay();
    mockApi({
      'GET /api/settings': { body: razorpaySettings },
      'POST /api/payment/create-intent/7': { body: intent },
    });
    renderWithProviders(<PaymentStep order={order(120)} />);
    await userEvent.click(await payNow());
    const checkout = last(opened);
    checkout.fail({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Your payment was declined by the bank.' },
    });
    const alert = await panelAlert();
    expect(alert.textContent).toBe(
      'Payment failed: Your payment was declined by the bank. You can try again or choose cash on delivery.',
    );
    checkout.options.modal.ondismiss();
    expect(screen.queryByText(/Payment not completed/)).toBeNull();
    expect((await panelAlert()).textContent).toMatch(/^Payment failed/);
    expect(await payNow()).toHaveProperty('disabled', false);
  });

  it("shows the server's refusal and sends the same payment again on request", async () => {
    const { opened } = fakeRazorpay();
    let answer: MockResponse = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'This payment is still being checked.' },
    };
    const fetchMock = mockApi({
      'GET /api/settings': { body: razorpaySettings },
      'POST /api/payment/create-intent/7': { body: intent },
      'POST /api/payment/save-payment-details/7': () => answer,
    });
    renderWithProviders(<PaymentStep order={order(120)} />);
    await userEvent.click(await payNow());
    last(opened).options.handler(success);
    expect((await panelAlert()).textContent).toBe('This payment is still being checked.');
    expect(await payNow()).toHaveProperty('disabled', false);
    answer = {
      status: 200,
      body: { message: 'Payment saved.', order: order(120) },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Confirm payment again' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/payment/save-payment-details/7')).toHaveLength(2),
    );
    const [, again] = callsTo(fetchMock, 'POST', '/api/payment/save-payment-details/7');
    expect(JSON.parse(String(again?.[1]?.body))).toEqual(success);
    const section = screen.getByRole('region', { name: 'Online payment' });
    await waitFor(() => expect(within(section).queryByRole('alert')).toBeNull());
  });

  it('loads checkout.js once from the intent, and again after it failed to load', async () => {
    mockApi({
      'GET /api/settings': { body: razorpaySettings },
      'POST /api/payment/create-intent/7': { body: intent },
    });
    renderWithProviders(<PaymentStep order={order(120)} />);
    expect(await screen.findByText('Loading Razorpay Checkout...')).toBeTruthy();
    expect(await payNow()).toHaveProperty('disabled', true);
    const scripts = () => document.head.querySelectorAll('script[data-razorpay-checkout]');
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.getAttribute('src')).toBe(intent.checkoutScriptUrl);
    scripts()[0]?.dispatchEvent(new Event('error'));

    const alert = await panelAlert();
    expect(alert.textContent).toBe(
      'Razorpay Checkout could not be loaded. Check your connection and try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try loading again' }));
    await waitFor(() => expect(scripts()).toHaveLength(1));
    const { opened } = fakeRazorpay();
    scripts()[0]?.dispatchEvent(new Event('load'));
    await waitFor(async () => expect(await payNow()).toHaveProperty('disabled', false));
    await userEvent.click(await payNow());
    expect(opened).toHaveLength(1);
  });

  it('over the cash-on-delivery maximum offers Razorpay only and says why', async () => {
    const { opened } = fakeRazorpay();
    mockApi({
      'GET /api/settings': {
        body: { ...razorpaySettings, payments: { online: 'razorpay', codMaxOrderValue: 100 } },
      },
      'POST /api/payment/create-intent/7': { body: intent },
    });
    renderWithProviders(<PaymentStep order={order(120)} />);
    expect(
      await screen.findByText('Cash on delivery is available for orders up to ₹100.00.'),
    ).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Online payment' });
    expect(within(section).queryByRole('button', { name: 'Cash on Delivery' })).toBeNull();
    await userEvent.click(await payNow());
    last(opened).options.modal.ondismiss();
    expect(
      await screen.findByText(
        'Payment not completed. Your order is saved and waiting for payment; you can pay now.',
      ),
    ).toBeTruthy();
  });
});

describe('the payment step sentences', () => {
  it('reads well whatever Razorpay says, with or without cash on delivery', () => {
    expect(paymentFailedText('Payment was cancelled by the user.', true)).toBe(
      'Payment failed: Payment was cancelled by the user. You can try again or choose cash on delivery.',
    );
    expect(paymentFailedText(undefined, false)).toBe('Payment failed. You can try again.');
    // Razorpay's description may say it failed already: said once, not "Payment failed: Payment failed".
    expect(paymentFailedText('Payment failed', true)).toBe(
      'Payment failed. You can try again or choose cash on delivery.',
    );
    expect(paymentFailedText('payment failed due to insufficient balance.', false)).toBe(
      'Payment failed due to insufficient balance. You can try again.',
    );
    expect(notCompletedText(false)).toBe(
      'Payment not completed. Your order is saved and waiting for payment; you can pay now.',
    );
  });
});
