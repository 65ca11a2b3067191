import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, STOCK_ALERT_TEXTS } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { makeProduct } from '../utils/test-product';

/** Issue 17 on the product page: 'We'll e-mail you' once a signed-in shopper has asked. */
const shopper = {
  id: 7,
  name: 'Ravi Member',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

const product = makeProduct({ id: 9, name: 'Crocin Advance Tablet', quantity: 0 });

type Handler = MockResponse | ((request: { body: unknown; url: URL }) => MockResponse);

function productRoutes(routes: Record<string, Handler> = {}) {
  return {
    'GET /api/settings': { body: settingsResponse },
    'GET /api/product/9': { body: product },
    'GET /api/product/9/substitutes': { body: { substitutes: [] } },
    ...routes,
  };
}

function signIn(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'shopper-token');
  reloadSession();
  return mockApi(productRoutes({ 'GET /api/user/myProfile': { body: shopper }, ...routes }));
}

async function productPage() {
  await screen.findByRole('heading', { level: 1, name: 'Crocin Advance Tablet' });
  return screen.getByRole('main');
}

describe('notify me when available (issue 17)', { timeout: 20_000 }, () => {
  it('turns the button into a calm confirmation once asked, and Cancel brings it back', async () => {
    let waiting = false;
    const fetchMock = signIn({
      'GET /api/product/9/notify': () => ({ body: { waiting } }),
      'POST /api/product/9/notify': () => {
        waiting = true;
        return { body: { message: MESSAGES.notifyWhenAvailable } };
      },
      'DELETE /api/stock-alerts/9': () => {
        waiting = false;
        return { body: { message: STOCK_ALERT_TEXTS.cancelled } };
      },
    });
    const user = userEvent.setup();
    renderApp('/product/9');
    const main = await productPage();

    await user.click(await within(main).findByRole('button', { name: 'Notify me when available' }));
    expect(await within(main).findByText(STOCK_ALERT_TEXTS.waiting)).toBeTruthy();
    expect(within(main).getByText(STOCK_ALERT_TEXTS.waitingDetail)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.notifyWhenAvailable)).toBeTruthy();
    // Not a button that could be pressed again; focus stays on the confirmation.
    expect(within(main).queryByRole('button', { name: 'Notify me when available' })).toBeNull();
    expect(document.activeElement?.textContent).toContain(STOCK_ALERT_TEXTS.waiting);
    expect(callsTo(fetchMock, 'POST', '/api/product/9/notify')).toHaveLength(1);

    // Keyboard: Tab reaches Cancel, Enter cancels, and focus lands on the button it brings back.
    await user.tab();
    expect(document.activeElement).toBe(
      within(main).getByRole('button', { name: 'Cancel the e-mail' }),
    );
    await user.keyboard('{Enter}');
    const button = await within(main).findByRole('button', { name: 'Notify me when available' });
    expect(within(main).queryByText(STOCK_ALERT_TEXTS.waiting)).toBeNull();
    expect(await screen.findByText(STOCK_ALERT_TEXTS.cancelled)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(callsTo(fetchMock, 'DELETE', '/api/stock-alerts/9')).toHaveLength(1);
  });

  it('shows "We\'ll e-mail you" straight away to a shopper who asked before', async () => {
    signIn({ 'GET /api/product/9/notify': { body: { waiting: true } } });
    renderApp('/product/9');
    const main = await productPage();
    expect(await within(main).findByText(STOCK_ALERT_TEXTS.waiting)).toBeTruthy();
    expect(within(main).queryByRole('button', { name: 'Notify me when available' })).toBeNull();
    expect(within(main).getByRole('button', { name: 'Cancel the e-mail' })).toBeTruthy();
  });

  it('falls back to the button when the status cannot be read', async () => {
    signIn({
      'GET /api/product/9/notify': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    renderApp('/product/9');
    const main = await productPage();
    expect(
      await within(main).findByRole('button', { name: 'Notify me when available' }),
    ).toBeTruthy();
  });

  it('asks a signed-out visitor to log in, without reading any request', async () => {
    const fetchMock = mockApi(productRoutes());
    const user = userEvent.setup();
    const { router } = renderApp('/product/9');
    const main = await productPage();
    await user.click(within(main).getByRole('button', { name: 'Notify me when available' }));
    expect(await screen.findByText(MESSAGES.pleaseLogin)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(callsTo(fetchMock, 'GET', '/api/product/9/notify')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', '/api/product/9/notify')).toHaveLength(0);
  });

  it('does not ask about an in-stock product', async () => {
    const fetchMock = signIn({
      'GET /api/product/9': { body: { ...product, quantity: 12 } },
      'GET /api/product/9/notify': { body: { waiting: false } },
    });
    renderApp('/product/9');
    const main = await productPage();
    expect(await within(main).findByRole('button', { name: 'Add To Cart' })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/product/9/notify')).toHaveLength(0);
  });
  it('says when a product cannot be returned (issue 19), and says nothing of returnable ones', async () => {
    mockApi(productRoutes({ 'GET /api/product/9': { body: { ...product, returnable: false } } }));
    renderApp('/product/9');
    const main = await productPage();
    expect(within(main).getByText('Returns').nextElementSibling?.textContent).toBe(
      'Cannot be returned once delivered',
    );
  });
});
