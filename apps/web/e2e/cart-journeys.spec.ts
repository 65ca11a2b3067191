import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Cart journeys (spec §2 / §4, DECISIONS guest cart) against the real server and the demo
 * catalogue. Users are created through the API so each journey starts from its own account.
 */
interface Product {
  id: number;
  name: string;
  quantity: number;
}

async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
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

/** Products with plenty of stock; each journey takes its own slice so journeys never collide. */
async function stockedProducts(request: APIRequestContext, from: number, count: number) {
  const { productList } = await apiCall<{ productList: Product[] }>(
    request,
    'GET',
    '/api/product/all?limit=100&orderBy=createdAt&orderType=desc',
  );
  const stocked = productList.filter((product) => product.quantity >= 30);
  const slice = stocked.slice(from, from + count);
  expect(slice).toHaveLength(count);
  return slice;
}

async function useSession(page: Page, token: string) {
  await page.goto('/about');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
}

function cartButton(page: Page, count: number) {
  return page.getByRole('button', {
    name: count > 0 ? `your cart has ${count} items` : 'your cart is empty',
  });
}

async function addFromShop(page: Page, product: Product) {
  await page.goto(`/shop?search=${encodeURIComponent(product.name)}`);
  await page.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
}

test.describe('cart', () => {
  // Whole journeys against a real server: several pages and API calls each.
  test.describe.configure({ timeout: 90_000 });

  test('a guest fills the cart, signs up from it and returns with the cart merged @phone', async ({
    page,
  }, testInfo) => {
    const [first, second] = await stockedProducts(page.request, 0, 2);
    if (!first || !second) throw new Error('no products');

    await addFromShop(page, first);
    await expect(page.getByText('Added to cart!')).toBeVisible();
    await expect(cartButton(page, 1)).toHaveText('1');
    await addFromShop(page, second);
    await expect(cartButton(page, 2)).toHaveText('2');

    await cartButton(page, 2).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    // The cart's lines (a duplicate-therapy warning, issue 16, is a list of its own).
    await expect(
      drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
    ).toHaveCount(2);
    await expect(
      drawer.getByRole('button', { name: `Decrease quantity of ${second.name}` }),
    ).toBeDisabled();
    await drawer.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
    await expect(drawer.getByRole('group', { name: `Quantity of ${first.name}` })).toContainText(
      '2',
    );
    await expect(cartButton(page, 3)).toHaveText('3');
    await expect(drawer.getByText('Free', { exact: true })).toBeVisible();

    await drawer.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    const email = `guest-${Date.now()}-${testInfo.workerIndex}@example.test`;
    await page.getByLabel('Name', { exact: true }).fill('E2E Guest');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone number', { exact: true }).fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm password', { exact: true }).fill('Secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    // Back where the guest left, signed in, with the cart open and merged into the account.
    await expect(page).toHaveURL(/\/shop\?search=/);
    const merged = page.getByRole('dialog', { name: 'Your cart' });
    await expect(merged.getByRole('button', { name: 'Place Order' })).toBeVisible();
    await expect(
      merged.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
    ).toHaveCount(2);
    await expect(merged.getByRole('group', { name: `Quantity of ${first.name}` })).toContainText(
      '2',
    );
    await expect(merged.getByRole('group', { name: `Quantity of ${second.name}` })).toContainText(
      '1',
    );
    expect(await page.evaluate(() => window.localStorage.getItem('guestCart'))).toBeNull();

    await page.reload();
    await expect(cartButton(page, 3)).toHaveText('3');

    // Change a quantity and place the order from the merged cart.
    await cartButton(page, 3).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.getByRole('button', { name: `Increase quantity of ${second.name}` }).click();
    await expect(cartButton(page, 4)).toHaveText('4');
    await cart.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/process\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Complete Your Order' }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(2);
    await expect(cartButton(page, 0)).toHaveText('0');
  });

  test('a shopper adds, steps, removes and places an order', async ({ page, request }) => {
    const { token } = await signUp(request, 'shopper');
    const [first, second] = await stockedProducts(request, 2, 2);
    if (!first || !second) throw new Error('no products');
    await useSession(page, token);

    // Product page: a whole number from 1 to the stock; the quantity locks once in the cart.
    await page.goto(`/product/${first.id}`);
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill('0');
    await expect(page.getByText('Quantity must be at least 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
    await quantity.fill('1000');
    await expect(page.getByText(/^Quantity cannot exceed available stock \(\d+\)$/)).toBeVisible();
    await quantity.fill('');
    await quantity.pressSequentially('2x');
    await expect(quantity).toHaveValue('2');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText('Added to cart!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove From Cart' })).toBeVisible();
    await expect(quantity).toBeDisabled();
    await expect(cartButton(page, 2)).toBeVisible();

    // Product card: Add, then the stepper.
    await addFromShop(page, second);
    await expect(cartButton(page, 3)).toBeVisible();
    await page.getByRole('button', { name: `Increase quantity of ${second.name}` }).click();
    await expect(page.getByText('Quantity Updated successfully')).toBeVisible();
    await expect(cartButton(page, 4)).toBeVisible();
    await page.getByRole('button', { name: `Decrease quantity of ${second.name}` }).click();
    await expect(cartButton(page, 3)).toBeVisible();

    // Drawer: remove a line, then place the order.
    await cartButton(page, 3).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    // The cart's lines (a duplicate-therapy warning, issue 16, is a list of its own).
    await expect(
      drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
    ).toHaveCount(2);
    await drawer.getByRole('button', { name: `Remove ${second.name} from cart` }).click();
    await expect(
      drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
    ).toHaveCount(1);
    await expect(cartButton(page, 2)).toBeVisible();
    await drawer.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL(/\/order\/process\/\d+$/);
    const orderId = Number(page.url().split('/').pop());
    await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeHidden();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Complete Your Order' }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]'),
    ).toContainText('Address');
    await expect(cartButton(page, 0)).toHaveText('0');

    await page.goto('/dashboard/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Orders (1)' })).toBeVisible();
    await page.getByRole('link', { name: `Order #${orderId}`, exact: true }).click();
    await expect(page).toHaveURL(`/order/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
    await expect(page.getByRole('link', { name: first.name, exact: true })).toBeVisible();
    await expect(page.getByText(/× 2/)).toBeVisible();
    await expect(page.getByText('Collecting Address').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Complete Order' })).toHaveAttribute(
      'href',
      `/order/process/${orderId}`,
    );
  });

  test('double-clicking Place Order creates one order', async ({ page, request }) => {
    const { token } = await signUp(request, 'double');
    const [product] = await stockedProducts(request, 4, 1);
    if (!product) throw new Error('no product');
    await apiCall(request, 'POST', '/api/cart', {
      token,
      data: { productId: product.id, quantity: 1 },
    });
    await useSession(page, token);
    await page.goto('/shop');
    await cartButton(page, 1).click();
    await page
      .getByRole('dialog', { name: 'Your cart' })
      .getByRole('button', { name: 'Place Order' })
      .dblclick();
    await expect(page).toHaveURL(/\/order\/process\/\d+$/);
    const { pagination } = await apiCall<{ pagination: { rowCount: number } }>(
      request,
      'GET',
      '/api/order/all',
      { token },
    );
    expect(pagination.rowCount).toBe(1);
  });

  test('the cart drawer has no serious or critical accessibility violations', async ({
    browser,
    request,
  }) => {
    const { token } = await signUp(request, 'axe-cart');
    const [product] = await stockedProducts(request, 5, 1);
    if (!product) throw new Error('no product');
    await apiCall(request, 'POST', '/api/cart', {
      token,
      data: { productId: product.id, quantity: 2 },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await useSession(page, token);
    await page.goto('/about');
    await cartButton(page, 2).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer.getByRole('button', { name: 'Place Order' })).toBeVisible();
    // Audit the drawer once it has slid in (its panel and backdrop animations have finished).
    await drawer.evaluate(async (panel) => {
      const animations = (panel.parentElement ?? panel).getAnimations({ subtree: true });
      const finite = animations.filter(
        (animation) => animation.effect?.getComputedTiming().endTime !== Infinity,
      );
      await Promise.all(finite.map((animation) => animation.finished));
    });
    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, targets: violation.nodes.map((n) => n.target) }));
    expect(blocking).toEqual([]);

    // Escape closes the drawer and returns focus to the cart button.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(cartButton(page, 2)).toBeFocused();

    // 'Continue shopping' closes the drawer and opens the shop.
    await cartButton(page, 2).click();
    await drawer.getByRole('button', { name: 'Continue shopping' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/shop$/);
    await context.close();
  });
});
