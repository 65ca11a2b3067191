import { expect, test } from '@playwright/test';
import {
  addressAndPrescription,
  adminToken,
  apiCall,
  demoProduct,
  fillCard,
  pageAs,
  placeOrder,
  pngFile,
  saveAddress,
  signUp,
} from './checkout-support';
import { readLatestMail } from './support/outbox';

/**
 * Issue 6 journeys (spec §2 / §4 / §5 / §8, DECISIONS): from a placed order with a prescription
 * item to 'Order Confirmed', by card and by cash on delivery, and the pharmacist's review.
 */
test.describe('checkout', () => {
  test.describe.configure({ timeout: 90_000 });

  test('address → image and PDF prescription with a comment → card 4242 → Order Confirmed', async ({
    browser,
    request,
  }) => {
    const customer = await signUp(request, 'card');
    await saveAddress(request, customer.token);
    const orderId = await placeOrder(request, customer.token, await demoProduct(request, true, 0));
    const page = await pageAs(browser, customer.token);

    const progress = page.getByRole('list', { name: 'Order progress' });
    await page.goto(`/order/process/${orderId}`);
    await expect(progress.getByRole('listitem')).toHaveText([
      /Address/,
      /Prescription/,
      /Payment/,
      /Confirmed/,
    ]);
    await expect(page.getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/orders',
    );
    await addressAndPrescription(page, orderId);

    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
    await expect(page.getByText('India', { exact: true })).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay now' }).click();

    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(
      page.getByText(
        "Thank you for your purchase. We're currently preparing your order and will update you shortly.",
      ),
    ).toBeVisible();
    await expect(page.getByText(/pharmacist is reviewing your prescription/)).toBeVisible();
    await page.getByRole('link', { name: 'View Order' }).click();
    await expect(page).toHaveURL(`/order/${orderId}`);

    const { order } = await apiCall<{ order: { status: string; paymentNote: string } }>(
      request,
      'GET',
      `/api/order/getOrderDetail/${orderId}`,
      { token: customer.token },
    );
    expect(order.status).toBe('Waiting To Accept');
    const { prescriptions } = await apiCall<{
      prescriptions: { comment: string; files: { originalName: string }[] }[];
    }>(request, 'GET', `/api/order/${orderId}/prescriptions`, { token: customer.token });
    expect(prescriptions).toHaveLength(1);
    expect(prescriptions[0]?.comment).toBe('Dosage as discussed with Dr. Mehta');
    expect(prescriptions[0]?.files.map((f) => f.originalName).sort()).toEqual([
      'prescription-photo.png',
      'prescription-scan.pdf',
    ]);

    // The outbox holds the confirmation with the order number.
    const mail = await readLatestMail(customer.email, /Your order of .+ is confirmed/);
    expect(mail).toContain(`/order/${orderId}`);
    await page.context().close();
  });

  test('a declined card keeps the form open with the message; then Cash on Delivery confirms', async ({
    browser,
    request,
  }) => {
    const customer = await signUp(request, 'declined');
    await saveAddress(request, customer.token);
    const orderId = await placeOrder(request, customer.token, await demoProduct(request, true, 1));
    const page = await pageAs(browser, customer.token);
    await addressAndPrescription(page, orderId);

    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: /Your card was declined/ }),
    ).toBeVisible();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();

    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    const { order } = await apiCall<{ order: { totalOrderValue: number } }>(
      request,
      'GET',
      `/api/order/getOrderDetail/${orderId}`,
      { token: customer.token },
    );
    await expect(page.getByText('Total amount to pay on delivery')).toBeVisible();
    await expect(
      page
        .getByText(
          `₹${order.totalOrderValue.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
        )
        .first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Cash on Delivery' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByText('Payment: Cash on Delivery')).toBeVisible();

    const mail = await readLatestMail(customer.email, /Your order of .+ is confirmed/);
    expect(mail).toContain(`/order/${orderId}`);
    expect(mail).toContain('Cash on Delivery');
    await page.context().close();
  });

  test('a small order offers only cash on delivery; a wrong file is refused in the widget', async ({
    browser,
    request,
  }) => {
    const customer = await signUp(request, 'small');
    await saveAddress(request, customer.token);
    const orderId = await placeOrder(
      request,
      customer.token,
      await demoProduct(request, true, 2),
      1,
    );
    const page = await pageAs(browser, customer.token);
    await page.goto(`/order/process/${orderId}`);
    await page.getByRole('button', { name: 'Confirm Address' }).click();
    await page.getByLabel('Choose prescription if any').setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      { name: 'empty.PNG', mimeType: 'image/png', buffer: Buffer.alloc(0) },
    ]);
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'File type/size error, Hovered on types!' });
    await expect(alert).toContainText('notes.txt: File type is not supported');
    await expect(alert).toContainText('empty.PNG: File size is too small');
    await expect(page.getByRole('button', { name: 'Upload Prescription' })).toBeDisabled();
    await page.getByLabel('Choose prescription if any').setInputFiles([pngFile]);
    const preview = page.getByRole('img', { name: `Preview of ${pngFile.name}` });
    await expect(preview).toBeVisible();
    await page.getByRole('button', { name: `Remove ${pngFile.name}` }).click();
    await expect(preview).toHaveCount(0);
    await page.close();
  });

  test('the pharmacist rejects with a reason, the customer uploads again, the pharmacist approves', async ({
    browser,
    request,
  }) => {
    const customer = await signUp(request, 'review');
    await saveAddress(request, customer.token);
    const orderId = await placeOrder(request, customer.token, await demoProduct(request, true, 3));
    const customerPage = await pageAs(browser, customer.token);
    await addressAndPrescription(customerPage, orderId);
    await customerPage.getByRole('button', { name: 'Cash on Delivery' }).click();
    await customerPage.getByRole('button', { name: 'Confirm Cash on Delivery' }).click();
    await expect(customerPage.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();

    const adminPage = await pageAs(browser, await adminToken(request));
    await adminPage.goto('/dashboard');
    await adminPage.getByRole('link', { name: 'Prescriptions', exact: true }).first().click();
    await expect(adminPage).toHaveURL('/dashboard/prescriptions');
    await adminPage.getByRole('link', { name: new RegExp(`Order #${orderId}\\b`) }).click();
    await expect(adminPage).toHaveURL(`/order/${orderId}`);
    const panel = adminPage.getByRole('heading', { name: 'Prescriptions' }).locator('../..');
    await expect(panel.getByText('Dosage as discussed with Dr. Mehta')).toBeVisible();
    await expect(panel.getByRole('img', { name: `Prescription ${pngFile.name}` })).toBeVisible();
    await panel.getByRole('button', { name: 'Reject' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Reject prescription' });
    await dialog
      .getByLabel('Reason for rejecting')
      .fill('The prescription is older than six months.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(
      adminPage.getByText('Prescription rejected', { exact: false }).first(),
    ).toBeVisible();

    // The customer sees the reason on the process page and uploads again.
    await customerPage.goto(`/order/process/${orderId}`);
    await expect(customerPage.getByText('Your prescription was not accepted')).toBeVisible();
    await expect(
      customerPage.getByText('The prescription is older than six months.'),
    ).toBeVisible();
    await customerPage.getByLabel('Choose prescription if any').setInputFiles([pngFile]);
    await customerPage.getByRole('button', { name: 'Upload Prescription' }).click();
    await expect(customerPage.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(customerPage.getByText(/pharmacist is reviewing your prescription/)).toBeVisible();
    await readLatestMail(customer.email, 'The prescription is older than six months.');

    await adminPage.reload();
    // Issue 31: approving records the prescription as transcribed beside its files.
    const approve = panel.getByRole('form', { name: 'Transcribe and approve' });
    await approve.getByLabel("Prescriber's name").fill('Dr. Mehta');
    await approve.getByLabel('Qualification').fill('MBBS');
    await approve.getByLabel('Registration number').fill('MMC 2011/0457');
    await approve.getByLabel('Council').fill('Maharashtra Medical Council');
    await approve.getByLabel('Date of issue').fill(new Date().toISOString().slice(0, 10));
    const prescribed = approve.getByRole('group');
    for (let index = 0; index < (await prescribed.count()); index += 1) {
      const group = prescribed.nth(index);
      await group.getByLabel('Dose').fill('1 tablet');
      await group.getByLabel('Frequency').fill('Twice a day');
      await group.getByLabel('Duration (days)').fill('5');
    }
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toHaveCount(0);
    await expect(adminPage.getByText(/approved/i).first()).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    const { order } = await apiCall<{ order: { status: string } }>(
      request,
      'GET',
      `/api/order/getOrderDetail/${orderId}`,
      { token: customer.token },
    );
    expect(order.status).toBe('Accepted');
    for (const page of [adminPage, customerPage]) await page.context().close();
  });
});
