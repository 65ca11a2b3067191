import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';

/** The catalogue's screens have no serious or critical accessibility violations (axe). */
async function audit(browser: Browser, path: string, token?: string) {
  const context = await browser.newContext();
  if (token) {
    await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  }
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Audit the content, not its loading placeholders: every skeleton (DESIGN.md) has given way.
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  await context.close();
  return blocking;
}

test.describe('catalogue accessibility', () => {
  for (const path of ['/shop', '/shop?search=dolo&divisionId=1', '/product/1', '/divisions']) {
    test(`${path} has no serious or critical violations`, async ({ browser }) => {
      expect(await audit(browser, path)).toEqual([]);
    });
  }

  for (const path of [
    '/dashboard/product',
    '/dashboard/product/add',
    '/divisions',
    // Issue 15: the product's Stock section and the stock lists.
    '/dashboard/product/edit/1',
    '/dashboard/inventory/low-stock',
    '/dashboard/inventory/near-expiry',
    // Issue 16 point 7: the audit log and its chain status.
    '/dashboard/audit',
    // Issue 16: the Schedule H1 register.
    '/dashboard/register',
  ]) {
    test(`${path} as an admin has no serious or critical violations`, async ({
      browser,
      request,
    }) => {
      const response = await request.post('/api/auth/login', {
        data: { email: 'admin@medikart.example', password: 'Admin@123' },
      });
      const { token } = (await response.json()) as { token: string };
      expect(await audit(browser, path, token)).toEqual([]);
    });
  }
});
