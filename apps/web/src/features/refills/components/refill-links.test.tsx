import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ORDER_STATUS,
  REFILL_TEXTS,
  type OrderDetailResponse,
  type RefillAddToCartResponse,
} from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 17: the reminder mail's links, and 'Remind me to refill' on the order page. */
const shopper = {
  id: 7,
  name: 'Ravi Member',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

const emptyCart = {
  cartItems: [],
  summary: {
    itemCount: 0,
    totalMaximumRetailPrice: 0,
    totalOfferPrice: 0,
    totalSaved: 0,
    shipping: 0,
    total: 0,
    prescriptionRequired: false,
  },
};

type Handler = MockResponse | ((request: { body: unknown; url: URL }) => MockResponse);

function signIn(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'shopper-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: shopper },
    'GET /api/cart/all/7': { body: emptyCart },
    ...routes,
  });
}

afterEach(() => {
  window.localStorage.clear();
  reloadSession();
});

describe('the unsubscribe link', () => {
  it('says what it will do and stops the reminder only when asked, with a POST', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/refills/unsubscribe': {
        body: {
          message:
            'You will get no more refill reminders for Glycomet 500 Tablet. You can resume them any time in My Refills.',
          productName: 'Glycomet 500 Tablet',
        },
      },
    });
    renderApp('/unsubscribe?token=abc.def.ghi');
    expect(
      await screen.findByRole('heading', { name: REFILL_TEXTS.unsubscribeTitle }),
    ).toBeTruthy();
    expect(screen.getByText(REFILL_TEXTS.unsubscribeExplain)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/refills/unsubscribe')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: REFILL_TEXTS.unsubscribeButton }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('no more refill reminders for Glycomet 500 Tablet');
    expect(callsTo(fetchMock, 'POST', '/api/refills/unsubscribe')[0]?.[1]?.body).toBe(
      JSON.stringify({ token: 'abc.def.ghi' }),
    );
    expect(screen.queryByRole('button', { name: REFILL_TEXTS.unsubscribeButton })).toBeNull();
  });

  it("shows the server's reason when the link is refused, and asks for the whole link", async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/refills/unsubscribe': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: REFILL_TEXTS.unsubscribeExpired },
      },
    });
    const { unmount } = renderApp('/unsubscribe?token=old');
    await userEvent.click(
      await screen.findByRole('button', { name: REFILL_TEXTS.unsubscribeButton }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(REFILL_TEXTS.unsubscribeExpired),
    );
    unmount();

    renderApp('/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toBe(
      REFILL_TEXTS.unsubscribeMissingToken,
    );
    expect(screen.queryByRole('button', { name: REFILL_TEXTS.unsubscribeButton })).toBeNull();
  });
});

describe('the refill link', () => {
  const partly: RefillAddToCartResponse = {
    message: 'Part of your refill of Glycomet 500 Tablet is in your cart.',
    addedUnits: 1,
    lines: [
      {
        productId: 11,
        name: 'Glycomet 500 Tablet',
        ordered: 3,
        added: 1,
        inCart: 1,
        reason: 'fewer_left',
        note: 'Only 1 of Glycomet 500 Tablet left: 1 unit added of the 3 ordered.',
      },
    ],
  };

  it('asks a signed-out visitor to sign in first', async () => {
    const fetchMock = mockApi({ 'GET /api/settings': { body: settingsResponse } });
    renderApp('/refill/5');
    expect(await screen.findByText(REFILL_TEXTS.signInToRefill)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/refills/5/add-to-cart')).toHaveLength(0);
  });

  it('puts the refill in the cart once and lists what could not be added', async () => {
    const fetchMock = signIn({ 'POST /api/refills/5/add-to-cart': { body: partly } });
    renderApp('/refill/5');
    expect(await screen.findByText(partly.message)).toBeTruthy();
    const notes = screen.getByRole('list', { name: 'Not added in full' });
    expect(within(notes).getByText(partly.lines[0]?.note ?? '')).toBeTruthy();
    expect(screen.getByRole('button', { name: REFILL_TEXTS.openCart })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'POST', '/api/refills/5/add-to-cart')).toHaveLength(1);
  });

  it('says so when the reminder is not the visitor’s or no longer exists', async () => {
    signIn({
      'POST /api/refills/9/add-to-cart': {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: REFILL_TEXTS.notFound },
      },
    });
    renderApp('/refill/9');
    expect(await screen.findByText(REFILL_TEXTS.notFound)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'My Refills' }).length).toBeGreaterThan(0);
  });
});

