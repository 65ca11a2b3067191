import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminToken,
  apiCall,
  pageAs,
  pdfFile,
  pngFile,
  saveAddress,
  signUp,
} from './checkout-support';
import { expectNoSeriousViolations } from './support/axe';

/**
 * Issue 31 journey: a customer orders a prescription medicine with an over-the-counter one it
 * interacts with, reads the advice to talk to the pharmacist, and uploads the prescription for a
 * family member added on the way; the pharmacist transcribes and approves it on the admin order
 * page; the customer
 * reorders, uses the saved prescription instead of an upload, and the order reaches Waiting To
 * Accept. The demo table's clopidogrel–omeprazole interaction is moderate
 * (apps/server/src/db/seed/drug-interactions.json).
 */
interface CatalogueProduct {
  id: number;
  name: string;
  prescription: boolean;
  quantity: number;
  saltComposition: { id: number; name: string } | null;
}

async function productNamed(request: APIRequestContext, name: string): Promise<CatalogueProduct> {
  const { productList } = await apiCall<{ productList: CatalogueProduct[] }>(
    request,
    'GET',
    `/api/product/all?search=${encodeURIComponent(name)}&limit=10`,
  );
  const product = productList.find((p) => p.name === name);
  if (!product || product.quantity < 10)
    throw new Error(`the demo catalogue has no stocked ${name}`);
  return product;
}

async function addOnProductPage(page: Page, product: CatalogueProduct) {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText('1 in your cart.')).toBeVisible();
}

async function statusOf(request: APIRequestContext, token: string, orderId: number) {
  const { order } = await apiCall<{ order: { status: string } }>(
    request,
    'GET',
    `/api/order/getOrderDetail/${orderId}`,
    { token },
  );
  return order.status;
}

