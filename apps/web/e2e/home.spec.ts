import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('rejects an empty search and opens the shop for a term @phone', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your Online Pharmacy' }),
    ).toBeVisible();
    await expect(
      page.getByText('Order authentic medicines and health products with ease'),
    ).toBeVisible();

    const hero = page.getByRole('main').getByRole('search');
    await hero.getByRole('button', { name: 'Search' }).click();
    await expect(hero.getByRole('alert')).toHaveText('Please enter a search term.');

    await hero.getByLabel('Search medicines').fill('   ');
    await hero.getByRole('button', { name: 'Search' }).click();
    await expect(hero.getByRole('alert')).toHaveText('Please enter a search term.');

    await hero.getByLabel('Search medicines').fill('dolo');
    await hero.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/shop\?search=dolo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “dolo”' })).toBeVisible();
    await expect(page.getByLabel('Search products')).toHaveValue('dolo');
  });

  test('shows the header search only after scrolling past 245 px', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your Online Pharmacy' }),
    ).toBeVisible();
    await expect(page.getByLabel('Search products')).toHaveCount(0);
    await page.mouse.wheel(0, 600);
    await expect(page.getByLabel('Search products')).toBeVisible();
    await expect(page.getByLabel('Search products')).toHaveAttribute(
      'placeholder',
      'Search for medicines or supplements',
    );

    await page.goto('/about');
    await expect(page.getByLabel('Search products')).toBeVisible();
  });

  test('has the sections of spec §1', async ({ page }) => {
    await page.goto('/');
    for (const name of [
      'Popular Categories',
      'Top Selling Medicines',
      'How It Works',
      'Why Choose Us',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    for (const step of ['Browse medicines', 'Upload prescription', 'Fast same-day delivery']) {
      await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
    }
  });

  test('header search on the shop follows typing after a pause', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await page.getByLabel('Search products').pressSequentially('dolo', { delay: 50 });
    await expect(page).toHaveURL(/\/shop\?search=dolo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “dolo”' })).toBeVisible();
    await expect(page.getByLabel('Search products')).toBeFocused();
  });

  test('keeps what was typed in the header search before the script took over', async ({
    page,
  }) => {
    // The page's scripts arrive late, as on a slow phone: the box is the server's HTML meanwhile.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/shop', { waitUntil: 'commit' });
    const box = page.getByLabel('Search products');
    await box.pressSequentially('dolo');
    await expect(page).toHaveURL(/\/shop\?search=dolo$/, { timeout: 15_000 });
    await expect(box).toHaveValue('dolo');
  });
});
