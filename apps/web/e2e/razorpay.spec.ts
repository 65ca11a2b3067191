import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiCall,
  confirmAddress,
  pageAs,
  placeOrder,
  saveAddress,
  signUp,
} from './checkout-support';
import { expectNoSeriousViolations } from './support/axe';

/**
 * Issue 28 journeys against the Razorpay shop (scripts/e2e-razorpay-server.mjs): its own server,
 * configured for Razorpay with the local double, whose Checkout is a dialog in the page where the
 * customer picks "UPI", "Card", "Fail payment" or "Close".
 */
const shopUrl = `http://127.0.0.1:${process.env.E2E_RAZORPAY_PORT ?? 4323}`;
test.use({ baseURL: shopUrl });

const NOT_COMPLETED =
  'Payment not completed. Your order is saved and waiting for payment; you can pay now or choose cash on delivery.';

interface Product {
  id: number;
  name: string;
  quantity: number;
  prescription: boolean;
  offerPrice: number;
}

// Playwright waits only for the double: the shop boots beside the main server, so wait for it.
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: shopUrl });
  await expect
    .poll(
      async () => {
        try {
          return (await request.get('/api/health')).status();
        } catch {
          return 0; // not listening yet
        }
      },
      {
        message: `the Razorpay shop at ${shopUrl} (scripts/e2e-razorpay-server.mjs) never got healthy`,
        timeout: 170_000,
        intervals: [250, 500, 1000],
      },
    )
    .toBe(200);
  await request.dispose();
});

/** A stocked product without the prescription flag costing more than 50, so Razorpay is offered. */
async function productOver50(request: APIRequestContext, index: number): Promise<Product> {
  const { productList } = await apiCall<{ productList: Product[] }>(
    request,
    'GET',
    '/api/product/all?limit=100&orderBy=createdAt&orderType=asc',
  );
  const product = productList.filter(
    (p) => !p.prescription && p.quantity >= 20 && p.offerPrice > 50,
  )[index];
  if (!product) throw new Error('no stocked product over 50 without a prescription');
  return product;
}

