import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from '@playwright/test';
import { adminToken, deliveredCashOrder, demoProduct, pageAs, signUp } from './checkout-support';

/**
 * Issue 19 returns: a customer asks to return a delivered order from its page; an admin finds it
 * through the dashboard's 'Returns to handle' queue, approves it, receives the units and refunds
 * the cash payment with its UPI reference; the customer sees every step on the order page. The
 * order is placed, paid in cash and delivered through the API to keep the journey short.
 */

test.describe('returns', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a customer returns a delivered order; an admin approves, receives and refunds it @phone', async ({
    browser,
    request,
  }) => {
    const product = await demoProduct(request, false, 9);
    const customer = await signUp(request, 'returns');
    const orderId = await deliveredCashOrder(request, customer.token, product, 2);
    const due = `₹${(product.offerPrice * 2).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    // The customer asks to return both units.
    const shopper = await pageAs(browser, customer.token);
    await shopper.goto(`/order/${orderId}`);
    const returns = shopper.getByRole('heading', { name: 'Returns and problems' });
    await expect(returns).toBeVisible();
    await shopper.getByRole('button', { name: 'Return items' }).click();
    const form = shopper.getByRole('form', { name: 'Return items' });
    await form.getByLabel(`Units of ${product.name}`).fill('2');
    await form.getByLabel('Reason', { exact: true }).selectOption('not_needed');
    await form.getByLabel('Tell us more (optional)').fill('The doctor stopped the course.');
    await expectNoSeriousViolations(shopper);
    await form.getByRole('button', { name: 'Send request' }).click();
    const article = shopper.getByRole('article', { name: /^Return #\d+$/ });
    await expect(article).toBeVisible();
    await expect(article).toContainText('Requested');
    await expect(article).toContainText(`${product.name} × 2`);
    const requestId = Number(
      ((await article.getByRole('heading').textContent()) ?? '').replace(/\D/g, ''),
    );

    // The pharmacy works it from the dashboard's queue.
    const pharmacy = await pageAs(browser, await adminToken(request));
    await pharmacy.goto('/dashboard');
    await pharmacy.getByRole('link', { name: /Returns to handle/ }).click();
    await expect(pharmacy.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
    await pharmacy
      .getByRole('link', { name: new RegExp(`Return #${requestId} · Order #${orderId}`) })
      .click();
    await expect(pharmacy.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expectNoSeriousViolations(pharmacy);
    await pharmacy.getByRole('button', { name: 'Approve' }).click();
    await expect(pharmacy.getByRole('button', { name: 'Mark received' })).toBeVisible();
    await expect(pharmacy.getByLabel(`Resaleable units of ${product.name}`)).toHaveValue('2');
    await pharmacy.getByRole('button', { name: 'Mark received' }).click();
    const amount = pharmacy.getByLabel('Refund amount (₹)');
    await expect(amount).toHaveValue((product.offerPrice * 2).toFixed(2));
    await pharmacy.getByLabel('Paid back by').selectOption('upi');
    await pharmacy.getByLabel('Payout reference').fill(`UPI-${orderId}-E2E`);
    await pharmacy.getByRole('button', { name: 'Refund' }).click();
    await expect(pharmacy.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(pharmacy.getByText(`Refunded ${due}`)).toBeVisible();

    // The customer sees every step.
    await shopper.reload();
    const steps = shopper
      .getByRole('article', { name: `Return #${requestId}` })
      .getByRole('list', { name: 'Steps' })
      .getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText('Requested');
    await expect(steps.nth(1)).toContainText('Approved');
    await expect(steps.nth(2)).toContainText('Received');
    await expect(steps.nth(3)).toContainText(`Refunded ${due}`);
    // Nothing is left to return.
    await expect(shopper.getByRole('button', { name: 'Return items' })).toHaveCount(0);
  });
});
