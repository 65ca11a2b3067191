import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BuyAgainResponse } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { BuyAgainButton } from './buy-again-button';

const member = {
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
const BUY_AGAIN = 'POST /api/order/42/buy-again';

const allAdded: BuyAgainResponse = {
  message: 'All 2 products of this order are in your cart.',
  addedUnits: 3,
  lines: [
    {
      productId: 1,
      name: 'Dolo 650',
      ordered: 2,
      added: 2,
      inCart: 2,
      reason: null,
      note: null,
    },
    {
      productId: 2,
      name: 'Pan 40',
      ordered: 1,
      added: 1,
      inCart: 1,
      reason: null,
      note: null,
    },
  ],
};
const someNotAdded: BuyAgainResponse = {
  message: '1 of the 3 products of this order were added to your cart.',
  addedUnits: 2,
  lines: [
    allAdded.lines[0]!,
    {
      productId: null,
      name: 'Old Syrup',
      ordered: 1,
      added: 0,
      inCart: 0,
      reason: 'no_longer_sold',
      note: 'Old Syrup is no longer sold online and was not added.',
    },
    {
      productId: 3,
      name: 'Azee 500',
      ordered: 5,
      added: 0,
      inCart: 0,
      reason: 'out_of_stock',
      note: 'Azee 500 is out of stock and was not added.',
    },
  ],
};

function signIn(routes: Record<string, MockResponse>) {
  window.localStorage.setItem('token', 'test-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: member },
    'GET /api/cart/all/7': { body: emptyCart },
    ...routes,
  });
}

describe('buy again (issue 17)', () => {
  it('adds the order once however often it is clicked, re-reads the cart, then opens it', async () => {
    const fetchMock = signIn({ [BUY_AGAIN]: { body: allAdded } });
    // The answer waits until released, so the button can be seen working.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await gate;
      return fetchMock(input, init);
    });
    const onViewCart = vi.fn();
    renderWithProviders(<BuyAgainButton orderId={42} onViewCart={onViewCart} />);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/cart/all/7')).toHaveLength(1));

    const button = await screen.findByRole('button', { name: 'Buy again (order #42)' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    const working = await screen.findByRole('button', { name: /Adding to cart/ });
    expect((working as HTMLButtonElement).disabled).toBe(true);
    expect(working.getAttribute('aria-busy')).toBe('true');

    release();
    expect(await screen.findByText(allAdded.message, { selector: 'p' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/order/42/buy-again')).toHaveLength(1);
    // The cart (and so the header's badge) was read again before the result showed.
    expect(callsTo(fetchMock, 'GET', '/api/cart/all/7')).toHaveLength(2);
    expect(onViewCart).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('list', { name: 'Not added in full' })).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Buy again (order #42)' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('lists each product that could not be added with its reason, and offers the cart', async () => {
    signIn({ [BUY_AGAIN]: { body: someNotAdded } });
    const onViewCart = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BuyAgainButton orderId={42} onViewCart={onViewCart} />);
    await user.click(await screen.findByRole('button', { name: 'Buy again (order #42)' }));

    const status = await screen.findByRole('status');
    await within(status).findByText(someNotAdded.message);
    const list = within(status).getByRole('list', { name: 'Not added in full' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Old Syrup is no longer sold online and was not added.',
      'Azee 500 is out of stock and was not added.',
    ]);
    // The shopper reads the notice first; the cart opens when they ask for it.
    expect(onViewCart).not.toHaveBeenCalled();
    await user.click(within(status).getByRole('button', { name: 'View cart' }));
    expect(onViewCart).toHaveBeenCalledTimes(1);
  });

  it('offers no cart when nothing could be added', async () => {
    signIn({
      [BUY_AGAIN]: {
        body: {
          message: 'None of the products of this order could be added to your cart.',
          addedUnits: 0,
          lines: [someNotAdded.lines[2]],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BuyAgainButton orderId={42} onViewCart={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Buy again (order #42)' }));
    const status = await screen.findByRole('status');
    await within(status).findByText('Azee 500 is out of stock and was not added.');
    expect(within(status).queryByRole('button', { name: 'View cart' })).toBeNull();
  });

  it("shows the server's reason when the order cannot be bought again, and can be tried again", async () => {
    const fetchMock = signIn({
      [BUY_AGAIN]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'No order found.' },
      },
    });
    const onViewCart = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BuyAgainButton orderId={42} onViewCart={onViewCart} />);
    await user.click(await screen.findByRole('button', { name: 'Buy again (order #42)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No order found.');
    expect(onViewCart).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Buy again (order #42)' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/order/42/buy-again')).toHaveLength(2),
    );
  });

  it('says so, without the server text, when the server fails', async () => {
    signIn({
      [BUY_AGAIN]: {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BuyAgainButton orderId={42} onViewCart={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Buy again (order #42)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not add this order to your cart. Please try again.',
    );
  });
});
