import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, signUp } from './checkout-support';
import { linkIn, readLatestMail } from './support/outbox';

/**
 * Issue 17 back-in-stock: a shopper asks to be told about an out-of-stock product, the pharmacy
 * receives stock of it, and the shopper gets one e-mail with the product's link. The journey makes
 * its own product (sold out by a count correction), so the demo catalogue's stock does not matter.
 */

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A new active product whose only batch was counted down to nothing: out of stock. */
async function soldOutProduct(request: APIRequestContext, token: string) {
  const { productList } = await apiCall<{
    productList: Array<{ divisionId: number; manufacturerId: number; saltCompositionId: number }>;
  }>(request, 'GET', '/api/product/all?limit=1');
  const template = productList[0];
  if (!template) throw new Error('the demo catalogue has no product');
  const name = `E2E Back In Stock ${Date.now()}-${process.pid}`;
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
      quantity: '1',
      batchNumber: 'E2E-BIS-1',
      expiryDate: inDays(400),
      supplier: 'E2E Distributors',
    },
  });
  const { batches } = await apiCall<{ batches: Array<{ id: number }> }>(
    request,
    'GET',
    `/api/inventory/products/${id}/batches`,
    { token },
  );
  const batch = batches[0];
  if (!batch) throw new Error('the new product has no batch');
  await apiCall(request, 'POST', `/api/inventory/batches/${batch.id}/adjustments`, {
    token,
    data: { units: -1, reason: 'count_correction', note: 'E2E: sold out for back-in-stock' },
    headers: { 'Idempotency-Key': `back-in-stock-e2e-${Date.now()}-${Math.random()}` },
  });
  return { id, name };
}

async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test.describe('back in stock', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a shopper asks to be notified, the pharmacy receives stock, the mail arrives with the link', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const token = await adminToken(request);
    const product = await soldOutProduct(request, token);
    const shopper = await signUp(request, 'back-in-stock');

    // The shopper asks on the product page; the button becomes a calm confirmation.
    await page.addInitScript((value) => window.localStorage.setItem('token', value), shopper.token);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Notify me when available' }).click();
    await expect(page.getByText('You will get email when its available')).toBeVisible();
    await expect(page.getByText("We'll e-mail you")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notify me when available' })).toHaveCount(0);

    // Still asked after a reload, and listed as waiting on the Stock Alerts page.
    await page.reload();
    await expect(page.getByText("We'll e-mail you")).toBeVisible();
    await page.goto('/dashboard/stock-alerts');
    const waiting = page.getByRole('list', { name: 'Waiting for stock' });
    await expect(waiting.getByRole('link', { name: product.name })).toBeVisible();

    // The pharmacy receives a batch through the product's Stock section.
    const admin = await browser.newPage();
    await admin.addInitScript((value) => window.localStorage.setItem('token', value), token);
    await admin.goto(`/dashboard/product/edit/${product.id}`);
    const stock = admin.getByRole('region', { name: 'Stock' });
    const receive = stock.getByRole('form', { name: 'Receive stock' });
    await receive.getByLabel('Units').fill('30');
    await receive.getByLabel('Batch number').fill('E2E-BIS-2');
    await receive.getByLabel('Expiry date').fill(inDays(300));
    await receive.getByRole('button', { name: 'Receive Stock' }).click();
    await expect(admin.getByText('Stock received: 30 units of batch E2E-BIS-2')).toBeVisible();
    await admin.close();

    // One mail to the shopper, with the product's link.
    const mail = await readLatestMail(shopper.email, `${product.name} is back in stock`);
    const link = linkIn(mail, `${baseURL}/product/`);
    expect(link).toBe(`${baseURL}/product/${product.id}`);

    // The request is fulfilled: the Stock Alerts page shows it e-mailed, the product in stock.
    await page.reload();
    const emailed = page.getByRole('list', { name: 'E-mailed recently' });
    const item = emailed.getByRole('listitem').filter({ hasText: product.name });
    await expect(item).toContainText(/E-mailed on \d{1,2} \w{3} \d{4}/);
    await expect(item.getByText('In stock now')).toBeVisible();
    await expect(waiting.getByRole('link', { name: product.name })).toHaveCount(0);

    // The mail's link opens the product, now for sale.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeVisible();
  });

  test('@phone a shopper cancels a request from the product page and asks again', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const product = await soldOutProduct(request, token);
    const shopper = await signUp(request, 'back-in-stock-cancel');
    await page.addInitScript((value) => window.localStorage.setItem('token', value), shopper.token);
    await page.goto(`/product/${product.id}`);

    await page.getByRole('button', { name: 'Notify me when available' }).click();
    await expect(page.getByText("We'll e-mail you")).toBeVisible();
    await page.getByRole('button', { name: 'Cancel the e-mail' }).click();
    await expect(page.getByText('You will not be e-mailed about this product.')).toBeVisible();
    const button = page.getByRole('button', { name: 'Notify me when available' });
    await expect(button).toBeFocused();

    await button.press('Enter');
    await expect(page.getByText("We'll e-mail you")).toBeVisible();
    await page.goto('/dashboard/stock-alerts');
    await expect(
      page
        .getByRole('list', { name: 'Waiting for stock' })
        .getByRole('link', { name: product.name }),
    ).toBeVisible();
  });

  test('the back-in-stock screens have no serious or critical accessibility violations', async ({
    browser,
    request,
  }) => {
    const token = await adminToken(request);
    const product = await soldOutProduct(request, token);
    const shopper = await signUp(request, 'back-in-stock-axe');
    await apiCall(request, 'POST', `/api/product/${product.id}/notify`, { token: shopper.token });

    const context = await browser.newContext();
    await context.addInitScript(
      (value) => window.localStorage.setItem('token', value),
      shopper.token,
    );
    const page = await context.newPage();
    await page.goto(`/product/${product.id}`);
    await expect(page.getByText("We'll e-mail you")).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.goto('/dashboard/stock-alerts');
    await expect(page.getByRole('link', { name: product.name })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();

    const adminContext = await browser.newContext();
    await adminContext.addInitScript((value) => window.localStorage.setItem('token', value), token);
    const admin = await adminContext.newPage();
    await admin.goto('/dashboard/jobs');
    await expect(admin.getByRole('heading', { level: 2, name: 'Queues' })).toBeVisible();
    expect(await blockingViolations(admin)).toEqual([]);
    await admin.getByLabel('State').selectOption('created');
    await expect(admin.getByRole('heading', { level: 2, name: 'Waiting jobs' })).toBeVisible();
    expect(await blockingViolations(admin)).toEqual([]);
    await adminContext.close();
  });
});
