import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, signUp } from './checkout-support';

/**
 * Issue 15 journeys: stock lives in batches. Each journey makes its own product through the admin
 * API (its opening stock is its first batch), so the demo catalogue's stock does not matter.
 */

/** A calendar day `days` from today (yyyy-MM-dd, UTC), as the date inputs and the API take it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let made = 0;

interface StockProduct {
  id: number;
  name: string;
}

/** A new active product with one opening batch of `quantity` units. */
async function productWithStock(
  request: APIRequestContext,
  token: string,
  label: string,
  quantity: number,
  batchNumber: string,
): Promise<StockProduct> {
  const { productList } = await apiCall<{
    productList: Array<{ divisionId: number; manufacturerId: number; saltCompositionId: number }>;
  }>(request, 'GET', '/api/product/all?limit=1');
  const template = productList[0];
  if (!template) throw new Error('the demo catalogue has no product');
  const name = `E2E Stock ${label} ${Date.now()}-${process.pid}-${made++}`;
  const { id } = await apiCall<{ id: number }>(request, 'POST', '/api/product', {
    token,
    multipart: {
      name,
      maximumRetailPrice: '120',
      offerPrice: '99',
      divisionId: String(template.divisionId),
      manufacturerId: String(template.manufacturerId),
      saltCompositionId: String(template.saltCompositionId),
      prescription: 'false',
      isActive: 'true',
      quantity: String(quantity),
      batchNumber,
      expiryDate: inDays(400),
      supplier: 'E2E Distributors',
    },
  });
  return { id, name };
}

async function signInAsAdmin(page: Page, token: string) {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

/**
 * The shop's catalogue answers are public with max-age=10 (plugins/http-cache.ts): a page seen
 * before the change may show the old stock for up to 10 s, as a shopper's browser would.
 */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000, 3_000] });
}

function productCard(page: Page, name: string) {
  return page.getByRole('main').getByRole('article').filter({ hasText: name });
}

