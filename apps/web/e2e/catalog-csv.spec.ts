import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Issue 18 point 4: the admin imports a catalogue CSV. A file with one bad row is previewed, the
 * row is named (line and reason) and nothing can be imported; the fixed file is previewed again
 * and imported, and the new products are in the product list. Also: the product table fits a
 * 1366 px screen with its Actions column whole.
 */
const ADMIN = { email: 'admin@medikart.example', password: 'Admin@123' };
const HEADER =
  'ID,Name,Division,Manufacturer,Salt composition,Offer price,MRP,Schedule,Prescription,Max units per order,Dosage form,Strength,Pack size,Description,HSN code,GST rate,Reorder level,Active,Stock';

async function signInAsAdmin(page: Page, request: APIRequestContext) {
  const response = await request.post('/api/auth/login', { data: ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

const csvFile = (name: string, rows: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`),
});

test.describe('catalogue CSV', () => {
  test('the product table shows its Actions whole at 1366 px', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAsAdmin(page, request);
    await page.goto('/dashboard/product');
    const table = page.getByRole('region', { name: 'Products table' });
    // The first listing of a fresh server can take a while (its caches are cold).
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible({
      timeout: 30_000,
    });
    // Nothing to scroll sideways: every column is inside the table's box.
    expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    const rows = table.getByRole('row');
    // The header and at least three products (a count of 1 would leave the loop nothing to check).
    await expect(rows.nth(3)).toBeVisible();
    for (let index = 1; index <= 3; index += 1) {
      for (const action of [
        rows.nth(index).getByRole('link', { name: /^Edit / }),
        rows.nth(index).getByRole('button', { name: /^Delete / }),
      ]) {
        const box = await action.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
        await expect(action).toBeInViewport({ ratio: 1 });
      }
    }
  });

  test('imports a CSV after fixing the row its preview refused @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page, request);
    const stamp = Date.now();
    const first = `E2E Import Tablet ${stamp}`;
    const second = `E2E Import Syrup ${stamp}`;
    const third = `E2E Import Gel ${stamp}`;
    const good = [
      `,${first},E2E Division ${stamp},Micro Labs,Paracetamol (650mg),90,100,OTC,no,,Tablet,650mg,Strip of 10,,3004,5,5,yes,`,
      // A description over two lines: the next record starts two lines further down.
      `,${second},Pain Relief,E2E Maker ${stamp},Paracetamol (650mg),80,95,OTC,no,,Syrup,,,"Shake well,\r\nthen measure",3004,12,5,yes,`,
    ];

    await page.goto('/dashboard/product');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page).toHaveURL(/\/dashboard\/product\/import$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();

    // Preview without a file: said under the field.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Please choose a CSV file.')).toBeVisible();

    const fileInput = page.getByLabel('CSV file');
    await fileInput.setInputFiles(
      csvFile('catalogue.csv', [
        ...good,
        `,${third},Pain Relief,Micro Labs,Paracetamol (650mg),150,120,OTC,no,,Gel,,,,3004,5,5,yes,`,
      ]),
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    const refused = page.getByRole('region', { name: 'Refused rows', exact: true });
    await expect(refused).toBeVisible();
    // Line 5: the header, the first row, the second row over lines 3 and 4, then this one.
    await expect(
      refused.getByRole('row', { name: '5 Offer Price must be less than MRP.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import / })).toHaveCount(0);

    // The fixed file, previewed again, then imported.
    await fileInput.setInputFiles(
      csvFile('catalogue-fixed.csv', [
        ...good,
        `,${third},Pain Relief,Micro Labs,Paracetamol (650mg),110,120,OTC,no,,Gel,,,,3004,5,5,yes,`,
      ]),
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(
      page.getByRole('heading', { name: /Preview of catalogue-fixed\.csv: 3 rows/ }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Refused rows', exact: true })).toHaveCount(0);
    await expect(
      page.getByText('New names will be added: 1 division, 1 manufacturer.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Import 3 rows' }).click();

    const done = page.getByRole('region', { name: 'Import complete' });
    await expect(done).toBeVisible();
    await expect(done.getByText('Created')).toBeVisible();
    await done.getByRole('link', { name: 'Back to products' }).click();
    await expect(page).toHaveURL(/\/dashboard\/product$/);
    await page.getByRole('searchbox', { name: 'Search the product list' }).fill(`E2E Import`);
    const table = page.getByRole('region', { name: 'Products table' });
    for (const name of [first, second, third])
      await expect(table.getByRole('link', { name, exact: true })).toBeVisible({
        timeout: 30_000,
      });
  });
});
