import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderPricing } from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { OrderDiscounts } from './order-discounts';

const pricing = (overrides: Partial<OrderPricing> = {}): OrderPricing => ({
  orderId: 7,
  editable: true,
  subtotal: 500,
  coupon: null,
  points: { redeemed: 0, discount: 0, balance: 120, maxForOrder: 100, pointValue: 1 },
  total: 500,
  ...overrides,
});

const summary = () => within(screen.getByRole('region', { name: 'Coupon and loyalty points' }));

describe('OrderDiscounts', () => {
  it('applies a coupon: the code goes to the server and the summary shows its discount', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': { body: pricing() },
      'POST /api/order/7/coupon': {
        body: pricing({
          coupon: { code: 'SAVE10', discount: 50 },
          total: 450,
          points: { redeemed: 0, discount: 0, balance: 120, maxForOrder: 90, pointValue: 1 },
        }),
      },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    await userEvent.type(await screen.findByLabelText('Coupon code'), 'save10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon (SAVE10)')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/order/7/coupon')[0]?.[1]?.body).toBe(
      JSON.stringify({ code: 'save10' }),
    );
    expect(summary().getByText('−₹50.00')).toBeTruthy();
    expect(summary().getByText('₹450.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove coupon SAVE10' })).toBeTruthy();
  });

  it("shows the server's sentence when a condition fails, and asks for a code when empty", async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': { body: pricing() },
      'POST /api/order/7/coupon': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'The code OLD has expired.' },
      },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a coupon code.');
    await userEvent.type(screen.getByLabelText('Coupon code'), 'old');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByText('The code OLD has expired.')).getAttribute('role')).toBe(
      'alert',
    );
    expect(screen.getByLabelText('Coupon code').getAttribute('aria-invalid')).toBe('true');
  });

  it('uses points within the cap shown, and removes them', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': { body: pricing() },
      'POST /api/order/7/points': {
        body: pricing({
          points: { redeemed: 40, discount: 40, balance: 80, maxForOrder: 100, pointValue: 1 },
          total: 460,
        }),
      },
      'DELETE /api/order/7/points': { body: pricing() },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    expect(
      await screen.findByText(
        'You have 120 points (worth ₹120.00). Up to 100 can be used on this order (₹100.00).',
      ),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Use points'), '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply points' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose a whole number of points to use.',
    );
    await userEvent.clear(screen.getByLabelText('Use points'));
    await userEvent.type(screen.getByLabelText('Use points'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Apply points' }));
    expect(await screen.findByText('Points (40)')).toBeTruthy();
    expect(summary().getByText('₹460.00')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/order/7/points')[0]?.[1]?.body).toBe(
      JSON.stringify({ points: 40 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove points' }));
    expect(await screen.findByLabelText('Use points')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', '/api/order/7/points')).toHaveLength(1);
  });

  it('a member without points is told how to earn them; a paid order shows only the figures', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': {
        body: pricing({
          editable: false,
          coupon: { code: 'SAVE10', discount: 50 },
          total: 450,
          points: { redeemed: 0, discount: 0, balance: 0, maxForOrder: 0, pointValue: 1 },
        }),
      },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    expect(await screen.findByText('Total to pay')).toBeTruthy();
    expect(screen.queryByLabelText('Coupon code')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(summary().getByText('Subtotal')).toBeTruthy();
  });

  it('says so when the discounts cannot be loaded, with a retry', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'Coupons and points could not be loaded',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
