import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  addressAndPrescription,
  adminToken,
  apiCall,
  pageAs,
  saveAddress,
  signUp,
} from './checkout-support';

/**
 * Issue 16 journeys (dispensing safety): a prescription order through the pharmacist's approval
 * with the prescriber's details, the state machine on the admin order page, duplicate-therapy
 * warnings, the H1 register, per-order limits and Schedule X.
 */
interface CatalogueProduct {
  id: number;
  name: string;
  quantity: number;
  prescription: boolean;
  maxUnitsPerOrder: number | null;
  schedule: { code: string; onlineSale: boolean };
  saltCompositionId: number | null;
  divisionId: number;
  manufacturerId: number;
}

async function catalogue(request: APIRequestContext): Promise<CatalogueProduct[]> {
  const all: CatalogueProduct[] = [];
  for (let page = 1; page <= 10; page++) {
    const { productList } = await apiCall<{ productList: CatalogueProduct[] }>(
      request,
      'GET',
      `/api/product/all?limit=100&page=${page}&orderBy=createdAt&orderType=asc`,
    );
    all.push(...productList);
    if (productList.length < 100) break;
  }
  return all;
}

/** Two stocked over-the-counter products with the same salt composition (a duplicate therapy). */
function sameSaltPair(
  products: CatalogueProduct[],
  skip = 0,
): [CatalogueProduct, CatalogueProduct] {
  const bySalt = new Map<number, CatalogueProduct[]>();
  for (const product of products) {
    if (product.prescription || product.quantity < 30 || product.saltCompositionId === null)
      continue;
    if (product.maxUnitsPerOrder !== null) continue;
    bySalt.set(product.saltCompositionId, [
      ...(bySalt.get(product.saltCompositionId) ?? []),
      product,
    ]);
  }
  const pairs = [...bySalt.values()].filter((group) => group.length >= 2);
  const pair = pairs[skip];
  if (!pair) throw new Error('the demo catalogue has no two stocked products with one salt');
  return [pair[0]!, pair[1]!];
}

async function addOnProductPage(page: Page, product: CatalogueProduct) {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText(`1 in your cart.`)).toBeVisible();
}

function panelOf(page: Page) {
  return page.getByRole('heading', { name: 'Prescriptions', exact: true }).locator('../..');
}