test.describe('inventory', () => {
  test.describe.configure({ timeout: 90_000 });

  test("an admin receives a batch and the shop's available stock rises", async ({
    page,
    browser,
    request,
  }) => {
    const token = await adminToken(request);
    const product = await productWithStock(request, token, 'receipt', 10, 'E2E-A1');

    const shop = await browser.newPage();
    await shop.goto(`/product/${product.id}`);
    await expect(shop.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(shop.getByText('Available stock: 10', { exact: true })).toBeVisible();

    await signInAsAdmin(page, token);
    await page.goto(`/dashboard/product/edit/${product.id}`);
    const stock = page.getByRole('region', { name: 'Stock' });
    const sellable = stock.locator('dl').filter({ hasText: 'Sellable stock' });
    await expect(sellable).toContainText('10 units');
    const receive = stock.getByRole('form', { name: 'Receive stock' });
    await receive.getByLabel('Units').fill('25');
    await receive.getByLabel('Batch number').fill('E2E-A2');
    await receive.getByLabel('Expiry date').fill(inDays(300));
    await receive.getByLabel('Invoice reference (optional)').fill('INV-E2E-1');
    await receive.getByRole('button', { name: 'Receive Stock' }).click();
    await expect(page.getByText('Stock received: 25 units of batch E2E-A2')).toBeVisible();

    // First to expire first: the new batch leads the table; the units and the ledger follow.
    const batches = stock.getByRole('table', { name: 'Batches, first to expire first' });
    await expect(batches.getByRole('rowheader')).toHaveText([/^E2E-A2/, /^E2E-A1/]);
    await expect(sellable).toContainText('35 units');
    await expect(
      page.getByRole('form', { name: 'Product form' }).getByLabel('Sellable stock'),
    ).toHaveText('35 units');
    const ledger = stock.getByRole('table', { name: 'Stock movements, newest first' });
    await expect(ledger.getByRole('row').nth(1)).toContainText('Goods receipt');
    await expect(ledger.getByRole('row').nth(1)).toContainText('+25');

    await reloadUntil(shop, () =>
      expect(shop.getByText('Available stock: 35', { exact: true })).toBeVisible({
        timeout: 2_000,
      }),
    );
    await shop.close();
  });

  test("an admin recalls a product's only batch: the customers are listed and the shop shows Out Of Stock", async ({
    page,
    browser,
    request,
  }) => {
    const token = await adminToken(request);
    const product = await productWithStock(request, token, 'recall', 6, 'E2E-R1');
    // A shopper got 2 units of the batch before the recall.
    const customer = await signUp(request, 'recall');
    await apiCall(request, 'POST', '/api/cart', {
      token: customer.token,
      data: { productId: product.id, quantity: 2 },
    });
    const { orderId } = await apiCall<{ orderId: number }>(request, 'POST', '/api/order', {
      token: customer.token,
      headers: { 'Idempotency-Key': `inventory-e2e-${Date.now()}-${Math.random()}` },
    });

    const shop = await browser.newPage();
    await shop.goto(`/shop?search=${encodeURIComponent(product.name)}`);
    await expect(
      productCard(shop, product.name).getByRole('button', {
        name: `Add ${product.name} to cart`,
        exact: true,
      }),
    ).toBeVisible();

    await signInAsAdmin(page, token);
    await page.goto(`/dashboard/product/edit/${product.id}`);
    const stock = page.getByRole('region', { name: 'Stock' });
    await stock.getByRole('button', { name: 'Recall batch E2E-R1' }).click();
    const recall = page.getByRole('alertdialog', { name: 'Recall batch E2E-R1?' });
    await recall.getByRole('button', { name: 'Recall Batch' }).click();
    await expect(recall.getByText('A recall reason is required')).toBeVisible();
    await recall.getByLabel('Reason').fill('Manufacturer notice E2E-114: failed dissolution test');
    await recall.getByRole('button', { name: 'Recall Batch' }).click();
    await expect(page.getByText('Batch recalled', { exact: true })).toBeVisible();

    // The orders that received units of it, to contact the customers, also as CSV.
    const customers = page.getByRole('dialog', { name: 'Customers of batch E2E-R1' });
    const row = customers.getByRole('row', { name: new RegExp(`#${orderId}`) });
    await expect(row).toContainText(customer.email);
    await expect(row.getByRole('cell').nth(2)).toHaveText('2');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      customers.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('batch-E2E-R1-orders.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toContain('Order,Ordered at,Customer,E-mail');
    expect(csv).toContain(customer.email);
    await customers.getByRole('button', { name: 'Close' }).click();
    await expect(customers).toBeHidden();

    // Later the same list is one click away on the recalled batch.
    const recalledRow = stock
      .getByRole('table', { name: 'Batches, first to expire first' })
      .getByRole('row', { name: /E2E-R1/ });
    await expect(recalledRow).toContainText('Recalled');
    await expect(
      page.getByRole('form', { name: 'Product form' }).getByLabel('Sellable stock'),
    ).toHaveText('Not Available');
    await recalledRow.getByRole('button', { name: 'Customers batch E2E-R1' }).click();
    await expect(customers.getByRole('row', { name: new RegExp(`#${orderId}`) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(customers).toBeHidden();

    // The shop stops selling it at once (a page seen before may keep its answer for 10 s).
    const outOfStock = productCard(shop, product.name).getByRole('button', {
      name: 'Out Of Stock',
    });
    await reloadUntil(shop, () => expect(outOfStock).toBeVisible({ timeout: 2_000 }));
    await expect(outOfStock).toBeDisabled();
    await shop.goto(`/product/${product.id}`);
    await expect(shop.getByText('Available stock: 0', { exact: true })).toBeVisible();
    await expect(shop.getByRole('button', { name: 'Add To Cart' })).toHaveCount(0);
    await shop.close();
  });

  test('a shopper can never add more than the sellable stock', async ({ page, request }) => {
    const token = await adminToken(request);
    const product = await productWithStock(request, token, 'cap', 3, 'E2E-C1');
    // 50 more units on hand that expire within the minimum shelf life: not sellable.
    await apiCall(request, 'POST', '/api/inventory/receipts', {
      token,
      data: { productId: product.id, batchNumber: 'E2E-C2', expiryDate: inDays(5), units: 50 },
    });
    const stock = await apiCall<{ product: { quantity: number; onHand: number } }>(
      request,
      'GET',
      `/api/inventory/products/${product.id}/batches`,
      { token },
    );
    expect(stock.product).toMatchObject({ quantity: 3, onHand: 53 });

    const shopper = await signUp(request, 'stock-cap');
    await page.addInitScript((value) => window.localStorage.setItem('token', value), shopper.token);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByText('Available stock: 3 (only a few left)')).toBeVisible();
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill('4');
    await expect(page.getByText('Quantity cannot exceed available stock (3)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText('Added to cart!')).toBeVisible();

    // In the cart the stepper stops at the stock.
    await page.getByRole('button', { name: 'your cart has 3 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText(
      '3',
    );
    await expect(
      drawer.getByRole('button', { name: `Increase quantity of ${product.name}` }),
    ).toBeDisabled();

    // The server refuses more as well, whatever the browser sends.
    const refused = await request.post('/api/cart', {
      headers: { Authorization: `Bearer ${shopper.token}` },
      data: { productId: product.id, quantity: 4 },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Quantity cannot exceed available stock (3)',
    );
  });

  test("@phone an admin corrects a batch by hand, from the form's link to the Stock section", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const product = await productWithStock(request, token, 'adjust', 12, 'E2E-P1');
    await signInAsAdmin(page, token);
    await page.goto(`/dashboard/product/edit/${product.id}`);
    const form = page.getByRole('form', { name: 'Product form' });
    await expect(form.getByLabel('Sellable stock')).toHaveText('12 units');
    await form.getByRole('link', { name: 'Go to Stock' }).click();
    const stock = page.getByRole('region', { name: 'Stock' });
    await expect(stock.getByRole('heading', { level: 2, name: 'Stock' })).toBeInViewport();

    await stock.getByRole('button', { name: 'Adjust batch E2E-P1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust batch E2E-P1' });
    await expect(dialog.getByLabel('Take units off')).toBeChecked();
    await dialog.getByLabel('Units', { exact: true }).fill('2');
    await dialog.getByLabel('Reason').selectOption({ label: 'Damaged' });
    await dialog.getByLabel('Note (optional)').fill('Crushed in the delivery box');
    await dialog.getByRole('button', { name: 'Save Adjustment' }).click();
    await expect(page.getByText('Stock adjusted', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(form.getByLabel('Sellable stock')).toHaveText('10 units');
    const ledger = stock.getByRole('table', { name: 'Stock movements, newest first' });
    const newest = ledger.getByRole('row').nth(1);
    await expect(newest).toContainText('Adjustment');
    await expect(newest).toContainText('\u22122');
    await expect(newest).toContainText('Crushed in the delivery box');
  });
});
