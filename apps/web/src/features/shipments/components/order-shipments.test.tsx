import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, type Order, type Shipment } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type Handler } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { OrderShipments } from './order-shipments';

const order = (statusId: number): Order => ({
  id: 42,
  statusId,
  status: 'Packing',
  addressId: 3,
  userId: 7,
  totalOrderValue: 160.5,
  createdAt: '2026-11-20T10:00:00.000Z',
  expectedDeliveryDate: '2026-11-25',
  deliveredAt: null,
  orderedBy: { id: 7, name: 'Ravi Member' },
  itemCount: 2,
  firstItemImage: null,
  hasPrescriptionItems: false,
  shippingAddress: null,
  paymentNote: 'Cash on Delivery',
  subtotal: 160.5,
  couponCode: null,
  couponDiscount: 0,
  pointsRedeemed: 0,
  pointsDiscount: 0,
  canCancel: false,
});

const parcel: Shipment = {
  id: 5,
  courier: { id: 1, name: 'Delhivery' },
  awb: 'DLV-1001',
  trackingUrl: 'https://track.example/DLV-1001',
  status: 'in_transit',
  note: null,
  createdAt: '2026-11-21T05:00:00.000Z',
  deliveredAt: null,
  events: [
    {
      id: 1,
      kind: 'in_transit',
      occurredAt: '2026-11-21T09:00:00.000Z',
      location: 'Pune hub',
      note: null,
      source: 'courier',
    },
  ],
};

function signIn(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'token');
  reloadSession();
  return mockApi({ 'GET /api/settings': { body: settingsResponse }, ...routes });
}

describe('order parcels (issue 29)', { timeout: 20_000 }, () => {
  it('shows the owner each parcel with its courier, tracking link and events', async () => {
    signIn({ 'GET /api/order/42/shipments': { body: { shipments: [parcel] } } });
    renderWithProviders(
      <OrderShipments order={order(ORDER_STATUS.DISPATCHED)} canFulfil={false} />,
    );
    const link = await screen.findByRole('link', { name: /DLV-1001/ });
    expect(link.getAttribute('href')).toBe('https://track.example/DLV-1001');
    expect(screen.getByText('Delhivery')).toBeTruthy();
    expect(screen.getAllByText('In transit').length).toBeGreaterThan(0);
    expect(screen.getByText(/Pune hub/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Dispatch a parcel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Packing slip' })).toBeNull();
  });

  it('shows the owner nothing before the order leaves', async () => {
    signIn({ 'GET /api/order/42/shipments': { body: { shipments: [] } } });
    const { container } = renderWithProviders(
      <OrderShipments order={order(ORDER_STATUS.PACKING)} canFulfil={false} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });

  it('lets the pharmacy dispatch with a courier and tracking number, checking it first', async () => {
    const fetchMock = signIn({
      'GET /api/order/42/shipments': { body: { shipments: [] } },
      'GET /api/couriers': {
        body: {
          couriers: [
            { id: 1, name: 'Delhivery', trackingUrlTemplate: 'https://t/{awb}', isActive: true },
            { id: 2, name: 'Old courier', trackingUrlTemplate: 'https://o/{awb}', isActive: false },
          ],
        },
      },
      'POST /api/order/42/shipments': ({ body }) => ({
        body: {
          message: 'Parcel dispatched',
          shipments: [{ ...parcel, awb: (body as { awb: string }).awb, events: [] }],
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderShipments order={order(ORDER_STATUS.PACKING)} canFulfil />);
    const form = await screen.findByRole('form', { name: 'Dispatch a parcel' });
    const courier = within(form).getByLabelText('Courier');
    expect(within(courier).queryByText('Old courier')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Dispatch' }));
    expect(await within(form).findByText('Choose a courier.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/order/42/shipments')).toHaveLength(0);

    await user.selectOptions(courier, 'Delhivery');
    await user.type(within(form).getByLabelText('Tracking number (AWB)'), 'DLV-2002');
    await user.click(within(form).getByRole('button', { name: 'Dispatch' }));
    const [call] = callsTo(fetchMock, 'POST', '/api/order/42/shipments');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      courierId: 1,
      awb: 'DLV-2002',
      note: null,
    });
    expect(screen.getByRole('button', { name: 'Packing slip' })).toBeTruthy();
  });
});
