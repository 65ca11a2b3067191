import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Catalogue journeys on the shop (spec §2): filters, sort, pagination, 'Clear Filters', the list
 * pages and the product page with its substitutes, against the real server and demo catalogue.
 */

/** The offer price of each card: the first amount in it (the MRP comes after). */
async function cardPrices(page: Page): Promise<number[]> {
  return page
    .getByRole('main')
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => {
        const match = /₹([\d,]+\.\d{2})/.exec(card.textContent ?? '');
        return match ? Number(match[1]?.replace(/,/g, '')) : Number.NaN;
      }),
    );
}

function toolbarCount(page: Page): Locator {
  return page.getByText(/^Showing: \d+-\d+ of \d+ products$|^0 products$/);
}

test.describe('shop', () => {
  test('home → popular category → filtered shop → Price Low to High → product → substitutes', async ({
    page,
  }) => {
    await page.goto('/');
    const categories = page.getByRole('region', { name: 'Popular Categories' });
    await categories.getByRole('link', { name: 'Baby Care' }).click();
    await expect(page).toHaveURL(/\/shop\?divisionId=\d+$/);
    await expect(toolbarCount(page)).toHaveText(/^Showing: 1-25 of \d+ products$/);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();

    const sort = page.getByLabel('Sort products');
    await expect(sort.locator('option:checked')).toHaveText('Sort Products...');
    await sort.selectOption({ label: 'Price Low to High' });
    await expect(page).toHaveURL(/divisionId=\d+&orderBy=offerPrice&orderType=asc$/);
    await expect(sort).toHaveValue('offerPrice-asc');
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length > 1 && prices.every((price, i) => i === 0 || price >= prices[i - 1]!);
      })
      .toBe(true);

    const first = page.getByRole('main').getByRole('article').first();
    const name = await first.getByRole('heading').innerText();
    await first.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Salt composition', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Substitutes with the same salt' }),
    ).toBeVisible();
  });

  test('pages through the listing and clears the filters', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(toolbarCount(page)).toHaveText(/^Showing: 1-25 of \d{3} products$/);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);

    const pages = page.getByRole('navigation', { name: 'Product pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    await expect(toolbarCount(page)).toHaveText(/^Showing: 26-50 of \d{3} products$/);
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(toolbarCount(page)).toHaveText(/^Showing: 51-75 of \d{3} products$/);

    // Filters in the left column (wide screens): choosing one goes back to page 1.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByLabel('Manufacturer').selectOption({ label: 'Micro Labs' });
    await expect(page).toHaveURL(/\/shop\?manufacturerId=\d+$/);
    await expect(toolbarCount(page)).toHaveText(/^Showing: 1-\d+ of \d+ products$/);
    const manufacturerNames = await page
      .getByRole('main')
      .getByRole('article')
      .getByText('Micro Labs', { exact: true })
      .count();
    expect(manufacturerNames).toBeGreaterThan(0);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(manufacturerNames);

    await filters.getByLabel('Division').selectOption({ label: 'Pain Relief' });
    await expect(page).toHaveURL(/divisionId=\d+&manufacturerId=\d+$/);
    await filters.getByRole('button', { name: 'Clear selection of Division' }).click();
    await expect(page).toHaveURL(/\/shop\?manufacturerId=\d+$/);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(toolbarCount(page)).toHaveText(/^Showing: 1-25 of \d{3} products$/);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
  });

  test('filters in the drawer on a phone @phone', async ({ page }) => {
    // Wide screens show the filters in the left column instead (the other journey).
    test.skip((page.viewportSize()?.width ?? 0) >= 1024, 'phone layout only');
    await page.goto('/shop?salCompositionId=1');
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    await expect(toolbarCount(page)).toHaveText(/^Showing: 1-\d+ of \d+ products$/);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter products' });
    await expect(drawer.getByLabel('Salt Composition')).toHaveValue('1');
    await drawer.getByLabel('Division').selectOption({ label: 'Pain Relief' });
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/divisionId=\d+&saltCompositionId=1$/);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('says 0 products and No products found. for a search that finds nothing', async ({
    page,
  }) => {
    await page.goto('/shop?search=qqqqzzzzxxxx');
    await expect(page.getByText('No products found.')).toBeVisible();
    await expect(page.getByText('0 products', { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Product pages' })).toHaveCount(0);
  });

  test('leaving the shop clears the filters', async ({ page }) => {
    await page.goto('/shop?divisionId=1');
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    const first = page.getByRole('main').getByRole('article').first();
    await first.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Shop' })
      .click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(toolbarCount(page)).toHaveText(/^Showing: 1-25 of \d{3} products$/);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
  });
});

test.describe('list pages', () => {
  test('a manufacturer opens the shop filtered by it; the brand route works too', async ({
    page,
  }) => {
    await page.goto('/manufacturers');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Shop by Manufacturers' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Micro Labs' }).click();
    await expect(page).toHaveURL(/\/shop\?manufacturerId=\d+$/);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    const id = new URL(page.url()).searchParams.get('manufacturerId');

    await page.goto(`/shop/brand/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Micro Labs' })).toBeVisible();
    await expect(toolbarCount(page)).toHaveText(/^Showing: 1-\d+ of \d+ products$/);
  });

  test('divisions and salt compositions list as a grid of buttons', async ({ page }) => {
    await page.goto('/divisions');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop by Divisions' })).toBeVisible();
    await page.getByRole('button', { name: 'Baby Care' }).click();
    await expect(page).toHaveURL(/\/shop\?divisionId=\d+$/);

    await page.goto('/salt-compositions');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Shop by Salt Compositions' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Paracetamol (650mg)', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?saltCompositionId=\d+$/);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });

  test("the drawer's See all opens the list page", async ({ page }) => {
    await page.goto('/shop?divisionId=1');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Browse' });
    await drawer.getByRole('link', { name: 'See all Salt Composition options' }).click();
    await expect(page).toHaveURL(/\/salt-compositions$/);
    await expect(drawer).toBeHidden();
  });
});
