import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { OrderList } from './order-list';

const order = {
  id: 42,
  statusId: 6,
  status: 'Dispatched',
  addressId: 3,
  userId: 7,
  totalOrderValue: 1234.5,
  createdAt: '2026-11-20T10:00:00.000Z',
  expectedDeliveryDate: null,
  deliveredAt: null,
  orderedBy: { id: 7, name: 'Ravi Member' },
  itemCount: 2,
  firstItemImage: '/uploads/catalog/cetirizine.svg',
  hasPrescriptionItems: false,
  shippingAddress: null,
  paymentNote: null,
  subtotal: 1234.5,
  couponCode: null,
  couponDiscount: 0,
  pointsRedeemed: 0,
  pointsDiscount: 0,
  canCancel: false,
};

function page(orderList: unknown[], rowCount: number, pageCount = 1) {
  return { body: { orderList, pagination: { page: 1, pageCount, rowCount, pageSize: 10 } } };
}

function signIn(routes: Record<string, MockResponse>) {
  window.localStorage.setItem('token', 'test-token');
  reloadSession();
  return mockApi({ 'GET /api/settings': { body: settingsResponse }, ...routes });
}

describe('order list', () => {
  it("shows 'Your Orders' with the count, the cards and the admin's 'All Orders' action", async () => {
    const fetchMock = signIn({ 'GET /api/order/all': page([order], 1) });
    renderWithProviders(<OrderList scope="own" userId={1} canSeeAll />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Orders (1)' })).toBeTruthy();
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Order #42' }).getAttribute('href')).toBe(
      '/order/42',
    );
    expect(within(card).getByText('Ravi Member')).toBeTruthy();
    expect(within(card).getByText('Dispatched')).toBeTruthy();
    expect(within(card).getByText('₹1,234.50')).toBeTruthy();
    expect(within(card).getByText('Friday, 20 Nov 2026', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All Orders' }).getAttribute('href')).toBe(
      '/dashboard/orders/all',
    );
    const [call] = callsTo(fetchMock, 'GET', '/api/order/all');
    expect(new URL(String(call?.[0]), 'http://x').searchParams.get('userId')).toBe('1');
  });

  it("puts the route's actions (issue 17 'Buy again') on each card, clickable over its link", async () => {
    signIn({ 'GET /api/order/all': page([order], 1) });
    const user = userEvent.setup();
    const clicked: number[] = [];
    const { router } = renderWithProviders(
      <OrderList
        scope="own"
        userId={7}
        canSeeAll={false}
        orderActions={(each) => (
          <button type="button" onClick={() => clicked.push(each.id)}>
            Again {each.id}
          </button>
        )}
      />,
    );
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Again 42' }));
    expect(clicked).toEqual([42]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('filters by status and pages through the results', async () => {
    const fetchMock = signIn({ 'GET /api/order/all': page([order], 25, 3) });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<OrderList scope="all" canSeeAll />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Customer Orders (25)' }),
    ).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'Dispatched');
    expect(router.state.location.search).toBe('?statusId=6');
    await user.click(screen.getByRole('button', { name: /^Page ?2$/ }));
    expect(router.state.location.search).toBe('?statusId=6&page=2');
    const last = callsTo(fetchMock, 'GET', '/api/order/all').at(-1);
    const params = new URL(String(last?.[0]), 'http://x').searchParams;
    expect([params.get('statusId'), params.get('page'), params.get('userId')]).toEqual([
      '6',
      '2',
      null,
    ]);
  });

  it.each([
    ['own' as const, 'You have no orders yet.'],
    ['all' as const, 'No orders found.'],
    ['customer' as const, 'No orders found.'],
  ])('shows the %s empty text', async (scope, text) => {
    signIn({ 'GET /api/order/all': page([], 0) });
    renderWithProviders(<OrderList scope={scope} userId={9} canSeeAll={scope !== 'own'} />);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
