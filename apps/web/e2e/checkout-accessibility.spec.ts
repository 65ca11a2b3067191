import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, demoProduct, pageAs, placeOrder, saveAddress, signUp } from './checkout-support';

/**
 * Issue 6 (DESIGN.md): the process page's steps have no serious or critical axe violations. The
 * check covers the page's content (main); the shared header has its own accessibility journeys.
 */
async function expectNoSeriousViolations(page: Page, step: string) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${step}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('checkout accessibility', () => {
  test.describe.configure({ timeout: 90_000 });

  test('address, prescription, payment, cash and confirmed steps @phone', async ({
    browser,
    request,
  }) => {
    const customer = await signUp(request, 'axe');
    await saveAddress(request, customer.token);
    const orderId = await placeOrder(request, customer.token, await demoProduct(request, true, 4));
    const page = await pageAs(browser, customer.token);

    await page.goto(`/order/process/${orderId}`);
    await expect(page.getByRole('button', { name: 'Confirm Address' })).toBeVisible();
    await expectNoSeriousViolations(page, 'address');

    await page.getByRole('button', { name: 'Confirm Address' }).click();
    await expect(page.getByRole('heading', { name: 'Upload Prescription' })).toBeVisible();
    await page.getByRole('button', { name: 'Do you have any comments to add?' }).click();
    await expectNoSeriousViolations(page, 'prescription');

    await apiCall(request, 'POST', `/api/order/uploadOrderPrescriptions/${orderId}`, {
      token: customer.token,
      multipart: {
        image: {
          name: 'rx.png',
          mimeType: 'image/png',
          buffer: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
            'base64',
          ),
        },
      },
    });
    await page.reload();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectNoSeriousViolations(page, 'payment');

    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await expect(page.getByText('Total amount to pay on delivery')).toBeVisible();
    await expectNoSeriousViolations(page, 'cash on delivery');

    await page.getByRole('button', { name: 'Confirm Cash on Delivery' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expectNoSeriousViolations(page, 'confirmed');
    await page.context().close();
  });
});
