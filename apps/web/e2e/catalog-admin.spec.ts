import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Catalogue administration (spec §2 / §5 / §7) as the demo admin: a product with two images is
 * created, edited, found in the shop and deleted; divisions need an image; an entry still in use
 * cannot be deleted.
 */
const ADMIN = { email: 'admin@medikart.example', password: 'Admin@123' };

// 1×1 PNG files (the server checks the bytes, not only the name).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** A calendar day `days` from today, as a date input takes it (yyyy-MM-dd, UTC). */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function signInAsAdmin(page: Page, request: APIRequestContext) {
  const response = await request.post('/api/auth/login', { data: ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return token;
}

test.describe('catalogue administration', () => {
  test('adds a product with two images, edits its price, sees it in the shop and deletes it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, request);
    const name = `E2E Paracetamol ${Date.now()}`;

    await page.goto('/dashboard/product');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Product' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/product\/add$/);
    const form = page.getByRole('form', { name: 'Product form' });
    // Issue 15: the quantity is the opening stock, received as the product's first batch.
    const openingStock = form.getByRole('group', { name: 'Opening stock' });
    await expect(openingStock.getByLabel('Quantity')).toHaveValue('1');

    // Spec §5 messages on an empty submit.
    await form.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Form validation failed')).toBeVisible();
    for (const message of [
      'Name is required',
      'MRP must be greater than 50',
      'Offer Price must be greater than 50',
      'Division is required',
      'Manufacturer is required',
      'Salt Composition is required',
      'Batch number is required',
      'Expiry date is required',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }

    await form.getByLabel('Name').fill(name);
    await form.getByLabel('MRP').fill('120');
    await form.getByLabel('Offer Price').fill('130');
    await form.getByLabel('Division').selectOption({ label: 'Pain Relief' });
    await form.getByLabel('Manufacturer').selectOption({ label: 'Micro Labs' });
    await form.getByLabel('Salt Composition').selectOption({ label: 'Paracetamol (650mg)' });
    await openingStock.getByLabel('Quantity').fill('40');
    await openingStock.getByLabel('Batch number').fill('E2E-OPEN-1');
    await openingStock.getByLabel('Expiry date').fill(inDays(400));
    await openingStock.getByLabel('Supplier (optional)').fill('Apex Distributors');
    await form.getByRole('button', { name: 'Create Product' }).click();
    await expect(form.getByText('Offer Price must be less than MRP')).toBeVisible();

    await form.getByLabel('Offer Price').fill('99.50');
    await form.getByLabel('Images').setInputFiles([image('front.png'), image('back.png')]);
    await expect(form.getByRole('img', { name: 'New image front.png' })).toBeVisible();
    await expect(form.getByRole('img', { name: 'New image back.png' })).toBeVisible();
    await form.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/product$/);

    // The admin list finds it (search box), then its edit form changes the price.
    await page.getByLabel('Search the product list').fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: '₹99.50' })).toBeVisible();
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
    const edit = page.getByRole('form', { name: 'Product form' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    // Stock is shown, not edited: the opening batch made it 40 sellable units.
    await expect(edit.getByLabel('Quantity')).toHaveCount(0);
    await expect(edit.getByLabel('Sellable stock')).toHaveText('40 units');
    await expect(
      page.getByRole('table', { name: 'Batches, first to expire first' }).getByRole('row', {
        name: /E2E-OPEN-1/,
      }),
    ).toContainText('Apex Distributors');
    await expect(edit.getByRole('img', { name: /^Stored image/ })).toHaveCount(2);
    await edit.getByRole('button', { name: 'Remove image 2' }).click();
    await edit.getByLabel('Offer Price').fill('89.90');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();

    // The shop shows the new price; the product page has the one kept image.
    await page.goto(`/shop?search=${encodeURIComponent(name)}`);
    const card = page.getByRole('main').getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('₹89.90');
    await expect(card).toContainText('₹120.00');
    await card.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Show image/ })).toHaveCount(0);

    // Delete with confirmation.
    await page.goto(`/dashboard/product?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete product?' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully')).toBeVisible();
    // The search forgives, so other Paracetamol products may stay listed; this one is gone.
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    const left = await request.get(`/api/product/all?search=${encodeURIComponent(name)}`);
    const { productList } = (await left.json()) as { productList: Array<{ name: string }> };
    expect(productList.map((product) => product.name)).not.toContain(name);
  });

  test('lists inactive products with a badge and stock rules', async ({ page, request }) => {
    await signInAsAdmin(page, request);
    await page.goto('/dashboard/product');
    await expect(page.getByText(/^Showing: 1-25 of \d+ products$/)).toBeVisible();
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Division',
      'Manufacturer',
      'Salt Composition',
      'MRP',
      'Offer Price',
      'Available Stock',
      'Rx',
      'Actions',
    ]);
    // The header search drives the admin list on this page (no dropdown).
    await page.getByRole('combobox', { name: 'Search products' }).pressSequentially('econorm', {
      delay: 30,
    });
    await expect(page).toHaveURL(/\/dashboard\/product\?search=econorm$/);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(table.getByText('Not Available').first()).toBeVisible();

    // Inactive products are listed for admins, marked as such (DECISIONS).
    await page.goto('/dashboard/product?search=cold');
    await expect(
      page
        .getByRole('row')
        .filter({ has: page.getByText('Inactive', { exact: true }) })
        .first(),
    ).toBeVisible();
  });

  test('a new division needs an image', async ({ page, request }) => {
    await signInAsAdmin(page, request);
    await page.goto('/dashboard/divisions/add');
    const form = page.getByRole('form', { name: 'Add division' });
    await form.getByLabel('Name').fill(`E2E Division ${Date.now()}`);
    await form.getByRole('button', { name: 'Add Division' }).click();
    await expect(form.getByText('Please upload an image')).toBeVisible();

    await form.getByLabel('Image').setInputFiles(image('division.png'));
    await form.getByRole('button', { name: 'Add Division' }).click();
    await expect(page.getByText('Division created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/divisions$/);
  });

  test('on the list pages an admin edits in a dialog and cannot delete an entry in use', async ({
    page,
    request,
  }) => {
    await signInAsAdmin(page, request);
    await page.goto('/manufacturers');
    await expect(page.getByRole('heading', { level: 1, name: 'Manufacturers' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Micro Labs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Manufacturer' });
    await expect(dialog.getByLabel('Name')).toHaveValue('Micro Labs');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete manufacturer?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(
      confirm.getByText(/is used by \d+ products? and cannot be deleted\./),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    // Add, rename and delete an unused one.
    const name = `E2E Maker ${Date.now()}`;
    await page.getByRole('button', { name: 'Add Manufacturer' }).click();
    const add = page.getByRole('dialog', { name: 'Add Manufacturer' });
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Add Manufacturer' }).click();
    await expect(page.getByText('Manufacturer created successfully')).toBeVisible();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Manufacturer' });
    await edit.getByLabel('Name').fill(`${name} Ltd`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Manufacturer updated successfully')).toBeVisible();
    await page.getByRole('button', { name: `Edit ${name} Ltd` }).click();
    await page
      .getByRole('dialog', { name: 'Edit Manufacturer' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete manufacturer?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Manufacturer deleted successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${name} Ltd` })).toHaveCount(0);
  });
});
