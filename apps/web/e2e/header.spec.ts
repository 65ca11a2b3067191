import { expect, test } from '@playwright/test';

test.describe('header', () => {
  test('user menu opens and closes on Escape and an outside click', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Login' });
    await button.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Login', 'Sign Up']);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(menu).toBeVisible();
    await page.getByRole('heading', { level: 1, name: 'About us' }).click();
    await expect(menu).toBeHidden();

    await button.click();
    await menu.getByRole('menuitem', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/login\?type=signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  });

  test('cart shows 0 when signed out', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('button', { name: 'your cart is empty' })).toHaveText('0');
  });

  test('side navigation closes with the backdrop and with Escape @phone', async ({ page }) => {
    await page.goto('/about');
    const menuButton = page.getByRole('button', { name: 'Open menu' });

    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Browse' });
    await expect(drawer).toBeVisible();
    for (const label of ['Division', 'Manufacturer', 'Salt Composition']) {
      await expect(drawer.getByLabel(label)).toBeVisible();
    }
    await expect(drawer.getByRole('button', { name: /^Clear selection/ })).toHaveCount(3);
    await expect(drawer.getByRole('link', { name: /^See all/ })).toHaveCount(3);

    const viewport = page.viewportSize();
    if (!viewport) throw new Error('no viewport');
    await page.mouse.click(viewport.width - 8, viewport.height / 2);
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await menuButton.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
  });

  test('keeps keyboard focus inside the open drawer', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Browse' });
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
  });

  test('choosing a division in the drawer opens the filtered shop', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Browse' });
    const division = drawer.getByLabel('Division');
    await expect(division).toBeEnabled();
    const value = await division.locator('option').nth(1).getAttribute('value');
    await division.selectOption(value ?? '');
    await expect(page).toHaveURL(new RegExp(`/shop\\?divisionId=${value}$`));
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
  });
});
