import { expect, test } from '@playwright/test';

/** Header search (spec §2): typo-tolerant dropdown, keyboard, 'See All', 'No results found'. */
test.describe('header search', () => {
  test("a typo still finds Paracetamol products, and 'See All' opens the shop", async ({
    page,
  }) => {
    await page.goto('/about');
    const search = page.getByRole('combobox', { name: 'Search products' });
    await expect(search).toHaveAttribute('placeholder', 'Search for medicines or supplements');
    await search.pressSequentially('paracetmol', { delay: 30 });

    const listbox = page.getByRole('listbox', { name: 'Matching products' });
    await expect(listbox).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    const options = listbox.getByRole('option');
    await expect(options.last()).toHaveText('See All');
    expect(await options.count()).toBeGreaterThan(1);

    await listbox.getByRole('option', { name: 'See All' }).click();
    await expect(page).toHaveURL(/\/shop\?search=paracetmol$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Results for “paracetmol”' }),
    ).toBeVisible();
    await expect(listbox).toBeHidden();
    // Ranked by relevance: Paracetamol products (by their salt) fill the first page.
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('article')
      .first()
      .getByRole('heading')
      .getByRole('link')
      .click();
    await expect(page.getByText(/Paracetamol/).first()).toBeVisible();
  });

  test("'dolo' finds Dolo 650; the keyboard picks it and the search is cleared", async ({
    page,
  }) => {
    await page.goto('/faq');
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.pressSequentially('dolo', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Matching products' });
    await expect(listbox.getByRole('option', { name: 'Dolo 650 Tablet' })).toBeVisible();

    await search.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(search).toHaveValue('dolo');

    await search.press('ArrowDown'); // opens again
    await expect(listbox).toBeVisible();
    const names = await listbox.getByRole('option').allInnerTexts();
    const index = names.indexOf('Dolo 650 Tablet');
    expect(index).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= index; i++) await search.press('ArrowDown');
    await expect(listbox.getByRole('option', { name: 'Dolo 650 Tablet' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await search.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Dolo 650 Tablet' })).toBeVisible();
    await expect(search).toHaveValue('');
    await expect(listbox).toBeHidden();
  });

  test("says 'No results found' and shows no dropdown on the shop", async ({ page }) => {
    await page.goto('/contact');
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.pressSequentially('qqqzzzxxx', { delay: 30 });
    await expect(page.getByText('No results found')).toBeVisible();

    await page.goto('/shop');
    await page.getByRole('combobox', { name: 'Search products' }).pressSequentially('dolo', {
      delay: 30,
    });
    await expect(page).toHaveURL(/\/shop\?search=dolo$/);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Dolo 650 Tablet' }),
    ).toBeVisible();
  });

  test('a click on a result opens the product @phone', async ({ page }) => {
    await page.goto('/divisions');
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.pressSequentially('dolo 650', { delay: 30 });
    await page.getByRole('option', { name: 'Dolo 650 Tablet' }).click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dolo 650 Tablet' })).toBeVisible();
    await expect(search).toHaveValue('');
  });
});
