import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { readLatestMail } from './support/outbox';

/**
 * Issue 32 point 2: the owner invites a packer from the Staff page; the packer opens the mailed
 * link, chooses a password, lands signed in on the dashboard and sees only packing.
 */
const OWNER = { email: 'admin@medikart.example', password: 'Admin@123' };

test.describe.configure({ timeout: 90_000 });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test('the owner invites a packer, who signs in and sees only packing', async ({
  page,
  request,
  browser,
}) => {
  const login = await request.post('/api/auth/login', { data: OWNER });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);

  const email = `packer.${Date.now()}.${process.pid}@example.com`;
  await page.goto('/dashboard/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Staff' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const form = page.getByRole('form', { name: 'Invite a member of staff' });
  await expectNoSeriousViolations(page, 'dialog');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Name is required.')).toBeVisible();
  await form.getByLabel('Name').fill('Ravi Packer');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption({ label: 'Packer' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form).toBeHidden();
  const invitations = page.getByRole('region', { name: 'Open invitations' });
  await expect(invitations.getByText(email)).toBeVisible();
  await expectNoSeriousViolations(page);

  const mail = await readLatestMail(email, 'accept-invitation?token=');
  expect(mail).toContain('invited you to join');
  expect(mail).toContain('as a packer');
  const link = /https?:\/\/\S+\/accept-invitation\?token=[\w-]+/.exec(mail)?.[0];
  expect(link).toBeDefined();

  // The packer, in a browser of their own.
  const packerContext = await browser.newContext();
  const packer = await packerContext.newPage();
  await packer.goto(new URL(link as string).pathname + new URL(link as string).search);
  await expect(packer.getByRole('heading', { name: 'Welcome, Ravi Packer' })).toBeVisible();
  await expect(packer.getByText('Packer', { exact: true })).toBeVisible();
  const accept = packer.getByRole('form', { name: 'Accept invitation' });
  await expectNoSeriousViolations(packer);
  await accept.getByLabel('Password', { exact: true }).fill('packing-secret1');
  await accept.getByLabel('Confirm password').fill('packing-other1');
  await accept.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(accept.getByText('Passwords do not match.')).toBeVisible();
  await accept.getByLabel('Confirm password').fill('packing-secret1');
  await accept.getByRole('button', { name: 'Set password and sign in' }).click();

  await expect(packer).toHaveURL(/\/dashboard$/);
  const nav = menu(packer);
  await expect(nav.getByRole('link', { name: 'All Orders' })).toBeVisible();
  for (const hidden of ['Products', 'Coupons', 'Prescriptions', 'Users', 'Staff'])
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  await packer.goto('/dashboard/product');
  await expect(packer.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  // The link worked once.
  await packer.goto(new URL(link as string).pathname + new URL(link as string).search);
  await expect(packer.getByText('This invitation has already been used.')).toBeVisible();
  await packerContext.close();

  // The owner sees the packer among the staff, no longer invited.
  await page.reload();
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await expect(accounts.getByRole('row', { name: /Ravi Packer/ })).toBeVisible();
  await expect(accounts.getByRole('combobox', { name: 'Role of Ravi Packer' })).toHaveValue('4');
  await expect(invitations.getByText(email)).toHaveCount(0);
});
