import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

const held = pricing({
  coupon: { code: 'SAVE10', discount: 50 },
  points: { redeemed: 40, discount: 40, balance: 80, maxForOrder: 90, pointValue: 1 },
  total: 410,
});

const putBody = (fetchMock: ReturnType<typeof mockApi>, index = 0) =>
  JSON.parse(
    String(callsTo(fetchMock, 'PUT', '/api/order/7/discounts')[index]?.[1]?.body),
  ) as unknown;

describe('OrderDiscounts', () => {
  it('applies a coupon and points with one click: one PUT with both, the summary shows both', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': { body: pricing() },
      'PUT /api/order/7/discounts': { body: held },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    expect(
      await screen.findByText(
        'You have 120 points (worth ₹120.00). Up to 100 can be used on this order (₹100.00).',
      ),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Coupon code'), 'save10');
    await userEvent.type(screen.getByLabelText('Points to use'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon (SAVE10)')).toBeTruthy();
    expect(screen.getByText('Points (40)')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/order/7/discounts')).toHaveLength(1);
    expect(putBody(fetchMock)).toEqual({ couponCode: 'save10', points: 40 });
    expect(callsTo(fetchMock, 'POST', '/api/order/7/coupon')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', '/api/order/7/points')).toHaveLength(0);
    expect(summary().getByText('₹410.00')).toBeTruthy();
    expect(summary().getAllByText('−₹40.00')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove coupon SAVE10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove points' })).toBeTruthy();
    expect((screen.getByLabelText('Coupon code') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Points to use') as HTMLInputElement).value).toBe('');
  });

  it('keeps what the order holds for a field left empty', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': { body: held },
      'PUT /api/order/7/discounts': { body: held },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    expect(await screen.findByText('A new code replaces SAVE10.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Points to use'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/order/7/discounts')).toHaveLength(1),
    );
    expect(putBody(fetchMock)).toEqual({ couponCode: 'SAVE10', points: 60 });
    await userEvent.type(screen.getByLabelText('Coupon code'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/order/7/discounts')).toHaveLength(2),
    );
    expect(putBody(fetchMock, 1)).toEqual({ couponCode: 'other', points: 40 });
  });

  it('Remove sends the state without that part', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': { body: held },
      'PUT /api/order/7/discounts': ({ body }) => {
        const { couponCode, points } = body as { couponCode: string | null; points: number };
        return {
          body: pricing({
            coupon: couponCode ? { code: couponCode, discount: 50 } : null,
            points: {
              redeemed: points,
              discount: points,
              balance: 120 - points,
              maxForOrder: 100,
              pointValue: 1,
            },
            total: 500 - (couponCode ? 50 : 0) - points,
          }),
        };
      },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove coupon SAVE10' }));
    await waitFor(() => expect(screen.queryByText('Coupon (SAVE10)')).toBeNull());
    expect(putBody(fetchMock)).toEqual({ couponCode: null, points: 40 });
    expect(screen.getByText('Points (40)')).toBeTruthy();
    expect(summary().getByText('₹460.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove points' }));
    await waitFor(() => expect(screen.queryByText('Points (40)')).toBeNull());
    expect(putBody(fetchMock, 1)).toEqual({ couponCode: null, points: 0 });
    expect(summary().getByText('Total to pay')).toBeTruthy();
  });

  it('removing the points keeps the coupon held', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': { body: held },
      'PUT /api/order/7/discounts': {
        body: pricing({ coupon: { code: 'SAVE10', discount: 50 }, total: 450 }),
      },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove points' }));
    await waitFor(() => expect(screen.queryByText('Points (40)')).toBeNull());
    expect(putBody(fetchMock)).toEqual({ couponCode: 'SAVE10', points: 0 });
    expect(screen.getByText('Coupon (SAVE10)')).toBeTruthy();
  });

  it("checks the fields, then shows the server's sentence under the form", async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': { body: pricing() },
      'PUT /api/order/7/discounts': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'The code OLD has expired.' },
      },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter a coupon code or the points to use.',
    );
    await userEvent.type(screen.getByLabelText('Points to use'), '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose a whole number of points to use.',
    );
    expect(screen.getByLabelText('Points to use').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'PUT', '/api/order/7/discounts')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Points to use'));
    await userEvent.type(screen.getByLabelText('Coupon code'), 'old');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByText('The code OLD has expired.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(
      screen
        .getByRole('form', { name: 'Apply a coupon or points' })
        .getAttribute('aria-describedby'),
    ).toBe(alert.id);
    expect(putBody(fetchMock)).toEqual({ couponCode: 'old', points: 0 });
    // What was typed stays, to be corrected.
    expect((screen.getByLabelText('Coupon code') as HTMLInputElement).value).toBe('old');
  });

  it('is disabled while the request runs: a double click sends one request', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': {
        body: pricing({
          points: { redeemed: 40, discount: 40, balance: 80, maxForOrder: 90, pointValue: 1 },
          total: 460,
        }),
      },
      'PUT /api/order/7/discounts': { body: held },
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') await gate;
      return fetchMock(input, init);
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    await userEvent.type(await screen.findByLabelText('Coupon code'), 'save10');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Apply' }));
    const pending = await screen.findByRole('button', { name: /Applying/ });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Remove points' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    release();
    expect(await screen.findByText('Coupon (SAVE10)')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/order/7/discounts')).toHaveLength(1);
    expect(putBody(fetchMock)).toEqual({ couponCode: 'save10', points: 40 });
  });

  it('a member without points applies a code alone; an empty form asks for a code', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/order/7/pricing': {
        body: pricing({
          points: { redeemed: 0, discount: 0, balance: 0, maxForOrder: 0, pointValue: 1 },
        }),
      },
      'PUT /api/order/7/discounts': {
        body: pricing({
          coupon: { code: 'SAVE10', discount: 50 },
          total: 450,
          points: { redeemed: 0, discount: 0, balance: 0, maxForOrder: 0, pointValue: 1 },
        }),
      },
    });
    renderWithProviders(<OrderDiscounts orderId={7} />);
    expect(
      await screen.findByText('You have no loyalty points yet. Delivered orders earn them.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Points to use')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a coupon code.');
    await userEvent.type(screen.getByLabelText('Coupon code'), 'save10{Enter}');
    expect(await screen.findByText('Coupon (SAVE10)')).toBeTruthy();
    expect(putBody(fetchMock)).toEqual({ couponCode: 'save10', points: 0 });
    expect(screen.queryByRole('alert')).toBeNull();
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
