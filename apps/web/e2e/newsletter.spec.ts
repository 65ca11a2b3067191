import { expect, test } from '@playwright/test';

test('footer newsletter validates the address and subscribes', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const form = page.getByRole('region', { name: 'Sign Up for Our Newsletter' });
  const email = form.getByLabel('Email address');

  await email.fill('not an email');
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address.');
  await email.fill('');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('alert')).toHaveText('Email is required.');

  await email.fill(`reader-${Date.now()}@example.com`);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('You have successfully subscribed to the newsletter!')).toBeVisible();
  await expect(email).toHaveValue('');
});
