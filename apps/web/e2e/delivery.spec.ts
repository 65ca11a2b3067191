import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, demoProduct, pageAs, signUp } from './checkout-support';
import { expectNoSeriousViolations } from './support/axe';
import { readLatestMail } from './support/outbox';

/**
 * Issue 29 journey: the delivery promise for a pincode on the product page and in the cart, the
 * promised date on the order, and the parcel the pharmacy dispatches with its courier and
 * tracking number. The demo data's areas (apps/server/src/db/seed/demo-delivery.ts): Mumbai
 * (400001) in 2 working days, the Andaman Islands (744101) not served; couriers Delhivery and
 * Blue Dart.
 */
const METRO = '400001';
const UNSERVED = '744101';

interface Estimate {
  serviceable: boolean;
  cashOnDelivery: boolean;
  deliverBy: string | null;
  text: string;
}

/** The shop's promise for a pincode now, as the product page and the cart ask for it. */
async function estimateFor(request: APIRequestContext, pincode: string): Promise<Estimate> {
  return apiCall<Estimate>(request, 'GET', `/api/delivery/estimate?pincode=${pincode}`);
}

/** The order page's long date ("Tuesday, 1 Dec 2026"), formatted by the browser as the page does. */
function longDate(page: Page, day: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat('en-IN', {
        timeZone: 'UTC',
        weekday: 'long',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }).format(new Date(`${value}T00:00:00Z`)),
    day,
  );
}

