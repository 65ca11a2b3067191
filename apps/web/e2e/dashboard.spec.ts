import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  adminToken,
  apiCall,
  confirmAddress,
  demoProduct,
  pageAs,
  placeOrder,
  signUp,
} from './checkout-support';

/**
 * Issue 18 point 1: the admin lands on the operations dashboard, reads the 'to pack' queue's
 * count, follows it and arrives on All Orders filtered to Packing, with the filter shown and the
 * order just paid for in it. The order is placed and paid (cash on delivery) through the API.
 */
test.describe('operations dashboard', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the admin follows the to-pack queue to the filtered order list @phone', async ({
    browser,
    request,
  }, testInfo) => {
    const customer = await signUp(request, 'dashboard');
    const orderId = await placeOrder(request, customer.token, await demoProduct(request, false));
    await confirmAddress(request, customer.token, orderId);
    await apiCall(request, 'PUT', `/api/order/${orderId}`, {
      token: customer.token,
      data: { payment: 'Cash on Delivery' },
    });

    const token = await adminToken(request);
    const page = await pageAs(browser, token);
    if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    // The admin chunk (with the chart library) loads on first visit: slow machines need longer.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
      timeout: 30_000,
    });
    const queue = page.getByRole('link', { name: /^To pack and dispatch/ });
    await expect(queue).toBeVisible({ timeout: 30_000 });
    // Other journeys share the shop: the count shown is the server's count, which holds ours.
    const { queues } = await apiCall<{ queues: { packing: number } }>(
      request,
      'GET',
      '/api/dashboard',
      { token },
    );
    expect(queues.packing).toBeGreaterThanOrEqual(1);
    await expect(queue).toContainText(String(queues.packing));
    await expect(page.getByRole('heading', { name: 'How the shop is doing' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Revenue per day' })).toBeVisible();

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await queue.click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/all\?statusId=10$/);
    await expect(page.getByLabel('Status')).toHaveValue('10');
    await expect(page.getByLabel('Status').locator('option:checked')).toHaveText('Packing');
    await expect(page.getByRole('article').filter({ hasText: `Order #${orderId}` })).toBeVisible();

    // The filter survives a reload, and My Profile is still one click away in the menu.
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('10');
    await expect(page.getByRole('article').filter({ hasText: `Order #${orderId}` })).toBeVisible();
    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });
});
