import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/**
 * Order journeys (spec §2 / §4, DECISIONS): lists, detail, timeline, the process page and the
 * admin controls (the statuses the state machine allows, issue 16), against the real server. Orders are placed through the API to keep them fast.
 */
interface Product {
  id: number;
  name: string;
  quantity: number;
  prescription: boolean;
}

async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { token?: string; data?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    data: options.data,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

let accounts = 0;
async function signUp(request: APIRequestContext, label: string) {
  const email = `${label}-${Date.now()}-${process.pid}-${accounts++}@example.test`;
  return apiCall<{ token: string; user: { id: number; name: string } }>(
    request,
    'POST',
    '/api/auth/signup',
    {
      data: {
        name: `E2E ${label}`,
        email,
        phoneNumber: '9876543210',
        password: 'Secret123',
        confirmPassword: 'Secret123',
      },
    },
  );
}

async function stockedProduct(request: APIRequestContext, index: number): Promise<Product> {
  const { productList } = await apiCall<{ productList: Product[] }>(
    request,
    'GET',
    '/api/product/all?limit=100&orderBy=createdAt&orderType=desc',
  );
  // Over the counter: a prescription order waits for the pharmacist (issue 16), not for these.
  const product = productList.filter((p) => p.quantity >= 30 && !p.prescription)[index];
  if (!product) throw new Error('no stocked product');
  return product;
}

async function productStock(request: APIRequestContext, id: number): Promise<number> {
  const product = await apiCall<{ quantity: number }>(request, 'GET', `/api/product/${id}`);
  return product.quantity;
}

/** Puts one product in the user's cart and places it, as the drawer's 'Place Order' would. */
async function placeOrder(request: APIRequestContext, token: string, product: Product, count = 1) {
  await apiCall(request, 'POST', '/api/cart', {
    token,
    data: { productId: product.id, quantity: count },
  });
  const { orderId } = await apiCall<{ orderId: number }>(request, 'POST', '/api/order', {
    token,
    headers: { 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
  });
  return orderId;
}

async function giveAddress(request: APIRequestContext, token: string, orderId: number) {
  const { addressId } = await apiCall<{ addressId: number }>(
    request,
    'POST',
    '/api/user/saveAddress',
    {
      token,
      data: {
        name: 'E2E Customer',
        phone: '9876543210',
        street: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
      },
    },
  );
  await apiCall(request, 'PUT', `/api/order/${orderId}`, { token, data: { addressId } });
}

async function pageAs(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/about');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  return page;
}

function summary(page: Page) {
  return page.getByRole('heading', { name: 'Summary' }).locator('..');
}

test.describe('orders', () => {
  // Whole journeys against a real server: several pages and API calls each.
  test.describe.configure({ timeout: 90_000 });

  test('an admin dispatches, dates and cancels an order; the customer follows it; others cannot see it', async ({
    browser,
    request,
  }) => {
    const customer = await signUp(request, 'customer');
    const product = await stockedProduct(request, 12);
    const stockBefore = await productStock(request, product.id);
    const orderId = await placeOrder(request, customer.token, product, 2);
    expect(await productStock(request, product.id)).toBe(stockBefore - 2);
    await giveAddress(request, customer.token, orderId);
    // Issue 16: an order is dispatched from Packing, where cash on delivery brings it.
    await apiCall(request, 'PUT', `/api/order/${orderId}`, {
      token: customer.token,
      data: { payment: 'Cash on Delivery' },
    });
    const admin = await apiCall<{ token: string; user: { name: string } }>(
      request,
      'POST',
      '/api/auth/login',
      { data: { email: 'admin@medikart.example', password: 'Admin@123' } },
    );

    const adminPage = await pageAs(browser, admin.token);
    await adminPage.goto('/dashboard/orders');
    // The dashboard's navigation has the link too once the role's permissions are in (issue 32),
    // beside the own list's action: the navigation's is the one that is always there for staff.
    await adminPage
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'All Orders' })
      .click();
    await expect(adminPage).toHaveURL(/\/dashboard\/orders\/all$/);
    await expect(
      adminPage.getByRole('heading', { level: 1, name: /^Customer Orders \(\d+\)$/ }),
    ).toBeVisible();
    await adminPage.getByRole('link', { name: `Order #${orderId}`, exact: true }).click();
    await expect(adminPage).toHaveURL(`/order/${orderId}`);

    // The state machine's choices only (issue 16): from Packing, Dispatched or Cancelled.
    await expect(adminPage.getByLabel('Order status').locator('option')).toHaveText([
      'Packing',
      'Dispatched',
      'Cancelled',
    ]);
    await adminPage.getByLabel('Order status').selectOption({ label: 'Dispatched' });
    await expect(adminPage.getByText('Order status updated successfully')).toBeVisible();
    await expect(summary(adminPage).getByText('Dispatched')).toBeVisible();
    await adminPage.getByLabel('Expected delivery date').fill('2030-01-15');
    await adminPage.getByRole('button', { name: 'Save date' }).click();
    await expect(adminPage.getByText('Expected delivery date updated successfully')).toBeVisible();
    await expect(summary(adminPage).getByText('Tuesday, 15 Jan 2030')).toBeVisible();

    // The customer sees the new status, the date and the timeline entry with who did it.
    const customerPage = await pageAs(browser, customer.token);
    await customerPage.goto(`/order/${orderId}`);
    await expect(summary(customerPage).getByText('Dispatched')).toBeVisible();
    await expect(summary(customerPage).getByText('Tuesday, 15 Jan 2030')).toBeVisible();
    const history = customerPage.getByRole('heading', { name: 'Status history' }).locator('..');
    await expect(history.getByRole('listitem')).toHaveCount(4);
    await expect(history.getByRole('listitem').last()).toContainText('Dispatched');
    await expect(history.getByRole('listitem').last()).toContainText(`by ${admin.user.name}`);
    await expect(customerPage.getByLabel('Order status')).toHaveCount(0);

    // Cancelling asks first, returns the stock, and the controls disappear.
    await adminPage.getByRole('button', { name: 'Cancel Order' }).click();
    const popover = adminPage.getByRole('alertdialog', { name: 'Cancel order' });
    await expect(
      popover.getByText('Are you sure you want to cancel', { exact: true }),
    ).toBeVisible();
    await popover.getByRole('button', { name: 'Confirm Cancel' }).click();
    await expect(summary(adminPage).getByText('Cancelled')).toBeVisible();
    await expect(adminPage.getByLabel('Order status')).toHaveCount(0);
    await expect(adminPage.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
    expect(await productStock(request, product.id)).toBe(stockBefore);
    await customerPage.goto(`/product/${product.id}`);
    await expect(customerPage.getByText(`Available stock: ${stockBefore}`)).toBeVisible();

    // One customer's orders, for the admin.
    await adminPage.goto(`/dashboard/orders/customers/${customer.user.id}`);
    await expect(
      adminPage.getByRole('heading', { level: 1, name: 'Customer Orders (1)' }),
    ).toBeVisible();
    await expect(adminPage.getByRole('link', { name: `Order #${orderId}` })).toBeVisible();

    // Another member gets 'No order found.' for this order.
    const other = await signUp(request, 'other');
    const otherPage = await pageAs(browser, other.token);
    await otherPage.goto(`/order/${orderId}`);
    await expect(otherPage.getByText('No order found.')).toBeVisible();

    for (const page of [adminPage, customerPage, otherPage]) await page.context().close();
  });

  test('the process page follows the order to its confirmation', async ({ page, request }) => {
    const customer = await signUp(request, 'process');
    const product = await stockedProduct(request, 14);
    const orderId = await placeOrder(request, customer.token, product);
    await page.goto('/about');
    await page.evaluate((value) => window.localStorage.setItem('token', value), customer.token);

    const progress = page.getByRole('list', { name: 'Order progress' });
    await page.goto(`/order/process/${orderId}`);
    await expect(progress.locator('[aria-current="step"]')).toContainText('Address');

    // The card payment's return address without a payment to save explains itself.
    await page.goto(`/order/success/${orderId}`);
    await expect(page.getByRole('alert')).toHaveText(
      'This payment return address does not name a payment.',
    );
    await page.getByRole('link', { name: 'Back to your order' }).click();
    await expect(page).toHaveURL(`/order/process/${orderId}`);

    await giveAddress(request, customer.token, orderId);
    await page.reload();
    await expect(progress.locator('[aria-current="step"]')).toContainText('Payment');

    await apiCall(request, 'PUT', `/api/order/${orderId}`, {
      token: customer.token,
      data: { payment: 'Cash on Delivery' },
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(
      page.getByText(
        "Thank you for your purchase. We're currently preparing your order and will update you shortly.",
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'View Order' }).click();
    await expect(page).toHaveURL(`/order/${orderId}`);

    await page.goto('/order/process/999999');
    await expect(page.getByText('Order not found!')).toBeVisible();
  });

  for (const target of ['orders list', 'order detail'] as const) {
    test(`the ${target} has no serious or critical accessibility violations`, async ({
      browser,
      request,
    }) => {
      const customer = await signUp(request, 'axe-orders');
      const orderId = await placeOrder(request, customer.token, await stockedProduct(request, 16));
      const page = await pageAs(browser, customer.token);
      await page.goto(target === 'orders list' ? '/dashboard/orders' : `/order/${orderId}`);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: target === 'orders list' ? 'Your Orders (1)' : `Order #${orderId}`,
        }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({ id: violation.id, targets: violation.nodes.map((n) => n.target) }));
      expect(blocking).toEqual([]);
      await page.context().close();
    });
  }
});