/** Product page → Add To Cart → the cart drawer's Place Order → Confirm Address → Payment. */
async function checkOutToPayment(page: Page, product: Product) {
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await page.getByRole('button', { name: 'your cart has 1 items' }).click();
  await page
    .getByRole('dialog', { name: 'Your cart' })
    .getByRole('button', { name: 'Place Order' })
    .click();
  await expect(page).toHaveURL(/\/order\/process\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());

  await expect(page.getByText('12 MG Road')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Address' }).click();
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  const online = page.getByRole('region', { name: 'Online payment' });
  await expect(online).toContainText('Pay by UPI, card, netbanking or wallet.');
  await expect(online.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  return { orderId, online };
}

function checkout(page: Page) {
  return page.getByRole('dialog', { name: 'Razorpay Checkout' });
}

/** The payment id Checkout hands the page, as the page sends it to the shop. */
function savedPaymentId(page: Page): Promise<string> {
  return page
    .waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname.startsWith('/api/payment/save-payment-details/'),
    )
    .then((request) => {
      const body = request.postDataJSON() as { razorpay_payment_id?: string };
      if (!body.razorpay_payment_id) throw new Error('saved without razorpay_payment_id');
      return body.razorpay_payment_id;
    });
}

/**
 * An order placed and paid by UPI without the browser: the intent from the shop, the payment at
 * the double's Checkout endpoint (what its UPI button posts), Checkout's answer saved on the shop.
 */
async function paidOrder(request: APIRequestContext, token: string, product: Product) {
  const orderId = await placeOrder(request, token, product, 1);
  await confirmAddress(request, token, orderId);
  const intent = await apiCall<{
    provider: string;
    keyId: string;
    razorpayOrderId: string;
    checkoutScriptUrl: string;
  }>(request, 'POST', `/api/payment/create-intent/${orderId}`, { token });
  expect(intent.provider).toBe('razorpay');
  const paid = await request.post(new URL('/v1/checkout/pay', intent.checkoutScriptUrl).href, {
    data: { key_id: intent.keyId, order_id: intent.razorpayOrderId, method: 'upi' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await apiCall(request, 'POST', `/api/payment/save-payment-details/${orderId}`, {
    token,
    data: await paid.json(),
  });
  return orderId;
}

test.describe('Razorpay checkout', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a new customer pays by UPI in Checkout; the order shows the Razorpay payment', async ({
    browser,
    request,
  }) => {
    const customer = await signUp(request, 'razorpay-upi');
    await saveAddress(request, customer.token);
    const product = await productOver50(request, 0);
    const page = await pageAs(browser, customer.token);

    const { orderId, online } = await checkOutToPayment(page, product);
    // The promise bar says what this shop takes.
    await expect(
      page.getByText('Pay by UPI, cards, netbanking, wallets or cash on delivery'),
    ).toBeVisible();

    await online.getByRole('button', { name: 'Pay now' }).click();
    await expect(checkout(page)).toBeVisible();
    await expect(checkout(page)).toContainText('MediKart Pharmacy');
    const paymentId = savedPaymentId(page);
    await checkout(page).getByRole('button', { name: 'UPI' }).click();

    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(checkout(page)).toHaveCount(0);
    await expect(page.getByText('Payment: Paid online by UPI')).toBeVisible();
    const payId = await paymentId;
    expect(payId).toMatch(/^pay_[A-Za-z0-9]{14}$/);

    await page.getByRole('link', { name: 'View Order' }).click();
    await expect(page).toHaveURL(`/order/${orderId}`);
    const payments = page.getByRole('list', { name: 'Payments' });
    await expect(payments.getByRole('listitem')).toHaveCount(1);
    await expect(payments.getByRole('listitem')).toContainText(/^Razorpay by UPI: ₹[\d,.]+, paid/);
    await expect(payments.getByText(payId, { exact: true })).toBeVisible();
    // The order's Payment fact (the timeline's entry says it too).
    await expect(
      page.getByRole('definition').filter({ hasText: /^Paid online by UPI$/ }),
    ).toBeVisible();
    await page.context().close();
  });

  test('a second order: Checkout closed, then a failed attempt, then paid by card', async ({
    browser,
    request,
  }) => {
    const customer = await signUp(request, 'razorpay-retry');
    // The customer's first order, already paid by UPI (its address is the one confirmed below).
    await paidOrder(request, customer.token, await productOver50(request, 2));
    const page = await pageAs(browser, customer.token);
    const { orderId, online } = await checkOutToPayment(page, await productOver50(request, 1));
    const payNow = online.getByRole('button', { name: 'Pay now' });

    // Closed without paying: the order waits at the payment step.
    await payNow.click();
    await checkout(page).getByRole('button', { name: 'Close' }).click();
    await expect(checkout(page)).toHaveCount(0);
    await expect(online.getByRole('status').filter({ hasText: NOT_COMPLETED })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
    await expect(payNow).toBeEnabled();
    await expect(payNow).toBeFocused();
    await expectNoSeriousViolations(page);

    // A failed attempt: Checkout stays open, the page says why behind it.
    await payNow.click();
    await checkout(page).getByRole('button', { name: 'Fail payment' }).click();
    await expect(checkout(page).getByRole('status')).toHaveText(
      'Payment failed. Try again or choose another method.',
    );
    // The double's description is "Payment failed": said once, with the way forward.
    await expect(online.getByRole('alert')).toHaveText(
      'Payment failed. You can try again or choose cash on delivery.',
    );
    await expect(online.getByText(NOT_COMPLETED)).toHaveCount(0);

    // Paid by card in the same Checkout.
    const paymentId = savedPaymentId(page);
    await checkout(page).getByRole('button', { name: 'Card' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByText('Payment: Paid online by card')).toBeVisible();
    const payId = await paymentId;

    const { order } = await apiCall<{ order: { status: string; paymentNote: string } }>(
      request,
      'GET',
      `/api/order/getOrderDetail/${orderId}`,
      { token: customer.token },
    );
    expect(order.paymentNote).toBe('Paid online by card');
    await page.goto(`/order/${orderId}`);
    const payments = page.getByRole('list', { name: 'Payments' });
    await expect(payments.getByRole('listitem')).toHaveCount(1);
    await expect(payments.getByRole('listitem')).toContainText(/^Razorpay by card: ₹[\d,.]+, paid/);
    await expect(payments.getByText(payId, { exact: true })).toBeVisible();
    await page.context().close();
  });
});
