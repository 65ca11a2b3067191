import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from '@playwright/test';
import {
  adminToken,
  demoProduct,
  fillCard,
  pageAs,
  placeOrder,
  saveAddress,
  signUp,
} from './checkout-support';

/**
 * Issue 19 self-service cancellation: a customer pays an order by card, cancels it with a reason
 * from the order page and sees it Cancelled with the card refund noted (processing, then
 * refunded once the provider answered); the admin's order page shows who cancelled and why.
 */

test.describe('cancel an order', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a customer cancels a paid order from its page; the refund and the reason show @phone', async ({
    browser,
    request,
  }) => {
    const product = await demoProduct(request, false, 5);
    const customer = await signUp(request, 'cancel');
    await saveAddress(request, customer.token);
    const orderId = await placeOrder(request, customer.token, product, 2);
    const paid = `₹${(product.offerPrice * 2).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    const page = await pageAs(browser, customer.token);
    await page.goto(`/order/process/${orderId}`);
    await page.getByRole('button', { name: 'Confirm Address' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();

    // The list offers it too; the journey cancels from the order page.
    await page.goto('/dashboard/orders');
    const card = page.getByRole('article').filter({ hasText: `Order #${orderId}` });
    await expect(card.getByRole('button', { name: 'Cancel order' })).toBeVisible();

    await page.goto(`/order/${orderId}`);
    await expect(page.getByText(/You can change or cancel this order until/)).toBeVisible();
    await expectNoSeriousViolations(page, 'main');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, 'dialog');
    await dialog.getByRole('radio', { name: 'I changed my mind' }).check();
    await dialog.getByLabel('Anything else? (optional)').fill('Found it in my cupboard.');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your order is cancelled.')).toBeVisible();

    const summary = page.getByRole('heading', { name: 'Summary' }).locator('..');
    await expect(summary.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        /You cancelled this order on .*: I changed my mind — Found it in my cupboard\./,
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        new RegExp(`Refund of ${paid.replace('.', '\\.')} to your card: (processing|refunded)`),
      ),
    ).toBeVisible();
    // The refund job runs in the background; the page looks again until it has.
    await expect(page.getByText(`Refund of ${paid} to your card: refunded`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    // The pharmacy's view of the same order.
    const admin = await pageAs(browser, await adminToken(request));
    await admin.goto(`/order/${orderId}`);
    await expect(
      admin.getByText(
        new RegExp(
          `Cancelled by ${customer.user.name} \\(customer\\) on .*: I changed my mind — Found it in my cupboard\\.`,
        ),
      ),
    ).toBeVisible();
    await expect(admin.getByText(`Refund of ${paid} to the card: refunded`)).toBeVisible();
  });
});