/** Cash on delivery on the process page's payment step. */
async function payOnDelivery(page: Page) {
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await page.getByRole('button', { name: 'Confirm Cash on Delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
}

test.describe('prescription records', () => {
  // Two browsers, two checkouts and a review against the real server.
  test.describe.configure({ timeout: 180_000 });

  test('a pharmacist transcribes and approves; the customer reorders with the saved prescription @phone', async ({
    browser,
    request,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    const clopidogrel = await productNamed(
      request,
      phone ? 'Deplatt 75 Tablet' : 'Clopilet 75 Tablet',
    );
    const omeprazole = await productNamed(request, phone ? 'Omee 20 Capsule' : 'Omez 20 Capsule');
    expect(clopidogrel.prescription).toBe(true);

    const customer = await signUp(request, 'rx-records');
    await saveAddress(request, customer.token);
    const page = await pageAs(browser, customer.token);

    // The cart: the two medicines interact, so the drawer advises talking to the pharmacist.
    for (const product of [clopidogrel, omeprazole]) await addOnProductPage(page, product);
    await page.getByRole('button', { name: 'your cart has 2 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    const advice = drawer.getByRole('region', {
      name: 'Talk to our pharmacist about these medicines',
    });
    await expect(advice).toContainText(
      `Worth asking about: ${clopidogrel.name} and ${omeprazole.name}.`,
    );
    await expectNoSeriousViolations(page, '[role="dialog"]');
    await drawer.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/process\/\d+$/);
    const firstOrderId = Number(page.url().split('/').pop());

    // Address, then the prescription for a family member added from the upload step.
    await expect(page.getByText('12 MG Road')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Address' }).click();
    await expect(page.getByRole('heading', { name: 'Upload Prescription' })).toBeVisible();
    // A first order has no saved prescription to offer.
    await expect(page.getByRole('heading', { name: 'Use a saved prescription' })).toHaveCount(0);
    await expect(page.getByLabel('Who is this prescription for?')).toHaveValue('');
    await page.getByRole('link', { name: 'Add a patient' }).click();
    const form = page.getByRole('dialog', { name: 'Add a patient' });
    await form.getByLabel('Name').fill('Kamala Rao');
    await form.getByLabel('Who is this?').selectOption({ label: 'Parent' });
    await form.getByLabel('I know the age').check();
    await form.getByLabel('Age in years').fill('71');
    await form.getByLabel('Sex').selectOption({ label: 'Female' });
    await form.getByLabel('Known allergies (salts)').fill('Penicillin');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(form.getByRole('list', { name: 'Allergies' })).toContainText('Penicillin');
    await expectNoSeriousViolations(page, 'dialog');
    await form.getByRole('button', { name: 'Add patient' }).click();

    // Back on the order with her chosen.
    await expect(page).toHaveURL(new RegExp(`/order/process/${firstOrderId}$`));
    const patient = page.getByLabel('Who is this prescription for?');
    await expect(patient.locator('option:checked')).toHaveText('Kamala Rao');
    await page.getByLabel('Choose prescription if any').setInputFiles([pngFile, pdfFile]);
    await expect(page.getByRole('img', { name: `Preview of ${pngFile.name}` })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Upload Prescription' }).click();
    await expect(page.getByText('Prescription uploaded successfully')).toBeVisible();
    await payOnDelivery(page);
    expect(await statusOf(request, customer.token, firstOrderId)).toBe('Waiting To Accept');

    // The pharmacist transcribes the prescription beside its files and approves it.
    const admin = await pageAs(browser, await adminToken(request));
    await admin.goto(`/order/${firstOrderId}`);
    const review = admin.getByRole('form', { name: 'Transcribe and approve' });
    await review.getByLabel("Prescriber's name").fill('Dr. Meera Iyer');
    await review.getByLabel('Qualification').fill('MBBS, MD');
    await review.getByLabel('Registration number').fill('KMC 45678');
    await review.getByLabel('Council').fill('Karnataka Medical Council');
    await review.getByLabel('Date of issue').fill(new Date().toISOString().slice(0, 10));
    const line = review.getByRole('group', { name: clopidogrel.name });
    await line
      .getByLabel('Covers')
      .selectOption({ label: `Any brand of ${clopidogrel.saltComposition?.name}` });
    await line.getByLabel('Strength').fill('75 mg');
    await line.getByLabel('Dose').fill('1 tablet');
    await line.getByLabel('Frequency').fill('once a day');
    await line.getByLabel('Duration (days)').fill('30');
    await line.getByLabel('Total quantity allowed').fill('10');
    await expectNoSeriousViolations(admin);
    await review.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Prescription approved').first()).toBeVisible();
    await admin.context().close();
    expect(await statusOf(request, customer.token, firstOrderId)).toBe('Accepted');

    // My Prescriptions: the saved prescription, valid, with what remains after the first order.
    await page.goto('/dashboard/my-prescriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'My Prescriptions' })).toBeVisible();
    const saved = page.getByRole('list', { name: 'Saved prescriptions' }).getByRole('listitem');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText('Kamala Rao');
    await expect(saved).toContainText('Dr. Meera Iyer');
    await expect(saved).toContainText('Valid until');
    await expect(saved.getByRole('row', { name: /Clopidogrel/ })).toContainText('10 units');
    await expect(saved.getByRole('row', { name: /Clopidogrel/ })).toContainText('9 units');
    await expectNoSeriousViolations(page);

    // The reorder: Buy again, then the saved prescription instead of an upload.
    await page.goto(`/order/${firstOrderId}`);
    await page.getByRole('button', { name: `Buy again (order #${firstOrderId})` }).click();
    // Everything went back in, so the cart opens by itself.
    await expect(drawer.getByRole('list', { name: 'Items in your cart' })).toContainText(
      clopidogrel.name,
    );
    await drawer.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/process\/\d+$/);
    const secondOrderId = Number(page.url().split('/').pop());
    expect(secondOrderId).not.toBe(firstOrderId);
    await page.getByRole('button', { name: 'Confirm Address' }).click();
    const choice = page.getByRole('list', { name: 'Saved prescriptions for this order' });
    await expect(choice.getByRole('listitem')).toHaveCount(1);
    await expect(choice).toContainText('Kamala Rao');
    await expect(choice).toContainText('Dr. Meera Iyer');
    await expect(choice).toContainText('9 units');
    await expectNoSeriousViolations(page);
    await choice.getByRole('button', { name: /^Use this prescription/ }).click();
    await expect(
      page.getByText('Your saved prescription was applied to this order.'),
    ).toBeVisible();
    await payOnDelivery(page);
    expect(await statusOf(request, customer.token, secondOrderId)).toBe('Waiting To Accept');

    // The order page: the prescription it used, its validity and what now remains.
    await page.goto(`/order/${secondOrderId}`);
    const used = page.getByRole('list', { name: 'Prescriptions of this order' });
    await expect(used).toContainText('Kamala Rao');
    await expect(used).toContainText('Valid until');
    await expect(used.getByRole('row', { name: /Clopidogrel/ })).toContainText('8 units');
    await expect(
      page.getByRole('region', { name: 'Talk to our pharmacist about these medicines' }),
    ).toContainText(`${clopidogrel.name} and ${omeprazole.name}`);
    await expectNoSeriousViolations(page);
    await page.context().close();
  });
});