test.describe('dispensing safety', () => {
  // The longest journey of the suite (two browsers, a review, a dispatch): 1.6 min on a busy CI machine.
  test.describe.configure({ timeout: 240_000 });

  test('a Schedule H1 order waits for the pharmacist, who approves with the prescriber details; the register records its dispatch', async ({
    browser,
    request,
  }) => {
    const products = await catalogue(request);
    const h1 = products.find(
      (p) => p.schedule.code === 'H1' && p.quantity >= 30 && p.maxUnitsPerOrder === null,
    );
    if (!h1) throw new Error('the demo catalogue has no stocked Schedule H1 product');
    const [first, second] = sameSaltPair(products);

    // The customer fills the cart in the shop: the drawer warns about the duplicate therapy.
    const customer = await signUp(request, 'dispensing');
    await saveAddress(request, customer.token);
    const customerPage = await pageAs(browser, customer.token);
    for (const product of [h1, first, second]) await addOnProductPage(customerPage, product);
    await customerPage.getByRole('button', { name: 'your cart has 3 items' }).click();
    const drawer = customerPage.getByRole('dialog', { name: 'Your cart' });
    const warning = drawer.getByRole('list', { name: 'Duplicate therapy warnings' });
    await expect(warning).toContainText(`Both ${first.name} and ${second.name} contain`);
    await expect(warning).toContainText('taking both may double the dose.');
    const rxLine = drawer
      .getByRole('list', { name: 'Items in your cart' })
      .getByRole('listitem')
      .filter({ hasText: h1.name });
    await expect(rxLine.getByText('Prescription required')).toBeVisible();
    await drawer.getByRole('button', { name: 'Place Order' }).click();
    await expect(customerPage).toHaveURL(/\/order\/process\/\d+$/);
    const orderId = Number(customerPage.url().split('/').pop());

    // Before payment the process page repeats the warning; then the prescription and cash.
    await expect(
      customerPage.getByRole('list', { name: 'Duplicate therapy warnings' }),
    ).toContainText(`Both ${first.name} and ${second.name} contain`);
    await addressAndPrescription(customerPage, orderId);
    await customerPage.getByRole('button', { name: 'Cash on Delivery' }).click();
    await customerPage.getByRole('button', { name: 'Confirm Cash on Delivery' }).click();
    await expect(customerPage.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    const placed = await apiCall<{ order: { status: string } }>(
      request,
      'GET',
      `/api/order/getOrderDetail/${orderId}`,
      { token: customer.token },
    );
    expect(placed.order.status).toBe('Waiting To Accept');

    // The pharmacist: the demo admin's registration number is on their profile.
    const token = await adminToken(request);
    const adminPage = await pageAs(browser, token);
    // Issue 18: an admin's /dashboard is the operations dashboard; the profile has its own page.
    await adminPage.goto('/dashboard/profile');
    await expect(adminPage.getByLabel('Pharmacist registration number')).toHaveValue(
      'KA/PH/2019/04512',
    );
    const admin = await apiCall<{ name: string; pharmacistRegistrationNumber: string }>(
      request,
      'GET',
      '/api/user/myProfile',
      { token },
    );

    // The order page offers only what the state machine allows: no Dispatched before approval.
    await adminPage.goto(`/order/${orderId}`);
    const status = adminPage.getByLabel('Order status');
    await expect(status.locator('option')).toHaveText(['Waiting To Accept', 'Cancelled']);
    const panel = panelOf(adminPage);
    const lines = panel.getByRole('list', { name: 'Order lines' });
    const line = (name: string) =>
      lines.getByRole('listitem').filter({ has: adminPage.getByText(name, { exact: true }) });
    await expect(line(h1.name)).toContainText('Prescription required');
    await expect(line(first.name)).toContainText('Duplicate therapy');
    await expect(line(second.name)).toContainText('Duplicate therapy');

    // Approval asks for the prescription transcribed beside its files (issue 31).
    const form = panel.getByRole('form', { name: 'Transcribe and approve' });
    await form.getByRole('button', { name: 'Approve' }).click();
    await expect(
      form.getByText("Please enter the prescriber's name (2 to 120 characters)."),
    ).toBeVisible();
    const axe = await new AxeBuilder({ page: adminPage })
      .include('form[aria-label="Transcribe and approve"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
      [],
    );
    await form.getByLabel("Prescriber's name").fill('Dr. Meera Rao');
    await form.getByLabel('Qualification').fill('MBBS');
    await form.getByLabel('Registration number').fill('KMC 45678');
    await form.getByLabel('Council').fill('Karnataka Medical Council');
    // Today: a Schedule H1 prescription is valid for a shorter time.
    await form.getByLabel('Date of issue').fill(new Date().toISOString().slice(0, 10));
    const prescribed = form.getByRole('group');
    for (let index = 0; index < (await prescribed.count()); index += 1) {
      const group = prescribed.nth(index);
      await group.getByLabel('Dose').fill('1 tablet');
      await group.getByLabel('Frequency').fill('Twice a day');
      await group.getByLabel('Duration (days)').fill('5');
    }
    await form.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText('Prescription approved').first()).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(panel).toContainText(
      `Approved by ${admin.name} (Reg. no ${admin.pharmacistRegistrationNumber})`,
    );
    await expect(panel).toContainText('Dr. Meera Rao (Reg. no KMC 45678)');
    await expect(status.locator('option')).toHaveText(['Accepted', 'Packing', 'Cancelled']);

    // The customer reads who approved it.
    await customerPage.goto(`/order/${orderId}`);
    await expect(
      customerPage.getByText(
        `Approved by pharmacist ${admin.name} (Reg. no ${admin.pharmacistRegistrationNumber})`,
      ),
    ).toBeVisible();

    // Packing, then Dispatched: the H1 line goes into the register.
    await status.selectOption({ label: 'Packing' });
    await expect(adminPage.getByText('Order status updated successfully')).toBeVisible();
    await expect(status.locator('option')).toHaveText(['Packing', 'Dispatched', 'Cancelled']);
    await status.selectOption({ label: 'Dispatched' });
    await expect(status).toHaveValue('6');
    await adminPage.goto('/dashboard');
    await adminPage.getByRole('link', { name: 'H1 Register' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'H1 Register' })).toBeVisible();
    const row = adminPage
      .getByRole('table', { name: /^Schedule H1 register from/ })
      .getByRole('row')
      .filter({ has: adminPage.getByRole('link', { name: `#${orderId}`, exact: true }) });
    await expect(row).toContainText(h1.name);
    // No patient was chosen at upload: the register names the member (issue 31).
    await expect(row).toContainText(customer.user.name);
    await expect(row).toContainText('Reg. no KMC 45678');
    await expect(row).toContainText(`Reg. no ${admin.pharmacistRegistrationNumber}`);
    for (const page of [customerPage, adminPage]) await page.context().close();
  });

  test('a per-order limit stops the quantity and the stepper; a Schedule X product has no cart button @phone', async ({
    browser,
    request,
  }) => {
    const products = await catalogue(request);
    const limited = products.find(
      (p) => p.maxUnitsPerOrder !== null && p.quantity > p.maxUnitsPerOrder + 1,
    );
    if (!limited?.maxUnitsPerOrder) throw new Error('the demo catalogue has no limited product');
    const limit = limited.maxUnitsPerOrder;

    // A guest: the product page says the limit and refuses more.
    const page = await browser.newPage();
    await page.goto(`/product/${limited.id}`);
    await expect(page.getByText(`Limited to ${limit} per order`)).toBeVisible();
    await page.getByLabel('Quantity').fill(String(limit + 1));
    await expect(
      page.getByText(`${limited.name} is limited to ${limit} units per order.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
    await page.getByLabel('Quantity').fill(String(limit));
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('button', { name: 'View cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    const plus = drawer.getByRole('button', { name: `Increase quantity of ${limited.name}` });
    await expect(plus).toBeDisabled();
    await expect(plus).toHaveAttribute('title', `Limited to ${limit} per order`);
    await page.close();

    // Schedule X: sold only at the counter.
    const token = await adminToken(request);
    const template = products.find((p) => p.saltCompositionId !== null)!;
    const name = `E2E Schedule X ${Date.now()}-${process.pid}`;
    await apiCall(request, 'POST', '/api/product', {
      token,
      multipart: {
        name,
        maximumRetailPrice: '120',
        offerPrice: '110',
        divisionId: String(template.divisionId),
        manufacturerId: String(template.manufacturerId),
        saltCompositionId: String(template.saltCompositionId),
        scheduleCode: 'X',
        prescription: 'true',
        isActive: 'true',
        quantity: '20',
        batchNumber: 'E2E-X-1',
        expiryDate: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    const shop = await browser.newPage();
    await shop.goto(`/shop?search=${encodeURIComponent(name)}`);
    const card = shop.getByRole('main').getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('Schedule X');
    await expect(card).toContainText('This medicine cannot be ordered online.');
    await expect(card.getByRole('button')).toHaveCount(0);
    await card.getByRole('link', { name }).click();
    await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
    // The product's own note comes first (substitutes of the same salt may be Schedule X too).
    await expect(shop.getByText('This medicine cannot be ordered online.').first()).toBeVisible();
    await expect(shop.getByRole('button', { name: 'Add To Cart' })).toHaveCount(0);
    await shop.close();
  });
});
