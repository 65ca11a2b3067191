import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PRIVACY_TEXTS } from '@pharmacy/shared';

/** Issue 32 acceptance: a member downloads their data and deletes their account. */

test.describe.configure({ timeout: 90_000 });

test('a member downloads their data, changes a consent, deletes the account and cannot sign in again', async ({
  page,
  request,
}) => {
  const email = `privacy.${Date.now()}.${process.pid}@example.com`;
  const password = 'first-secret1';
  const signup = await request.post('/api/auth/signup', {
    data: {
      name: 'Meera Iyer',
      email,
      phoneNumber: '9876543210',
      password,
      confirmPassword: password,
    },
  });
  expect(signup.status()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  // Signed in once: the script runs on every page load, and after the deletion none is wanted.
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    window.localStorage.setItem('token', value);
  }, token);

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Privacy & data' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/privacy$/);
  await expect(
    page.getByRole('heading', { level: 1, name: PRIVACY_TEXTS.pageTitle }),
  ).toBeVisible();

  // The download: a ZIP with data.json, named for today.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: PRIVACY_TEXTS.downloadButton }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^medikart-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from('data.json'))).toBe(true);
  expect(zip.includes(Buffer.from('README.txt'))).toBe(true);
  await expect(page.getByText(PRIVACY_TEXTS.downloaded, { exact: false })).toBeVisible();

  // A consent: the newsletter, off by default, turned on.
  const newsletter = page.getByRole('checkbox', { name: 'Newsletter' });
  await expect(newsletter).not.toBeChecked();
  await newsletter.check();
  await expect(page.getByText(PRIVACY_TEXTS.consentSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Newsletter' })).toBeChecked();

  // Deletion: the dialog says what goes and what stays, and asks for the password.
  await page.getByRole('button', { name: PRIVACY_TEXTS.deleteButton, exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: PRIVACY_TEXTS.deleteConfirmTitle });
  await expect(dialog.getByText(PRIVACY_TEXTS.keptListTitle)).toBeVisible();
  await dialog.getByLabel(PRIVACY_TEXTS.deletePasswordLabel).fill('not-my-password');
  await dialog.getByRole('button', { name: PRIVACY_TEXTS.deleteConfirmButton }).click();
  await expect(dialog.getByText(PRIVACY_TEXTS.wrongPassword)).toBeVisible();
  await dialog.getByLabel(PRIVACY_TEXTS.deletePasswordLabel).fill(password);
  await dialog.getByRole('button', { name: PRIVACY_TEXTS.deleteConfirmButton }).click();

  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(
    page.getByRole('heading', { level: 1, name: PRIVACY_TEXTS.deletedTitle }),
  ).toBeVisible();
  await expect(
    page.getByText(/Your orders with their delivery addresses.*until \d{4}-\d{2}-\d{2}/),
  ).toBeVisible();
  await expect(page.getByText(/kept for \d+ years/)).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // Signed out, and the old address and password no longer sign in.
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('Invalid email or password.');
});
