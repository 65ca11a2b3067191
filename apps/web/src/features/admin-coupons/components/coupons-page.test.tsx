import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Coupon } from '@pharmacy/shared';
import { signInAsAdmin } from '../../../testing/admin-session';
import { callsTo } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { CouponsPage } from './coupons-page';

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 3,
  code: 'SAVE10',
  description: 'Ten percent off',
  kind: 'percent',
  percentOff: 10,
  amountOff: null,
  maxDiscount: 150,
  minOrderValue: 499,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: 1,
  timesUsed: 7,
  divisionIds: [],
  productIds: [],
  excludePrescription: true,
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const list = (coupons: Coupon[]) => ({
  body: {
    coupons,
    pagination: {
      page: 1,
      pageCount: coupons.length ? 1 : 0,
      rowCount: coupons.length,
      pageSize: 20,
    },
  },
});
const divisions = { body: { divisionList: [{ id: 4, name: 'Cardiac Care', images: null }] } };

describe('CouponsPage', () => {
  it('lists coupons with their discount, conditions and uses', async () => {
    signInAsAdmin({ 'GET /api/coupons': list([coupon()]) });
    renderWithProviders(<CouponsPage />);
    const row = (await screen.findByRole('rowheader', { name: /SAVE10/ })).closest('tr');
    const cells = within(row as HTMLElement);
    expect(cells.getByText('10% off, at most ₹150.00')).toBeTruthy();
    expect(
      cells.getByText('orders from ₹499.00 · no prescription medicines · 1 per customer'),
    ).toBeTruthy();
    expect(cells.getByText('7 of 100')).toBeTruthy();
    expect(cells.getByText('Active')).toBeTruthy();
  });

  it('shows the empty state with an action, and the error state with a retry', async () => {
    signInAsAdmin({ 'GET /api/coupons': list([]) });
    const { unmount } = renderWithProviders(<CouponsPage />);
    expect(await screen.findByText('No coupons yet.')).toBeTruthy();
    unmount();
    signInAsAdmin({
      'GET /api/coupons': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    renderWithProviders(<CouponsPage />);
    expect(
      await screen.findByText('The coupons could not be loaded.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('creates a coupon: the form checks the fields, then sends rupees and the chosen divisions', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/coupons': list([]),
      'GET /api/division/all': divisions,
      'POST /api/coupons': { status: 201, body: coupon({ id: 9, code: 'HEART50' }) },
    });
    renderWithProviders(<CouponsPage />);
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'New coupon' }))[0] as HTMLElement,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'New coupon' }));
    await userEvent.type(dialog.getByLabelText('Code'), 'h');
    await userEvent.click(dialog.getByRole('button', { name: 'Create coupon' }));
    expect(
      dialog.getByText('Code must be 3 to 40 letters, digits, hyphens or underscores.'),
    ).toBeTruthy();
    expect(dialog.getByText('A percent coupon needs percentOff and no amountOff.')).toBeTruthy();
    // The first field in error takes the focus and says so.
    expect(document.activeElement).toBe(dialog.getByLabelText('Code'));
    expect(dialog.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST', '/api/coupons')).toHaveLength(0);

    await userEvent.type(dialog.getByLabelText('Code'), 'eart50');
    await userEvent.click(dialog.getByLabelText('Fixed amount'));
    await userEvent.type(dialog.getByLabelText('Amount off (₹)'), '50.5');
    await userEvent.clear(dialog.getByLabelText('Minimum order value (₹)'));
    await userEvent.type(dialog.getByLabelText('Minimum order value (₹)'), '300');
    await userEvent.type(dialog.getByLabelText('Total uses (optional)'), '10');
    await userEvent.click(await dialog.findByLabelText('Cardiac Care'));
    await userEvent.click(dialog.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('No coupons yet.')).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'POST', '/api/coupons')[0] ?? [];
    // What the shared schema made of the form: the code as shoppers' codes are stored.
    expect(JSON.parse(String(init?.body))).toMatchObject({
      code: 'HEART50',
      kind: 'fixed',
      percentOff: null,
      amountOff: 50.5,
      minOrderValue: 300,
      usageLimit: 10,
      divisionIds: [4],
      isActive: true,
    });
  });

  it("shows the server's sentence when the code is taken", async () => {
    signInAsAdmin({
      'GET /api/coupons': list([coupon()]),
      'GET /api/division/all': divisions,
      'PUT /api/coupons/3': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'The code OTHER is taken by another coupon.',
        },
      },
    });
    renderWithProviders(<CouponsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit SAVE10' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit SAVE10' }));
    await userEvent.clear(dialog.getByLabelText('Code'));
    await userEvent.type(dialog.getByLabelText('Code'), 'OTHER');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('The code OTHER is taken by another coupon.')).toBeTruthy();
  });

  it('deactivates a coupon by sending it back with isActive false', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/coupons': list([coupon()]),
      'PUT /api/coupons/3': { body: coupon({ isActive: false }) },
    });
    renderWithProviders(<CouponsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate SAVE10' }));
    await screen.findByRole('button', { name: 'Deactivate SAVE10' });
    const [, init] = callsTo(fetchMock, 'PUT', '/api/coupons/3')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      code: 'SAVE10',
      isActive: false,
      percentOff: 10,
    });
  });
});
