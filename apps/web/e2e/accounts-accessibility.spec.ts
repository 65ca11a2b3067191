import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

/** Issue 3: the account screens have no serious or critical axe violations. */

async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * One member (with one saved address) for all the dashboard checks: sign-ups are rate limited
 * per address, and the whole e2e suite shares one server.
 */
async function createMember(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const email = `axe.${Date.now()}.${process.pid}@example.com`;
  const signup = await context.request.post('/api/auth/signup', {
    data: {
      name: 'Axe Checker',
      email,
      phoneNumber: '9876543210',
      password: 'axe-secret1',
      confirmPassword: 'axe-secret1',
    },
  });
  expect(signup.status()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const saved = await context.request.post('/api/user/saveAddress', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Axe Checker',
      phone: '9876543210',
      street: '1 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560025',
    },
  });
  expect(saved.status()).toBe(201);
  await context.close();
  return token;
}

async function signedInContext(browser: Browser, baseURL: string, token: string) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return context;
}

const publicPages: { path: string; ready: string }[] = [
  { path: '/login', ready: 'Login' },
  { path: '/login?type=signup', ready: 'Sign Up' },
  { path: '/forgot-password', ready: 'Forgot Password' },
  { path: '/reset-password?token=example', ready: 'Reset Password' },
];

for (const { path, ready } of publicPages) {
  test(`${path} has no serious or critical accessibility violations`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('form', { name: ready })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });
}

const dashboardPages: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/dashboard',
    ready: (page) => expect(page.getByRole('form', { name: 'Edit profile' })).toBeVisible(),
  },
  {
    path: '/dashboard/security',
    ready: (page) => expect(page.getByRole('form', { name: 'Reset Password' })).toBeVisible(),
  },
  {
    path: '/dashboard/address',
    ready: (page) =>
      expect(page.getByRole('heading', { name: 'Default Delivery Address' })).toBeVisible(),
  },
  {
    path: '/dashboard/address/add',
    ready: (page) => expect(page.getByRole('form', { name: 'Address' })).toBeVisible(),
  },
];

test.describe('signed-in account pages', () => {
  test.describe.configure({ mode: 'serial' });
  let memberToken = '';
  test.beforeAll(async ({ browser, baseURL }) => {
    memberToken = await createMember(browser, baseURL ?? '');
  });

  for (const { path, ready } of dashboardPages) {
    test(`${path} has no serious or critical accessibility violations`, async ({
      browser,
      baseURL,
    }) => {
      const context = await signedInContext(browser, baseURL ?? '', memberToken);
      const page = await context.newPage();
      await page.goto(path);
      await ready(page);
      await page.waitForLoadState('networkidle');
      expect(await blockingViolations(page)).toEqual([]);
      await context.close();
    });
  }

  test('the delete confirmation has no serious or critical accessibility violations', async ({
    browser,
    baseURL,
  }) => {
    const context = await signedInContext(browser, baseURL ?? '', memberToken);
    const page = await context.newPage();
    await page.goto('/dashboard/address');
    await page
      .getByRole('article')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(page.getByRole('alertdialog', { name: 'Delete address' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });
});

test('/dashboard/users (admin) has no serious or critical accessibility violations', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/auth/login', {
    data: { email: 'admin@medikart.example', password: 'Admin@123' },
  });
  const { token } = (await login.json()) as { token: string };
  await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.goto('/dashboard/users');
  await expect(page.getByRole('columnheader', { name: 'Joined' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await blockingViolations(page)).toEqual([]);
  await context.close();
});