test.describe('delivery promise and parcel tracking', () => {
  // Two browsers, a checkout and a dispatch against the real server.
  test.describe.configure({ timeout: 120_000 });

  test('a customer checks a pincode, orders with the promised date; the admin dispatches with Delhivery and the customer tracks it @phone', async ({
    browser,
    request,
  }, testInfo) => {
    const promise = await estimateFor(request, METRO);
    expect(promise.serviceable).toBe(true);
    expect(promise.cashOnDelivery).toBe(true);
    // Mumbai is never same-day, so the sentence names the day whatever the hour.
    expect(promise.text).toMatch(/^Delivery by \w{3}, \d{1,2} \w{3}$/);
    const product = await demoProduct(request, false, testInfo.project.name === 'phone' ? 4 : 3);
    const customer = await signUp(request, 'delivery');
    const page = await pageAs(browser, customer.token);

    // The product page: a new customer has no pincode yet, so the box asks for one.
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const box = page.getByRole('main').getByRole('region', { name: 'Delivery' });
    await box.getByLabel('Check delivery to your pincode').fill(METRO);
    await box.getByRole('button', { name: 'Check' }).click();
    await expect(box.getByText(`Delivering to ${METRO}`)).toBeVisible();
    await expect(box.getByText(promise.text, { exact: true })).toBeVisible();
    await expect(box.getByText('Cash on delivery available')).toBeVisible();
    await expectNoSeriousViolations(page, 'main section[aria-label="Delivery"]');

    // An island the shop does not serve yet, then Mumbai again.
    await box.getByRole('button', { name: 'Change' }).click();
    await expect(box.getByLabel('Check delivery to your pincode')).toHaveValue(METRO);
    await box.getByLabel('Check delivery to your pincode').fill(UNSERVED);
    // Its answer held back: meanwhile the box must not repeat the previous pincode's promise.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const unserved = (url: URL) =>
      url.pathname === '/api/delivery/estimate' && url.searchParams.get('pincode') === UNSERVED;
    await page.route(unserved, async (route) => {
      await held;
      await route.continue();
    });
    await box.getByRole('button', { name: 'Check' }).click();
    await expect(box.getByText(`Delivering to ${UNSERVED}`)).toBeVisible();
    await expect(box.getByText(promise.text, { exact: true })).toHaveCount(0);
    await expect(box.getByText('Cash on delivery available')).toHaveCount(0);
    const answered = page.waitForResponse((response) => unserved(new URL(response.url())));
    release();
    await answered;
    await page.unroute(unserved);
    await expect(box.getByText(`We do not deliver to ${UNSERVED} yet`)).toBeVisible();
    await expect(box.getByText(promise.text, { exact: true })).toHaveCount(0);
    await expect(box.getByText('Cash on delivery available')).toHaveCount(0);
    await box.getByRole('button', { name: 'Change' }).click();
    await box.getByLabel('Check delivery to your pincode').fill(METRO);
    await box.getByRole('button', { name: 'Check' }).click();
    await expect(box.getByText(promise.text, { exact: true })).toBeVisible();

    // The cart drawer makes the same promise for the remembered pincode.
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText('Added to cart!')).toBeVisible();
    await page.getByRole('button', { name: 'your cart has 1 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    const drawerBox = drawer.getByRole('region', { name: 'Delivery' });
    await expect(drawerBox.getByText(`Delivering to ${METRO}`)).toBeVisible();
    await expect(drawerBox.getByText(promise.text, { exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/process\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());

    // No address yet: the customer adds one in Mumbai and comes back to confirm it.
    await expect(page.getByText('No addresses found.')).toBeVisible();
    await page.getByRole('link', { name: 'Add Address' }).click();
    const form = page.getByRole('form', { name: 'Address' });
    await form.getByLabel('Name', { exact: true }).fill('Asha Rao');
    await form.getByLabel('Phone', { exact: true }).fill('9876543210');
    await form.getByLabel('Street').fill('14 Marine Drive, Churchgate');
    await form.getByLabel('City').fill('Mumbai');
    await form.getByLabel('State').fill('Maharashtra');
    await form.getByLabel('Pin Code').fill(METRO);
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page).toHaveURL(`/order/process/${orderId}`);
    await expect(page.getByText('14 Marine Drive, Churchgate')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Address' }).click();
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await page.getByRole('button', { name: 'Confirm Cash on Delivery' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();

    // The order page names the promised date (asked again: the promise moves with the clock).
    const { deliverBy } = await estimateFor(request, METRO);
    if (!deliverBy) throw new Error(`${METRO} has no delivery date`);
    await page.getByRole('link', { name: 'View Order' }).click();
    await expect(page).toHaveURL(`/order/${orderId}`);
    const summary = page.getByRole('heading', { name: 'Summary' }).locator('..');
    await expect(
      summary
        .getByRole('definition')
        .filter({ has: page.locator(`time[datetime="${deliverBy}"]`) }),
    ).toHaveText(await longDate(page, deliverBy));
    await expect(summary.getByText('Packing', { exact: true })).toBeVisible();

    // The pharmacy dispatches it from the order page's Delivery section.
    const awb = `E2E${Date.now()}${process.pid}${testInfo.project.name === 'phone' ? 'P' : 'D'}`;
    const admin = await pageAs(browser, await adminToken(request));
    await admin.goto(`/order/${orderId}`);
    const desk = admin.getByRole('region', { name: 'Delivery' });
    await expect(desk.getByText('Not dispatched yet.')).toBeVisible();
    const dispatch = desk.getByRole('form', { name: 'Dispatch a parcel' });
    await expect(dispatch.getByText('Dispatch this order')).toBeVisible();
    await dispatch.getByLabel('Courier').selectOption({ label: 'Delhivery' });
    await dispatch.getByLabel('Tracking number (AWB)').fill(awb);
    await dispatch.getByRole('button', { name: 'Dispatch', exact: true }).click();
    await expect(admin.getByText('Parcel dispatched')).toBeVisible();
    await expect(desk.getByRole('link', { name: new RegExp(`^${awb}\\b`) })).toBeVisible();
    // The order moved on: the form now sends another parcel of it.
    await expect(dispatch.getByRole('button', { name: 'Dispatch parcel' })).toBeVisible();
    await admin.context().close();

    // The customer reloads the order page: the parcel with its tracking link, and Dispatched.
    await page.reload();
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await expect(delivery.getByText('Delhivery', { exact: true })).toBeVisible();
    const tracking = delivery.getByRole('link', { name: new RegExp(`^${awb}\\b`) });
    await expect(tracking).toHaveAttribute(
      'href',
      `https://www.delhivery.com/track/package/${awb}`,
    );
    await expect(tracking).toHaveAttribute('target', '_blank');
    await expect(delivery.getByText('the courier’s updates will appear here')).toBeVisible();
    await expect(summary.getByText('Dispatched', { exact: true })).toBeVisible();
    await expect(delivery.getByRole('form')).toHaveCount(0);
    await expectNoSeriousViolations(page, `[aria-labelledby="shipments-${orderId}"]`);

    // The dispatch mail carries the courier and the same link.
    const mail = await readLatestMail(customer.email, awb);
    expect(mail).toContain(`Sent with Delhivery, tracking number ${awb}`);
    expect(mail).toContain(`https://www.delhivery.com/track/package/${awb}`);
    await page.context().close();
  });
});
