import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from '@playwright/test';
import { apiCall, deliveredCashOrder, demoProduct, pageAs, signUp } from './checkout-support';

/**
 * Issue 19 loyalty points: a delivered order earns points, and the customer finds them on the
 * Rewards page of the dashboard (balance, value, history with the order) and the FAQ's answer
 * leads there. The order is placed, paid in cash and delivered through the API to keep it fast;
 * spending points at the payment step is the promotions journey.
 */

test.describe('rewards', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a delivered order earns points that the customer sees on the Rewards page @phone', async ({
    browser,
    request,
  }, testInfo) => {
    const product = await demoProduct(request, false, testInfo.project.name === 'phone' ? 6 : 5);
    // Enough units for at least ₹300, so the order earns a few points.
    const units = Math.min(10, Math.max(2, Math.ceil(300 / product.offerPrice)));
    const customer = await signUp(request, 'rewards');
    const orderId = await deliveredCashOrder(request, customer.token, product, units);
    const { order } = await apiCall<{ order: { totalOrderValue: number } }>(
      request,
      'GET',
      `/api/order/getOrderDetail/${orderId}`,
      { token: customer.token },
    );
    const points = Math.floor(order.totalOrderValue / 100);
    expect(points).toBeGreaterThan(0);

    // Rewards, from the dashboard menu.
    const page = await pageAs(browser, customer.token);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    if (testInfo.project.name === 'phone') await nav.getByRole('button').first().click();
    await nav.getByRole('link', { name: 'Rewards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
    await expect(page.getByTestId('points-balance')).toHaveText(
      `${points} ${points === 1 ? 'point' : 'points'}`,
    );
    await expect(page.getByText(`Worth ₹${points} on your next order`)).toBeVisible();
    await expect(
      page.getByText(/Every delivered order earns 1 point for every ₹100 paid/),
    ).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Earned');
    await expect(rows.nth(1)).toContainText(`+${points}`);
    await expectNoSeriousViolations(page);

    // The history links to the order.
    await rows
      .nth(1)
      .getByRole('link', { name: `Order #${orderId}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));

    // The FAQ's answer leads to the same page.
    await page.goto('/faq');
    await page.getByText('Do you have a loyalty programme?').click();
    await page.getByRole('link', { name: 'Rewards page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  });
});
