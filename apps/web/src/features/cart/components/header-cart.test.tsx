import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { closeCartDrawer } from '../hooks/use-cart-drawer';
import { addToGuestCart, getGuestCart } from '../lib/guest-cart';
import type { CartProduct } from '../types';
import { HeaderCart } from './header-cart';
import { ProductCardCartControls } from './product-cart-controls';

const product: CartProduct = {
  id: 11,
  name: 'Cetirizine 10 mg',
  offerPrice: 55,
  maximumRetailPrice: 70,
  quantity: 2,
  prescription: false,
  maxUnitsPerOrder: null,
  onlineSale: true,
  saltComposition: { id: 3, name: 'Cetirizine (10mg)' },
  images: [],
};

const member = {
  id: 7,
  name: 'Ravi Member',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

function serverItem(count: number) {
  return {
    id: 501,
    productId: product.id,
    count,
    product: {
      ...product,
      images: [],
      schedule: {
        code: 'OTC',
        name: 'Over the counter',
        requiresPrescription: false,
        onlineSale: true,
        keepsRegister: false,
      },
      isActive: true,
      divisionId: 1,
      manufacturerId: 1,
      saltCompositionId: null,
      division: { id: 1, name: 'Allergy' },
      manufacturer: { id: 1, name: 'Cipla' },
      saltComposition: null,
      dosageForm: null,
      strength: null,
      packSize: null,
      hsnCode: '3004',
      gstRate: 5,
      description: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

function cartBody(count: number) {
  return {
    cartItems: count > 0 ? [serverItem(count)] : [],
    summary: {
      itemCount: count,
      totalMaximumRetailPrice: 70 * count,
      totalOfferPrice: 55 * count,
      totalSaved: 15 * count,
      shipping: 0,
      total: 55 * count,
      prescriptionRequired: false,
    },
  };
}

function signIn(routes: Record<string, MockResponse | (() => MockResponse)>) {
  window.localStorage.setItem('token', 'test-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: member },
    ...routes,
  });
}

afterEach(() => {
  closeCartDrawer();
  window.sessionStorage.clear();
});

function renderCart() {
  return renderWithProviders(
    <>
      <HeaderCart />
      <ProductCardCartControls product={product} />
    </>,
    { url: '/shop?search=cet' },
  );
}

describe('guest cart in the header and drawer', () => {
  it('adds, counts, steps within the stock and sends the guest to sign in', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const user = userEvent.setup();
    const { router } = renderCart();

    expect(screen.getByRole('button', { name: 'your cart is empty' }).textContent).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Add Cetirizine 10 mg to cart' }));
    expect(await screen.findByText('Added to cart!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'your cart has 1 items' }).textContent).toBe('1');

    await user.click(screen.getByRole('button', { name: 'your cart has 1 items' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    const plus = within(drawer).getByRole('button', {
      name: 'Increase quantity of Cetirizine 10 mg',
    });
    await user.click(plus);
    expect((plus as HTMLButtonElement).disabled).toBe(true); // stock 2 reached
    expect(within(drawer).getByText('Free')).toBeTruthy();
    expect(within(drawer).getByText('₹110.00', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'your cart has 2 items' })).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Proceed To Checkout' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      redirectTo: '/shop?search=cet',
      openCart: true,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getGuestCart()[0]?.count).toBe(2);
  });

  it('shows the empty drawer with a Close button', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const user = userEvent.setup();
    renderCart();
    await user.click(screen.getByRole('button', { name: 'your cart is empty' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByText('Your shopping cart is empty')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('signed-in cart', () => {
  it('merges the guest cart at sign-in and shows the notes', async () => {
    addToGuestCart(product, 2);
    const fetchMock = signIn({
      'POST /api/cart/merge': {
        body: { ...cartBody(2), notes: ['Only 2 of Cetirizine 10 mg can be ordered.'] },
      },
      'GET /api/cart/all/7': { body: cartBody(2) },
    });
    renderCart();
    expect(await screen.findByText('Only 2 of Cetirizine 10 mg can be ordered.')).toBeTruthy();
    const [merge] = callsTo(fetchMock, 'POST', '/api/cart/merge');
    expect(JSON.parse(String(merge?.[1]?.body))).toEqual({ items: [{ productId: 11, count: 2 }] });
    await waitFor(() => expect(getGuestCart()).toEqual([]));
    expect(await screen.findByRole('button', { name: 'your cart has 2 items' })).toBeTruthy();
  });

  it('places one order on a double click, with an Idempotency-Key, and opens its process page', async () => {
    let placed = false;
    const fetchMock = signIn({
      'GET /api/cart/all/7': () => ({ body: cartBody(placed ? 0 : 1) }),
      'POST /api/order': () => {
        placed = true;
        return { status: 201, body: { orderId: 42, message: 'Order placed successfully' } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'your cart has 1 items' }));
    const button = await screen.findByRole('button', { name: 'Place Order' });
    // Issue 19: the cart says where coupons and points are spent.
    expect(
      screen.getByText('Have a coupon code or loyalty points? Apply them at the payment step.'),
    ).toBeTruthy();
    await user.dblClick(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/process/42'));
    const calls = callsTo(fetchMock, 'POST', '/api/order');
    expect(calls).toHaveLength(1);
    const headers = calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'your cart is empty' })).toBeTruthy();
  });

  it('keeps the cart and shows the server message when placing fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn({
      'GET /api/cart/all/7': { body: cartBody(1) },
      'POST /api/order': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'Cetirizine 10 mg is out of stock. Please remove it from your cart.',
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'your cart has 1 items' }));
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(
      await screen.findByText('Cetirizine 10 mg is out of stock. Please remove it from your cart.'),
    ).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/shop');
    expect(await screen.findByRole('dialog', { name: 'Your cart' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'your cart has 1 items' })).toBeTruthy();
  });

  it('shows an added item at once, before the server answers, then the cart the server holds', async () => {
    // The server cart: empty at first; another tab adds one unit while this add is in flight.
    let serverCount = 0;
    const api = signIn({
      'GET /api/cart/all/7': () => ({ body: cartBody(serverCount) }),
      'POST /api/cart': () => {
        serverCount += 2;
        return { status: 201, body: { message: 'Added to cart!', cartItem: serverItem(2) } };
      },
    });
    let answer = () => {};
    const serverHeld = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input).endsWith('/api/cart')) await serverHeld;
      return api(input, init);
    });
    const user = userEvent.setup();
    renderCart();
    await screen.findByRole('button', { name: 'your cart is empty' });

    await user.click(screen.getByRole('button', { name: 'Add Cetirizine 10 mg to cart' }));
    // Optimistic: the badge counts the unit while POST /api/cart is still unanswered.
    expect(screen.getByRole('button', { name: 'your cart has 1 items' }).textContent).toBe('1');
    expect(screen.queryByText('Added to cart!')).toBeNull();
    const readsBeforeAnswer = callsTo(api, 'GET', '/api/cart/all/7').length;

    answer();
    expect(await screen.findByText('Added to cart!')).toBeTruthy();
    // Reconciled: the cart is read again and the server's count replaces the optimistic one.
    expect(await screen.findByRole('button', { name: 'your cart has 2 items' })).toBeTruthy();
    expect(callsTo(api, 'GET', '/api/cart/all/7').length).toBeGreaterThan(readsBeforeAnswer);
  });

  it("shows the server's error, else 'Failed to add item to cart', and rolls the count back", async () => {
    signIn({
      'GET /api/cart/all/7': { body: cartBody(0) },
      'POST /api/cart': { status: 500 },
    });
    const user = userEvent.setup();
    renderCart();
    await screen.findByRole('button', { name: 'your cart is empty' });
    await user.click(screen.getByRole('button', { name: 'Add Cetirizine 10 mg to cart' }));
    expect(await screen.findByText('Failed to add item to cart')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'your cart is empty' })).toBeTruthy();
  });
});
