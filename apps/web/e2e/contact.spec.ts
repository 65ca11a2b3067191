import { expect, test } from '@playwright/test';

test('contact form validates and sends a message', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact form' });
  const send = form.getByRole('button', { name: 'Send Message' });

  await send.click();
  await expect(form.getByRole('alert')).toHaveText([
    'Name is required.',
    'Email is required.',
    'Message is required.',
  ]);

  await form.getByLabel('Name').fill('Asha Verma');
  await form.getByLabel('Email').fill('asha@');
  await send.click();
  await expect(form.getByRole('alert')).toHaveText([
    'Invalid email format.',
    'Message is required.',
  ]);

  await form.getByLabel('Email').fill('asha@example.com');
  await form.getByLabel('Message').fill('Do you deliver insulin in cold packs?');
  await send.click();

  // The success toast carries the server's message (MESSAGES.contactSuccess).
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByRole('alert')).toHaveCount(0);
});
