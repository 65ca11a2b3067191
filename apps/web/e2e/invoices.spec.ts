import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  adminToken,
  apiCall,
  confirmAddress,
  demoProduct,
  pageAs,
  placeOrder,
  signUp,
} from './checkout-support';

/**
 * Issue 18 point 3: a customer who has paid for an order downloads its GST tax invoice from the
 * order page, and the pharmacy downloads the same from its side. The order is placed, given its
 * address and paid by card (the built-in test provider) through the API, to keep it fast.
 */
test.describe('GST invoice', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a customer pays an order and downloads its invoice from the order page @phone', async ({
    browser,
    request,
  }) => {
    const product = await demoProduct(request, false, 2);
    const customer = await signUp(request, 'invoice');
    const orderId = await placeOrder(request, customer.token, product, 1);
    await confirmAddress(request, customer.token, orderId);
    const { clientSecret } = await apiCall<{ clientSecret: string }>(
      request,
      'POST',
      `/api/payment/create-intent/${orderId}`,
      { token: customer.token },
    );
    const { paymentIntent } = await apiCall<{ paymentIntent: { id: string } }>(
      request,
      'POST',
      '/api/payment/test/confirm',
      {
        token: customer.token,
        data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      },
    );
    await apiCall(request, 'POST', `/api/payment/save-payment-details/${orderId}`, {
      token: customer.token,
      data: { paymentId: paymentIntent.id },
    });

    const page = await pageAs(browser, customer.token);
    await page.goto(`/order/${orderId}`);
    const documents = page.getByRole('list', { name: 'Tax documents' });
    await expect(documents).toContainText(/Tax invoice INV\/\d{2}-\d{2}\/\d{6}/);
    const number = (await documents.textContent())?.match(/INV\/\d{2}-\d{2}\/\d{6}/)?.[0] ?? '';

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('button', { name: 'Download invoice' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);
    const file = await download.path();
    const pdf = await readFile(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByText(`Downloaded ${number.replace(/\//g, '-')}.pdf`)).toBeVisible();
    await page.context().close();

    // The pharmacy reads the same invoice from its side of the order page.
    const admin = await pageAs(browser, await adminToken(request));
    await admin.goto(`/order/${orderId}`);
    const [copy] = await Promise.all([
      admin.waitForEvent('download'),
      admin
        .getByRole('list', { name: 'Tax documents' })
        .getByRole('button', { name: 'Download invoice' })
        .click(),
    ]);
    expect(copy.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);
    await admin.context().close();
  });
});
