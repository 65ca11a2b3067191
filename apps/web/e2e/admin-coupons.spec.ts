import { expect, test } from '@playwright/test';
import { adminToken, apiCall, pageAs } from './checkout-support';

interface CouponList {
  coupons: { code: string; kind: string; amountOff: number | null; usageLimit: number | null }[];
}

/**
 * Issue 19 / issue 27: the admin's coupon form checks the fields with the shared coupon rule
 * before anything is sent (the first field in error takes the focus), then creates the coupon.
 */
test.describe('admin coupons', () => {
  test('an admin creates a fixed-amount coupon through the form', async ({
    browser,
    request,
  }, testInfo) => {
    const admin = await adminToken(request);
    const code = `form${testInfo.project.name}${Date.now()}`.slice(0, 40);
    const page = await pageAs(browser, admin);
    await page.goto('/dashboard/coupons');
    await page.getByRole('button', { name: 'New coupon' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New coupon' });

    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/coupons')
        posts.push(sent.postData() ?? '');
    });

    await dialog.getByLabel('Code').fill('h');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(
      dialog.getByText('Code must be 3 to 40 letters, digits, hyphens or underscores.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Code')).toBeFocused();
    await expect(dialog.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);

    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel('Fixed amount').check();
    await dialog.getByLabel('Amount off (₹)').fill('25.5');
    await dialog.getByLabel('Total uses (optional)').fill('3');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(code.toUpperCase())).toBeVisible();
    expect(posts).toHaveLength(1);

    const { coupons } = await apiCall<CouponList>(request, 'GET', '/api/coupons', {
      token: admin,
    });
    expect(coupons.find((coupon) => coupon.code === code.toUpperCase())).toMatchObject({
      kind: 'fixed',
      amountOff: 25.5,
      usageLimit: 3,
    });
  });
});
