import { expectNoSeriousViolations } from './support/axe';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SignJWT } from 'jose';
import { apiCall, pageAs, signUp } from './checkout-support';

/**
 * Issue 17 refill reminders: a customer sets a reminder from a medicine of their order, finds it
 * on My Refills, follows the reminder mail's links (the refill into the cart; unsubscribing
 * without signing in) and deletes it. The order is placed through the API to keep it fast; the
 * scan that sends the mail is covered by the server tests, which can move the clock.
 */

interface CatalogueProduct {
  id: number;
  name: string;
  quantity: number;
  prescription: boolean;
  saltCompositionId: number | null;
}

/**
 * The unsubscribe token a reminder mail carries, signed as the server signs it
 * (apps/server/src/modules/refills/unsubscribe-token.ts) with the e2e server's generated secret:
 * no mail is due on the day a reminder is set, so the journey makes the link itself.
 */
async function unsubscribeToken(reminderId: number, userId: number): Promise<string> {
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'jwt-secret'), 'utf8');
  return new SignJWT({ purpose: 'refill-unsubscribe', uid: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(reminderId))
    .setIssuer('medikart')
    .setAudience('medikart-mail-link')
    .setIssuedAt()
    .setExpirationTime('60d')
    .sign(new TextEncoder().encode(secret.trim()));
}

/** A stocked over-the-counter medicine of the demo catalogue (one with an active ingredient). */
async function demoMedicine(request: APIRequestContext, index: number) {
  const { productList } = await apiCall<{ productList: CatalogueProduct[] }>(
    request,
    'GET',
    '/api/product/all?limit=100&orderBy=createdAt&orderType=asc',
  );
  const product = productList.filter(
    (p) => p.saltCompositionId !== null && !p.prescription && p.quantity >= 20,
  )[index];
  if (!product) throw new Error('no stocked medicine in the demo catalogue');
  return product;
}

test.describe('refill reminders', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a customer sets a refill reminder from an order, uses its links and deletes it @phone', async ({
    browser,
    request,
  }, testInfo) => {
    const medicine = await demoMedicine(request, testInfo.project.name === 'phone' ? 4 : 3);
    const customer = await signUp(request, 'refills');
    await apiCall(request, 'POST', '/api/cart', {
      token: customer.token,
      data: { productId: medicine.id, quantity: 2 },
    });
    const { orderId } = await apiCall<{ orderId: number }>(request, 'POST', '/api/order', {
      token: customer.token,
      headers: { 'Idempotency-Key': `refills-e2e-${Date.now()}-${Math.random()}` },
    });

    // The order page: 'Remind me to refill' on the medicine, every 60 days.
    const page = await pageAs(browser, customer.token);
    await page.goto(`/order/${orderId}`);
    await page.getByRole('button', { name: `Remind me to refill ${medicine.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refill reminder' });
    await expect(dialog.getByRole('radio', { name: '30 days' })).toBeChecked();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('radio', { name: '60 days' }).check();
    await dialog.getByRole('button', { name: 'Save reminder' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(`We will remind you to refill ${medicine.name} every 60 days`),
    ).toBeVisible();
    await expect(page.getByText(/^Refill reminder every 60 days, next due /)).toBeVisible();

    // My Refills, from the dashboard menu.
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    if (testInfo.project.name === 'phone') await nav.getByRole('button').first().click();
    await nav.getByRole('link', { name: 'My Refills' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Refills' })).toBeVisible();
    const reminders = page.getByRole('list', { name: 'Refill reminders' }).getByRole('listitem');
    await expect(reminders).toHaveCount(1);
    const reminder = reminders.first();
    await expect(reminder).toContainText(medicine.name);
    await expect(reminder).toContainText('2 units, every 60 days');
    await expect(reminder).toContainText('Active');
    await expectNoSeriousViolations(page);

    // The reminder mail's one-click link puts the refill in the cart.
    const { refills } = await apiCall<{ refills: Array<{ id: number }> }>(
      request,
      'GET',
      '/api/refills',
      { token: customer.token },
    );
    const reminderId = refills[0]?.id ?? 0;
    await page.goto(`/refill/${reminderId}`);
    await expect(page.getByText(`${medicine.name} is in your cart.`)).toBeVisible();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer.getByRole('group', { name: `Quantity of ${medicine.name}` })).toContainText(
      '2',
    );
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The unsubscribe link works without signing in, and only on the button (a POST).
    const token = await unsubscribeToken(reminderId, customer.user.id);
    const anonymous = await (await browser.newContext()).newPage();
    await anonymous.goto(`/unsubscribe?token=${token}`);
    await expect(
      anonymous.getByRole('heading', { level: 1, name: 'Stop refill reminders' }),
    ).toBeVisible();
    await expectNoSeriousViolations(anonymous);
    await anonymous.getByRole('button', { name: 'Stop these reminders' }).click();
    await expect(anonymous.getByRole('status')).toContainText(
      `You will get no more refill reminders for ${medicine.name}.`,
    );
    await anonymous.context().close();

    await page.goto('/dashboard/refills');
    await expect(reminder).toContainText('Paused');
    await expect(reminder).toContainText('No reminder e-mails while paused.');

    // Delete, after confirming.
    await reminder.getByRole('button', { name: `Delete reminder for ${medicine.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this refill reminder?' });
    await confirm.getByRole('button', { name: 'Delete reminder' }).click();
    await expect(page.getByText('You have no refill reminders yet.')).toBeVisible();
    await expect(page.getByText('The refill reminder was deleted.')).toBeVisible();

    // The order page offers it again.
    await page.goto(`/order/${orderId}`);
    await expect(
      page.getByRole('button', { name: `Remind me to refill ${medicine.name}` }),
    ).toBeVisible();
    await page.context().close();
  });
});