describe("'Remind me to refill' on the order page", () => {
  const order: OrderDetailResponse = {
    order: {
      id: 42,
      statusId: ORDER_STATUS.DELIVERED,
      status: 'Delivered',
      addressId: 3,
      userId: 7,
      totalOrderValue: 160.5,
      createdAt: '2026-11-20T10:00:00.000Z',
      expectedDeliveryDate: null,
      deliveredAt: '2026-11-22T10:00:00.000Z',
      orderedBy: { id: 7, name: 'Ravi Member' },
      itemCount: 2,
      firstItemImage: null,
      hasPrescriptionItems: false,
      shippingAddress: null,
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
        productName: 'Glycomet 500 Tablet',
        offerPrice: 55.25,
        maximumRetailPrice: 70,
        lineTotal: 110.5,
        discount: 0,
        prescription: false,
        product: { id: 11, name: 'Glycomet 500 Tablet', images: [] },
      },
      {
        id: 2,
        quantity: 1,
        count: 1,
        productName: 'Dettol Soap',
        offerPrice: 50,
        maximumRetailPrice: 60,
        lineTotal: 50,
        discount: 0,
        prescription: false,
        product: { id: 12, name: 'Dettol Soap', images: [] },
      },
    ],
    statusHistory: [],
    dispensing: { approval: null, nextStatusIds: [], duplicateTherapies: [] },
    taxDocuments: { invoice: null, creditNotes: [] },
  };

  it('offers it on medicine lines only and sets the interval chosen', async () => {
    let created = false;
    const refill = {
      id: 3,
      productId: 11,
      productName: 'Glycomet 500 Tablet',
      productAvailable: true,
      quantity: 2,
      intervalDays: 60,
      nextDueOn: '2027-01-21',
      remindOn: '2027-01-18',
      paused: false,
      sourceOrderId: 42,
      createdAt: '2026-11-25T10:00:00.000Z',
    };
    const fetchMock = signIn({
      'GET /api/order/getOrderDetail/42': { body: order },
      'GET /api/refills/order/42': () => ({
        body: {
          lines: [
            {
              orderLineId: 1,
              productId: 11,
              productName: 'Glycomet 500 Tablet',
              quantity: 2,
              refill: created ? refill : null,
            },
          ],
        },
      }),
      'POST /api/refills': () => {
        created = true;
        return {
          status: 201,
          body: {
            message: 'We will remind you to refill Glycomet 500 Tablet every 60 days.',
            refill,
          },
        };
      },
    });
    renderApp('/order/42');
    const button = await screen.findByRole('button', {
      name: 'Remind me to refill Glycomet 500 Tablet',
    });
    expect(screen.queryByRole('button', { name: 'Remind me to refill Dettol Soap' })).toBeNull();

    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: REFILL_TEXTS.dialogTitle });
    expect(within(dialog).getByRole('radio', { name: '30 days' })).toHaveProperty('checked', true);
    await userEvent.click(within(dialog).getByRole('radio', { name: '60 days' }));
    await userEvent.click(within(dialog).getByRole('button', { name: REFILL_TEXTS.save }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: REFILL_TEXTS.dialogTitle })).toBeNull(),
    );
    expect(callsTo(fetchMock, 'POST', '/api/refills')[0]?.[1]?.body).toBe(
      JSON.stringify({ orderId: 42, orderLineId: 1, intervalDays: 60 }),
    );
    expect(
      await screen.findByText('Refill reminder every 60 days, next due Thursday, 21 Jan 2027'),
    ).toBeTruthy();
  });
});
