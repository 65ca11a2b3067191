import { expect, test, type APIRequestContext } from '@playwright/test';

/** The product page (spec §2 / §8 / §9) with its substitutes. */
interface ApiProduct {
  id: number;
  name: string;
  quantity: number;
  saltCompositionId: number | null;
}

async function findProduct(request: APIRequestContext, search: string, name: string) {
  const response = await request.get(`/api/product/all?search=${encodeURIComponent(search)}`);
  const { productList } = (await response.json()) as { productList: ApiProduct[] };
  const product = productList.find((p) => p.name === name);
  if (!product) throw new Error(`${name} is not in the demo catalogue`);
  return product;
}

async function anOutOfStockProduct(request: APIRequestContext) {
  const response = await request.get('/api/product/all?limit=100&orderBy=createdAt&orderType=asc');
  const { productList } = (await response.json()) as { productList: ApiProduct[] };
  const product = productList.find((p) => p.quantity <= 0);
  if (!product) throw new Error('no out-of-stock product in the demo catalogue');
  return product;
}

test.describe('product page', () => {
  test('shows the product, its prices and stock, and cheaper substitutes with the same salt', async ({
    page,
    request,
  }) => {
    const dolo = await findProduct(request, 'dolo', 'Dolo 650 Tablet');
    await page.goto(`/product/${dolo.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dolo 650 Tablet' })).toBeVisible();

    const details = page.getByRole('main');
    await expect(details.getByRole('link', { name: 'Micro Labs' })).toHaveAttribute(
      'href',
      /\/shop\/brand\/\d+$/,
    );
    await expect(details.getByText('Paracetamol (650mg)').first()).toBeVisible();
    await expect(details.getByText(/^MRP ₹\d/).first()).toBeVisible();
    await expect(details.getByText(/^\d+% off$/).first()).toBeVisible();
    await expect(details.getByText('In stock', { exact: true })).toBeVisible();
    await expect(details.getByText(/^Available stock: \d+/)).toBeVisible();
    await expect(details.getByRole('img', { name: 'Dolo 650 Tablet' })).toBeVisible();
    await expect(details.getByRole('button', { name: /Add To Cart/ })).toBeVisible();

    const substitutes = page.getByRole('region', { name: 'Substitutes with the same salt' });
    await expect(substitutes.getByRole('article').first()).toBeVisible();
    await expect(substitutes.getByRole('article')).not.toHaveCount(0);
    await expect(substitutes.getByRole('link', { name: 'Dolo 650 Tablet' })).toHaveCount(0);
    const notes = await substitutes
      .getByText(/^₹[\d,.]+ cheaper \(\d+% less\)$|^Costs ₹[\d,.]+ more$|^Same price$/)
      .allInnerTexts();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]).toMatch(/cheaper/);

    await details.getByRole('link', { name: 'Micro Labs' }).click();
    await expect(page).toHaveURL(/\/shop\/brand\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Micro Labs' })).toBeVisible();
  });

  test("out of stock offers 'Notify me when available'; signed out it asks to log in", async ({
    page,
    request,
  }) => {
    const product = await anOutOfStockProduct(request);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(page.getByText('Available stock: 0')).toBeVisible();
    await page.getByRole('button', { name: 'Notify me when available' }).click();
    await expect(page.getByText('Please login')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a signed-in shopper is told they will get an e-mail', async ({ page, request }) => {
    const email = `notify-${Date.now()}@example.test`;
    const signup = await request.post('/api/auth/signup', {
      data: {
        name: 'Notify Me',
        email,
        phoneNumber: '9876543210',
        password: 'Secret123',
        confirmPassword: 'Secret123',
      },
    });
    const { token } = (await signup.json()) as { token: string };
    await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
    const product = await anOutOfStockProduct(request);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Notify me when available' }).click();
    await expect(page.getByText('You will get email when its available')).toBeVisible();
  });

  test("an unknown product says 'No product found.' and toasts 'Product not found'", async ({
    page,
  }) => {
    await page.goto('/product/987654');
    await expect(page.getByText('No product found.')).toBeVisible();
    await expect(page.getByText('Product not found', { exact: true })).toBeVisible();
  });

  test('a product that cannot be loaded goes back to the previous page', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({ key: 'x', usr: null, idx: 1 }, '', '/product/987654');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page.getByText('Product not found', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/faq$/);
  });
});
