import { expect, test } from '@playwright/test';

for (const path of ['/nonexistent', '/dashboard/nonexistent', '/404']) {
  test(`shows the not-found page at ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByText('The page you are looking for was not found.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your Online Pharmacy' }),
    ).toBeVisible();
  });
}
