import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  adminToken,
  apiCall,
  confirmAddress,
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

async function expectNoSeriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  expect(
    axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, targets: violation.nodes.map((n) => n.target) })),
  ).toEqual([]);
}

/**
 * Issue 19 items 3 to 5: a member with points (earned by a delivered order, through the API) and
 * an active coupon (made through the admin API) applies both at the payment step, pays the new
 * total by card (test card 4242…), and the order page shows both discounts and what was paid.
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
    const first = await placeOrder(request, customer.token, product, units);
    await confirmAddress(request, customer.token, first);
    await apiCall(request, 'PUT', `/api/order/${first}`, {
      token: customer.token,
      data: { payment: 'Cash on Delivery' },
    });
    for (const statusId of [6, 7])
      await apiCall(request, 'PUT', `/api/order/${first}`, { token: admin, data: { statusId } });

    // The order to discount, at its payment step.
    const orderId = await placeOrder(request, customer.token, product, units);
    await confirmAddress(request, customer.token, orderId);
    const page = await pageAs(browser, customer.token);
    await page.goto(`/order/process/${orderId}`);
    const discounts = page.getByRole('region', { name: 'Coupon and loyalty points' });
    await expect(discounts.getByText('Subtotal')).toBeVisible();

    // A wrong code: the server's sentence under the field.
    await discounts.getByLabel('Coupon code').fill('NO-SUCH-CODE');
    await discounts.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(
      discounts.getByText('There is no coupon with the code NO-SUCH-CODE.'),
    ).toBeVisible();

    await discounts.getByLabel('Coupon code').fill(code.toLowerCase());
    await discounts.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(discounts.getByText(`Coupon (${code})`)).toBeVisible();

    const afterCoupon = await apiCall<Pricing>(request, 'GET', `/api/order/${orderId}/pricing`, {
      token: customer.token,
    });
    expect(afterCoupon.points.balance).toBeGreaterThan(0);
    const points = Math.min(3, afterCoupon.points.maxForOrder);
    expect(points).toBeGreaterThan(0);
    await discounts.getByLabel('Use points').fill(String(points));
    await discounts.getByRole('button', { name: 'Apply points' }).click();
    await expect(discounts.getByText(`Points (${points})`)).toBeVisible();

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
