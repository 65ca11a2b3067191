import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, pageAs } from './checkout-support';

const queueLink = (page: Page) => page.getByRole('link', { name: /^Open contact messages/ });

/** The count in the queue's link, as the admin reads it. */
async function queueCount(page: Page): Promise<number> {
  await expect(queueLink(page)).toBeVisible({ timeout: 30_000 });
  const text = (await queueLink(page).textContent()) ?? '';
  const match = /Open contact messages:?\s*(\d+)/.exec(text);
  if (!match) throw new Error(`no count in '${text}'`);
  return Number(match[1]);
}

/**
 * Issue 18: a visitor writes on Contact Us; the admin sees it in the dashboard's 'Open contact
 * messages' queue, follows the queue to the inbox, marks the message handled, and the queue's
 * count goes down by one.
 */
test.describe('contact inbox', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the admin handles a visitor’s message from the dashboard queue', async ({
    page: visitor,
    browser,
    request,
  }) => {
    const words = `Do you stock cold packs for insulin? ${Date.now()}\nI live in Pune.`;
    await visitor.goto('/contact');
    const form = visitor.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Inbox Visitor');
    await form.getByLabel('Email').fill('inbox.visitor@example.com');
    await form.getByLabel('Message').fill(words);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(visitor.getByText('Thank you! Your message has been sent.')).toBeVisible();

    const admin = await pageAs(browser, await adminToken(request));
    await admin.goto('/dashboard');
    await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
      timeout: 30_000,
    });
    const before = await queueCount(admin);
    expect(before).toBeGreaterThanOrEqual(1);

    await queueLink(admin).click();
    await expect(admin).toHaveURL(/\/dashboard\/messages$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const card = admin.getByRole('article').filter({ hasText: words.split('\n')[0] ?? words });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Inbox Visitor' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:inbox.visitor@example.com',
    );
    // The line break the visitor typed is kept.
    await expect(card.getByText('I live in Pune.')).toBeVisible();

    const axe = await new AxeBuilder({ page: admin }).include('main').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await card.getByRole('button', { name: 'Mark as handled' }).click();
    await expect(admin.getByText('Message marked as handled.')).toBeVisible();
    await expect(card).toHaveCount(0);

    await admin.getByRole('link', { name: 'Handled' }).click();
    await expect(admin).toHaveURL(/\/dashboard\/messages\?status=handled$/);
    const handled = admin.getByRole('article').filter({ hasText: words.split('\n')[0] ?? words });
    await expect(handled).toContainText('Handled by');

    await admin.goto('/dashboard');
    await expect(queueLink(admin)).toBeVisible({ timeout: 30_000 });
    expect(await queueCount(admin)).toBe(before - 1);
  });
});
