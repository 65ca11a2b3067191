import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import {
  adminToken,
  apiCall,
  confirmAddress,
  deliveredCashOrder,
  demoProduct,
  fillCard,
  pageAs,
  placeOrder,
  signUp,
} from './checkout-support';

interface Pricing {
  subtotal: number;
  total: number;
  coupon: { code: string; discount: number } | null;
  points: { balance: number; maxForOrder: number; redeemed: number; discount: number };
}

const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Issue 19 items 3 to 5: a member with points (earned by a delivered order, through the API) and
 * an active coupon (made through the admin API) types both at the payment step and applies them
 * with one click (one PUT /discounts), pays the new total by card (test card 4242…), and the
 * order page shows both discounts and what was paid.
 */
test.describe('coupon and points before payment', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a customer spends a coupon and points, pays by card, and the order shows both @phone', async ({
    browser,
    request,
  }, testInfo) => {
    const admin = await adminToken(request);
    const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now()}`.slice(0, 40);
    await apiCall(request, 'POST', '/api/coupons', {
      token: admin,
      data: {
        code,
        kind: 'percent',
        percentOff: 10,
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        usageLimit: 5,
      },
    });

    // Points: a cash order worth at least ₹500, dispatched and delivered.
    const product = await demoProduct(request, false, testInfo.project.name === 'phone' ? 8 : 7);
    const units = Math.min(10, Math.max(2, Math.ceil(500 / product.offerPrice)));
    const customer = await signUp(request, 'promotions');
    await deliveredCashOrder(request, customer.token, product, units);

    // The order to discount, at its payment step.
    const orderId = await placeOrder(request, customer.token, product, units);
    await confirmAddress(request, customer.token, orderId);
    const page = await pageAs(browser, customer.token);
    await page.goto(`/order/process/${orderId}`);
    const discounts = page.getByRole('region', { name: 'Coupon and loyalty points' });
    await expect(discounts.getByText('Subtotal')).toBeVisible();

    const before = await apiCall<Pricing>(request, 'GET', `/api/order/${orderId}/pricing`, {
      token: customer.token,
    });
    expect(before.points.balance).toBeGreaterThan(0);
    // Well under the cap (a share of the total) even after the coupon's 10% comes off.
    const points = Math.min(3, Math.floor(before.points.maxForOrder / 2));
    expect(points).toBeGreaterThan(0);
    await expect(
      discounts.getByText(`You have ${before.points.balance} points`, { exact: false }),
    ).toBeVisible();

    const discountRequests: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith(`/api/order/${orderId}/`) && sent.method() !== 'GET')
        discountRequests.push(`${sent.method()} ${url.pathname} ${sent.postData() ?? ''}`);
    });

    // A wrong code: the server's sentence under the form, and nothing applied.
    await discounts.getByLabel('Coupon code').fill('NO-SUCH-CODE');
    await discounts.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(discounts.getByRole('alert')).toHaveText(
      'There is no coupon with the code NO-SUCH-CODE.',
    );
    await expect(discounts.getByText('Coupon (', { exact: false })).toHaveCount(0);

    // The code and the points together, with one click and one request.
    discountRequests.length = 0;
    await discounts.getByLabel('Coupon code').fill(code.toLowerCase());
    await discounts.getByLabel('Points to use').fill(String(points));
    await discounts.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(discounts.getByText(`Coupon (${code})`)).toBeVisible();
    await expect(discounts.getByText(`Points (${points})`)).toBeVisible();
    await expect(discounts.getByRole('alert')).toHaveCount(0);
    expect(discountRequests).toEqual([
      `PUT /api/order/${orderId}/discounts ${JSON.stringify({ couponCode: code.toLowerCase(), points })}`,
    ]);
    await expect(discounts.getByRole('button', { name: `Remove coupon ${code}` })).toBeVisible();
    await expect(discounts.getByRole('button', { name: 'Remove points' })).toBeVisible();

    const priced = await apiCall<Pricing>(request, 'GET', `/api/order/${orderId}/pricing`, {
      token: customer.token,
    });
    expect(priced.total).toBeCloseTo(priced.subtotal - (priced.coupon?.discount ?? 0) - points, 2);
    await expect(discounts.getByText(rupees(priced.total))).toBeVisible();
    await expectNoSeriousViolations(page);

    // Card payment of the new total (the intent is made again for it).
    await expect(page.getByText(`Amount to pay: ${rupees(priced.total)}`)).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();

    await page.goto(`/order/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
    await expect(page.getByText(`Coupon (${code})`)).toBeVisible();
    await expect(page.getByText(`−${rupees(priced.coupon?.discount ?? 0)}`)).toBeVisible();
    await expect(page.getByText(`Points (${points})`)).toBeVisible();
    await expect(page.getByText(`−${rupees(points)}`)).toBeVisible();
    await expect(page.getByText(rupees(priced.total)).first()).toBeVisible();
    await expectNoSeriousViolations(page);

    const { order } = await apiCall<{ order: { totalOrderValue: number; statusId: number } }>(
      request,
      'GET',
      `/api/order/getOrderDetail/${orderId}`,
      { token: customer.token },
    );
    expect(order.totalOrderValue).toBe(priced.total);
    expect(order.statusId).not.toBe(9);
  });
});
