import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, demoProduct, pageAs, signUp } from './checkout-support';

/**
 * Issue 17 'Buy again': a customer puts a past order back into the cart from My Orders and from
 * the order page. One product of the order has fewer units left than were ordered, and the
 * customer reads how many went in and why. Orders are placed through the API to keep it fast.
 */

interface CatalogueProduct {
  id: number;
  name: string;
  divisionId: number;
  manufacturerId: number;
  saltCompositionId: number | null;
}

/** A new over-the-counter product with only `units` in stock, made by the pharmacy. */
async function scarceProduct(request: APIRequestContext, units: number) {
  const token = await adminToken(request);
  const { productList } = await apiCall<{ productList: CatalogueProduct[] }>(
    request,
    'GET',
    '/api/product/all?limit=20&orderBy=createdAt&orderType=asc',
  );
  const template = productList.find((p) => p.saltCompositionId !== null);
  if (!template) throw new Error('no product to copy the catalogue entries from');
  const name = `E2E Scarce ${Date.now()}-${process.pid}`;
  const { id } = await apiCall<{ id: number }>(request, 'POST', '/api/product', {
    token,
    multipart: {
      name,
      maximumRetailPrice: '120',
      offerPrice: '110',
      divisionId: String(template.divisionId),
      manufacturerId: String(template.manufacturerId),
      saltCompositionId: String(template.saltCompositionId),
      prescription: 'false',
      quantity: String(units),
      batchNumber: `E2E-BA-${Date.now()}`,
      expiryDate: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  return { id, name };
}

function cartButton(page: Page, count: number) {
  return page.getByRole('button', {
    name: count > 0 ? `your cart has ${count} items` : 'your cart is empty',
  });
}

test.describe('buy again', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a customer buys a past order again from My Orders and the order page @phone', async ({
    browser,
    request,
  }) => {
    const plenty = await demoProduct(request, false, 1);
    const scarce = await scarceProduct(request, 3);
    const customer = await signUp(request, 'buy-again');
    for (const productId of [plenty.id, scarce.id])
      await apiCall(request, 'POST', '/api/cart', {
        token: customer.token,
        data: { productId, quantity: 2 },
      });
    const { orderId } = await apiCall<{ orderId: number }>(request, 'POST', '/api/order', {
      token: customer.token,
      headers: { 'Idempotency-Key': `buy-again-e2e-${Date.now()}-${Math.random()}` },
    });
    // 3 in stock, 2 ordered: one unit is left when the customer comes back.

    const page = await pageAs(browser, customer.token);
    await page.goto('/dashboard/orders');
    const card = page.getByRole('article').filter({ hasText: `Order #${orderId}` });
    await expect(cartButton(page, 0)).toBeVisible();
    const buyAgain = card.getByRole('button', { name: `Buy again (order #${orderId})` });
    await buyAgain.click();

    const notice = card.getByRole('status');
    await expect(notice).toContainText(
      'All 2 products of this order were added to your cart, 1 of them in part.',
    );
    await expect(notice.getByRole('list', { name: 'Not added in full' })).toHaveText(
      `Only 1 of ${scarce.name} left: 1 unit added of the 2 ordered.`,
    );
    await expect(buyAgain).toBeEnabled();
    await expect(cartButton(page, 3)).toBeVisible();

    const axe = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({ id: violation.id, targets: violation.nodes.map((n) => n.target) })),
    ).toEqual([]);

    await notice.getByRole('button', { name: 'View cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    const lines = drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(drawer.getByRole('group', { name: `Quantity of ${plenty.name}` })).toContainText(
      '2',
    );
    await expect(drawer.getByRole('group', { name: `Quantity of ${scarce.name}` })).toContainText(
      '1',
    );
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The order page: the units already in the cart count, so the last unit is not added twice.
    await page.goto(`/order/${orderId}`);
    await page.getByRole('button', { name: `Buy again (order #${orderId})` }).click();
    await expect(page.getByRole('list', { name: 'Not added in full' })).toHaveText(
      `Only 1 of ${scarce.name} left, and your cart already has 1.`,
    );
    await expect(page.getByRole('status').filter({ hasText: 'this order' })).toContainText(
      '1 of the 2 products of this order were added to your cart.',
    );
    await expect(cartButton(page, 5)).toBeVisible();
    await page.context().close();
  });
});
