import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderAfterSales as AfterSales, OrderPaymentSummary } from '@pharmacy/shared';
import { mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { OrderAfterSales } from './order-after-sales';
import { paymentSource, paymentStatusText } from './order-payments';

const payment = (overrides: Partial<OrderPaymentSummary>): OrderPaymentSummary => ({
  id: 1,
  provider: 'razorpay',
  method: 'card',
  channel: 'upi',
  providerOrderId: 'order_9A33XWu170gUtm',
  providerPaymentId: 'pay_29QQoUBi66xm2f',
  status: 'succeeded',
  amount: 120,
  failureReason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

const delivered: AfterSales = {
  cancellation: null,
  refunds: [
    {
      id: 3,
      reason: 'duplicate',
      method: 'card',
      amount: 120,
      amountMinor: 12000,
      status: 'succeeded',
      payoutChannel: null,
      payoutReference: null,
      createdAt: '2026-11-27T10:05:00.000Z',
      completedAt: '2026-11-27T11:00:00.000Z',
    },
  ],
  payments: [
    payment({
      id: 1,
      channel: null,
      providerPaymentId: 'pay_FailedAttempt01',
      status: 'failed',
      failureReason: 'Payment declined by the bank.',
    }),
    payment({ id: 2 }),
    payment({ id: 3, providerPaymentId: 'pay_SecondPayment02' }),
  ],
  canCancel: false,
  cancelBlockReason: 'This order has been delivered.',
  canChangeAddress: false,
  cancelDeadline: null,
};

describe("The order's payments (issue 28)", () => {
  it('lists every payment with its provider, channel, id, amount and state', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/42/after-sales': { body: delivered },
    });
    renderWithProviders(<OrderAfterSales orderId={42} addressId={5} viewer="owner" />);
    const list = await screen.findByRole('list', { name: 'Payments' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toMatch(
      /^Razorpay: ₹120\.00, failed: Payment declined by the bank\.Payment ID pay_FailedAttempt01 · /,
    );
    expect(items[1]?.textContent).toMatch(/^Razorpay by UPI: ₹120\.00, paidPayment ID pay_29QQ/);
    const id = within(list).getByText('pay_29QQoUBi66xm2f');
    expect(id.tagName).toBe('CODE');
    expect(id.className).toContain('select-all');
    // The second payment was given back: where to, and why.
    const refunds = screen.getByRole('list', { name: 'Refunds' });
    expect(
      within(refunds).getByText('Refund of ₹120.00 to your original payment (UPI): refunded'),
    ).toBeTruthy();
    expect(
      within(refunds).getByText('Payment not needed: an extra online payment, given back in full.'),
    ).toBeTruthy();
  });

  it('an admin sees the payments of an order with nothing else to show', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/42/after-sales': {
        body: {
          ...delivered,
          refunds: [],
          payments: [
            payment({
              provider: 'none',
              method: 'cash_on_delivery',
              channel: null,
              providerOrderId: null,
              providerPaymentId: null,
              status: 'pending',
              amount: 398,
            }),
          ],
        },
      },
    });
    renderWithProviders(<OrderAfterSales orderId={42} addressId={5} viewer="admin" />);
    const list = await screen.findByRole('list', { name: 'Payments' });
    expect(within(list).getByRole('listitem').textContent).toMatch(
      /^Cash on delivery: ₹398\.00, waiting/,
    );
    expect(screen.queryByRole('heading', { name: 'Refunds' })).toBeNull();
  });

  it('names the source and state as people read them', () => {
    expect(paymentSource(payment({ provider: 'stripe', channel: null }))).toBe('Stripe by card');
    expect(paymentSource(payment({ provider: 'test', channel: null }))).toBe(
      'Test provider by card',
    );
    expect(paymentSource(payment({ channel: 'netbanking' }))).toBe('Razorpay by netbanking');
    expect(paymentStatusText(payment({ status: 'requires_payment' }))).toBe('waiting');
    expect(paymentStatusText(payment({ status: 'failed', failureReason: null }))).toBe('failed');
  });
});
