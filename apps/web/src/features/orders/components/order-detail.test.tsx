import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderDetailResponse } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { OrderDetail } from './order-detail';
import { OrderStatusBadge } from './order-status-badge';

const admin = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};
const member = { ...admin, id: 7, name: 'Ravi Member', roleId: 2 };

function detail(
  statusId: number,
  addressId: number | null = 3,
  dispensing: Partial<OrderDetailResponse['dispensing']> = {},
): OrderDetailResponse {
  return {
    order: {
      id: 42,
      statusId,
      status: 'ignored by the badge',
      addressId,
      userId: 7,
      totalOrderValue: 160.5,
      createdAt: '2026-11-20T10:00:00.000Z',
      expectedDeliveryDate: '2026-11-25',
      deliveredAt: null,
      orderedBy: { id: 7, name: 'Ravi Member' },
      itemCount: 3,
      firstItemImage: null,
      hasPrescriptionItems: false,
      shippingAddress: addressId
        ? {
            name: 'Ravi Member',
            phone: '9876543210',
            street: '12 MG Road',
            city: 'Bengaluru',
            state: 'Karnataka',
            country: 'India',
            pinCode: '560001',
            alternatePhone: null,
          }
        : null,
      paymentNote: null,
      subtotal: 160.5,
      couponCode: null,
      couponDiscount: 0,
      pointsRedeemed: 0,
      pointsDiscount: 0,
      canCancel: false,
    },
    orderDetails: [
      {
        id: 1,
        quantity: 2,
        count: 2,
        productName: 'Cetirizine 10 mg',
        offerPrice: 55.25,
        maximumRetailPrice: 70,
        lineTotal: 110.5,
        discount: 0,
        prescription: false,
        product: { id: 11, name: 'Cetirizine 10 mg', images: [] },
      },
      {
        id: 2,
        quantity: 1,
        count: 1,
        productName: 'Old Syrup',
        offerPrice: 50,
        maximumRetailPrice: 60,
        lineTotal: 50,
        discount: 0,
        prescription: false,
        product: null,
      },
    ],
    statusHistory: [
      {
        fromStatusId: null,
        toStatusId: ORDER_STATUS.COLLECTING_ADDRESS,
        changedBy: 'Ravi Member',
        note: 'Order placed',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    dispensing: { approval: null, nextStatusIds: [], duplicateTherapies: [], ...dispensing },
    taxDocuments: { invoice: null, creditNotes: [] },
  };
}

function signIn(
  profile: typeof admin,
  routes: Record<string, MockResponse | (() => MockResponse)>,
) {
  window.localStorage.setItem('token', 'test-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: profile },
    ...routes,
  });
}

describe('order status badge', () => {
  it.each([
    [ORDER_STATUS.PAYMENT, null, 'Collecting Address'],
    [ORDER_STATUS.PACKING, 3, 'Packing'],
    [ORDER_STATUS.CANCELLED, null, 'Cancelled'],
  ])('status %i with address %s reads %s', (statusId, addressId, text) => {
    renderWithProviders(<OrderStatusBadge order={{ statusId, addressId }} />);
    expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('order detail', () => {
  it('shows the items with line totals, a missing product as Not Available, and the address', async () => {
    signIn(member, { 'GET /api/order/getOrderDetail/42': { body: detail(ORDER_STATUS.PAYMENT) } });
    renderWithProviders(<OrderDetail orderId={42} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cetirizine 10 mg' }).getAttribute('href')).toBe(
      '/product/11',
    );
    expect(screen.getByText('₹110.50')).toBeTruthy();
    expect(screen.getByText('Not Available')).toBeTruthy();
    expect(screen.getByText('12 MG Road')).toBeTruthy();
    expect(screen.getByText('560001', { exact: false })).toBeTruthy();
    // The owner completes an order waiting on them; members get no admin controls.
    expect(screen.getByRole('link', { name: 'Complete Order' }).getAttribute('href')).toBe(
      '/order/process/42',
    );
    expect(screen.queryByLabelText('Order status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to orders' }).getAttribute('href')).toBe(
      '/dashboard/orders',
    );
  });

  it('shows an admin the batches each line was picked from', async () => {
    const answer = detail(ORDER_STATUS.PACKING);
    answer.orderDetails[0] = {
      ...answer.orderDetails[0]!,
      batches: [
        { batchId: 5, batchNumber: 'CTZ-118', expiryDate: '2027-03-31', units: 1, returned: false },
        { batchId: 9, batchNumber: 'CTZ-204', expiryDate: '2028-01-31', units: 1, returned: false },
      ],
    };
    signIn(admin, { 'GET /api/order/getOrderDetail/42': { body: answer } });
    renderWithProviders(<OrderDetail orderId={42} />);
    const list = await screen.findByRole('list', { name: 'Batches of Cetirizine 10 mg' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Batch CTZ-118 · exp 2027-03-31 · 1 unit',
      'Batch CTZ-204 · exp 2028-01-31 · 1 unit',
    ]);
  });

  it.each([ORDER_STATUS.DELIVERED, ORDER_STATUS.CANCELLED])(
    'hides the admin controls for final status %i',
    async (statusId) => {
      signIn(admin, { 'GET /api/order/getOrderDetail/42': { body: detail(statusId) } });
      renderWithProviders(<OrderDetail orderId={42} />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeTruthy();
      expect(screen.queryByLabelText('Order status')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Complete Order' })).toBeNull();
    },
  );

  it('lets an admin cancel through the confirm popover', async () => {
    let statusId: number = ORDER_STATUS.PACKING;
    const fetchMock = signIn(admin, {
      'GET /api/order/getOrderDetail/42': () => ({
        body: detail(statusId, 3, {
          nextStatusIds:
            statusId === ORDER_STATUS.PACKING
              ? [ORDER_STATUS.DISPATCHED, ORDER_STATUS.CANCELLED]
              : [],
        }),
      }),
      'PUT /api/order/42': () => {
        statusId = ORDER_STATUS.CANCELLED;
        return {
          body: { message: 'Order status updated successfully', order: detail(statusId).order },
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetail orderId={42} />);
    const status = (await screen.findByLabelText('Order status')) as HTMLSelectElement;
    expect(status.value).toBe(String(ORDER_STATUS.PACKING));
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Packing', 'Dispatched', 'Cancelled']);

    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    const popover = screen.getByRole('alertdialog', { name: 'Cancel order' });
    expect(within(popover).getByText('Are you sure you want to cancel')).toBeTruthy();
    // Issue 19: the reason the customer reads goes with it as the note.
    await user.type(
      within(popover).getByLabelText('Reason the customer reads (optional)'),
      'The supplier recalled this batch',
    );
    await user.click(within(popover).getByRole('button', { name: 'Confirm Cancel' }));

    expect(await screen.findByText('Order status updated successfully')).toBeTruthy();
    const [put] = callsTo(fetchMock, 'PUT', '/api/order/42');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      statusId: ORDER_STATUS.CANCELLED,
      note: 'The supplier recalled this batch',
    });
    await waitFor(() => expect(screen.queryByLabelText('Order status')).toBeNull());
  });

  it('offers only the statuses the order may go to next (issue 16)', async () => {
    signIn(admin, {
      'GET /api/order/getOrderDetail/42': {
        body: detail(ORDER_STATUS.WAITING_TO_ACCEPT, 3, {
          nextStatusIds: [ORDER_STATUS.CANCELLED],
        }),
      },
    });
    renderWithProviders(<OrderDetail orderId={42} />);
    const status = (await screen.findByLabelText('Order status')) as HTMLSelectElement;
    expect(status.value).toBe(String(ORDER_STATUS.WAITING_TO_ACCEPT));
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Waiting To Accept', 'Cancelled']);
    expect(within(status).queryByRole('option', { name: 'Dispatched' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeTruthy();
  });

  it("shows the server's reason when it refuses a status (409)", async () => {
    const reason =
      'This order holds prescription medicine and cannot be Packing until a pharmacist has approved its prescription.';
    const fetchMock = signIn(admin, {
      'GET /api/order/getOrderDetail/42': {
        body: detail(ORDER_STATUS.ACCEPTED, 3, {
          nextStatusIds: [ORDER_STATUS.PACKING, ORDER_STATUS.CANCELLED],
        }),
      },
      'PUT /api/order/42': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: reason },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetail orderId={42} />);
    const status = (await screen.findByLabelText('Order status')) as HTMLSelectElement;
    await user.selectOptions(status, 'Packing');
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/order/42')).toHaveLength(1);
    // The order is read again, and the field shows where it really stands.
    await waitFor(() => expect(status.value).toBe(String(ORDER_STATUS.ACCEPTED)));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/order/getOrderDetail/42').length).toBeGreaterThan(1),
    );
  });

  it('tells the customer which pharmacist approved the prescription', async () => {
    signIn(member, {
      'GET /api/order/getOrderDetail/42': {
        body: detail(ORDER_STATUS.ACCEPTED, 3, {
          approval: {
            pharmacistName: 'Asha Admin',
            pharmacistRegistrationNumber: 'KA/PH/2019/04512',
            approvedAt: '2026-11-21T09:30:00.000Z',
          },
        }),
      },
    });
    renderWithProviders(<OrderDetail orderId={42} />);
    expect(
      await screen.findByText('Approved by pharmacist Asha Admin (Reg. no KA/PH/2019/04512)'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Order status')).toBeNull();
  });

  it('marks the lines that need a prescription', async () => {
    const answer = detail(ORDER_STATUS.ACCEPTED);
    answer.orderDetails[0] = { ...answer.orderDetails[0]!, prescription: true };
    signIn(member, { 'GET /api/order/getOrderDetail/42': { body: answer } });
    renderWithProviders(<OrderDetail orderId={42} />);
    expect(await screen.findByText('Prescription required')).toBeTruthy();
    expect(screen.getAllByText('Prescription required')).toHaveLength(1);
  });

  it("shows the route's owner actions (issue 17 'Buy again') on the owner's order only", async () => {
    const ownerActions = (order: { id: number }) => <button type="button">Again {order.id}</button>;
    signIn(member, { 'GET /api/order/getOrderDetail/42': { body: detail(ORDER_STATUS.NEW) } });
    const { unmount } = renderWithProviders(
      <OrderDetail orderId={42} ownerActions={ownerActions} />,
    );
    expect(await screen.findByRole('button', { name: 'Again 42' })).toBeTruthy();
    unmount();

    signIn(admin, { 'GET /api/order/getOrderDetail/42': { body: detail(ORDER_STATUS.NEW) } });
    renderWithProviders(<OrderDetail orderId={42} ownerActions={ownerActions} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Again 42' })).toBeNull();
  });

  it("shows 'No order found.' for another member's order", async () => {
    signIn(member, {
      'GET /api/order/getOrderDetail/42': {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'No order found.' },
      },
    });
    renderWithProviders(<OrderDetail orderId={42} />);
    expect(await screen.findByText('No order found.')).toBeTruthy();
  });
});

describe('order detail discounts (issue 19)', () => {
  it('shows the subtotal, the coupon and the points taken off, and the order value paid', async () => {
    const discounted = detail(ORDER_STATUS.PACKING);
    discounted.order = {
      ...discounted.order,
      subtotal: 160.5,
      couponCode: 'SAVE10',
      couponDiscount: 16.05,
      pointsRedeemed: 20,
      pointsDiscount: 20,
      totalOrderValue: 124.45,
    };
    signIn(member, { 'GET /api/order/getOrderDetail/42': { body: discounted } });
    renderWithProviders(<OrderDetail orderId={42} />);
    expect(await screen.findByText('Coupon (SAVE10)')).toBeTruthy();
    expect(screen.getByText('−₹16.05')).toBeTruthy();
    expect(screen.getByText('Points (20)')).toBeTruthy();
    expect(screen.getByText('−₹20.00')).toBeTruthy();
    expect(screen.getByText('₹160.50')).toBeTruthy();
    expect(screen.getAllByText('₹124.45').length).toBeGreaterThan(0);
  });
});

describe('order detail by role (issue 32)', () => {
  const packer = { ...admin, id: 4, name: 'Pavan Packer', roleId: 4 };
  const support = { ...admin, id: 5, name: 'Sara Support', roleId: 5 };

  /** The answer the server gives staff without money.view: no totals, no prices. */
  function withoutMoney(statusId: number, nextStatusIds: number[]): OrderDetailResponse {
    const answer = detail(statusId, 3, { nextStatusIds });
    const {
      totalOrderValue: _total,
      paymentNote: _payment,
      subtotal: _subtotal,
      couponCode: _coupon,
      couponDiscount: _couponDiscount,
      pointsRedeemed: _points,
      pointsDiscount: _pointsDiscount,
      ...order
    } = answer.order;
    return {
      ...answer,
      order,
      orderDetails: answer.orderDetails.map(
        ({ offerPrice: _o, maximumRetailPrice: _m, lineTotal: _l, discount: _d, ...line }) => line,
      ),
      taxDocuments: { invoice: { number: 'INV-1', issuedAt: '2026-11-21' }, creditNotes: [] },
    };
  }

  it('shows a packer the lines and quantities without any money, and the packing controls', async () => {
    signIn(packer, {
      'GET /api/order/getOrderDetail/42': {
        body: withoutMoney(ORDER_STATUS.PACKING, [ORDER_STATUS.DISPATCHED]),
      },
    });
    renderWithProviders(
      <OrderDetail
        orderId={42}
        taxDocumentActions={() => <button type="button">Invoice</button>}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeTruthy();
    expect(screen.getByText('Quantity 2')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/₹|NaN|Order value/);
    expect(screen.queryByRole('button', { name: 'Invoice' })).toBeNull();
    const status = (await screen.findByLabelText('Order status')) as HTMLSelectElement;
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Packing', 'Dispatched']);
    expect(screen.getByLabelText('Expected delivery date')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to orders' }).getAttribute('href')).toBe(
      '/dashboard/orders/all',
    );
  });

  it('gives support the cancellation but not the delivery date', async () => {
    signIn(support, {
      'GET /api/order/getOrderDetail/42': {
        body: detail(ORDER_STATUS.ACCEPTED, 3, { nextStatusIds: [ORDER_STATUS.CANCELLED] }),
      },
    });
    renderWithProviders(<OrderDetail orderId={42} />);
    expect(await screen.findByRole('button', { name: 'Cancel Order' })).toBeTruthy();
    expect(screen.queryByLabelText('Expected delivery date')).toBeNull();
    // Support sees money: the answer has it.
    expect(screen.getAllByText('₹160.50').length).toBeGreaterThan(0);
  });

  it('gives a pharmacist no order controls', async () => {
    signIn(
      { ...admin, id: 3, roleId: 3 },
      {
        'GET /api/order/getOrderDetail/42': { body: detail(ORDER_STATUS.ACCEPTED) },
      },
    );
    renderWithProviders(<OrderDetail orderId={42} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeTruthy();
    expect(screen.queryByLabelText('Order status')).toBeNull();
  });
});
