import { parse } from 'csv-parse/sync';
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MAX_BYTES,
  type CatalogImportPreview,
} from '@pharmacy/shared';
import {
  auditLog,
  divisions,
  manufacturers,
  products,
  saltCompositions,
} from '../src/db/schema/index';
import {
  createDivision,
  createManufacturer,
  createProduct,
  createSalt,
  productFormFields,
  productEditFields,
  type CatalogBasics,
} from './catalog-factories';
import { createAdmin, createUser, multipart, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const HEADER = Object.values(CATALOG_CSV_COLUMNS);

describe(`catalogue CSV export and import (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let basics: CatalogBasics;
  const ids = { dolo: 0, hidden: 0, formula: 0 };

  const db = () => t.database.db;
  const exportCsv = (user: TestUser | null = admin) =>
    t.app.inject({
      method: 'GET',
      url: '/api/catalog/products.csv',
      headers: user ? user.auth : {},
    });
  const send = (url: string, csv: string | Buffer, user: TestUser | null = admin) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(user ? user.auth : {}), 'content-type': 'text/csv' },
      payload: csv,
    });
  const preview = async (csv: string | Buffer) => {
    const response = await send('/api/catalog/import/preview', csv);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CatalogImportPreview>();
  };
  const importCsv = (csv: string | Buffer, token: string) =>
    send(`/api/catalog/import?previewToken=${token}`, csv);

  /** What an import must never change unless it says so: every product column, stock included. */
  const snapshot = async () => ({
    products: await db().select().from(products).orderBy(products.id),
    divisions: (await db().select({ n: count() }).from(divisions))[0]?.n,
    manufacturers: (await db().select({ n: count() }).from(manufacturers))[0]?.n,
    salts: (await db().select({ n: count() }).from(saltCompositions))[0]?.n,
    audit: (await db().select({ n: count() }).from(auditLog))[0]?.n,
  });

  const exportedRecords = async () => {
    const response = await exportCsv();
    expect(response.statusCode, response.body).toBe(200);
    return parse(response.body, { bom: true }) as string[][];
  };

  /** A file in the export's columns: each row's cells by header, the others empty. */
  const fileOf = (rows: Array<Partial<Record<string, string>>>, eol = '\n') =>
    [HEADER, ...rows.map((row) => HEADER.map((column) => row[column] ?? ''))]
      .map((cells) =>
        cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)),
      )
      .map((cells) => cells.join(','))
      .join(eol) + eol;

  const newRow = (name: string, extra: Partial<Record<string, string>> = {}) => ({
    Name: name,
    Division: 'Pain Relief',
    Manufacturer: 'Micro Labs',
    'Salt composition': 'Paracetamol (650mg)',
    'Offer price': '90',
    MRP: '100',
    Schedule: 'OTC',
    ...extra,
  });

  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    admin = await createAdmin(t);
    customer = await createUser(t, { email: 'asha@example.com' });
    const division = await createDivision(db(), 'Pain Relief');
    const manufacturer = await createManufacturer(db(), 'Micro Labs');
    const salt = await createSalt(db(), 'Paracetamol (650mg)');
    basics = {
      divisionId: division.id,
      manufacturerId: manufacturer.id,
      saltCompositionId: salt.id,
    };
    ids.dolo = (
      await createProduct(db(), basics, {
        name: 'Dolo 650 Tablet',
        quantity: 40,
        description: 'Fever, pain.\nTake with water, "after food".',
        hsnCode: '30049099',
        gstRate: 12,
        maxUnitsPerOrder: 6,
        dosageForm: 'Tablet',
      })
    ).id;
    ids.hidden = (
      await createProduct(db(), basics, { name: 'Old Syrup', isActive: false, quantity: 0 })
    ).id;
    // A product without a salt (a device) exports with an empty cell and comes back unchanged.
    await createProduct(db(), basics, { name: 'Digital Thermometer', saltCompositionId: null });
    // The catalogue may hold two products of one name: a round trip keeps both, by their IDs.
    for (const strength of ['250mg', '500mg'])
      await createProduct(db(), basics, { name: 'Twin Name', strength });
    ids.formula = (
      await createProduct(db(), basics, {
        name: '=HYPERLINK("http://evil.example")',
        scheduleCode: 'H',
        prescription: true,
      })
    ).id;
  });
  afterAll(async () => t?.close());

  it('is for admins only', async () => {
    expect((await exportCsv(null)).statusCode).toBe(401);
    expect((await exportCsv(customer)).statusCode).toBe(403);
    const csv = fileOf([newRow('Crocin')]);
    expect((await send('/api/catalog/import/preview', csv, null)).statusCode).toBe(401);
    expect((await send('/api/catalog/import/preview', csv, customer)).statusCode).toBe(403);
    expect(
      (await send(`/api/catalog/import?previewToken=${'0'.repeat(64)}`, csv, customer)).statusCode,
    ).toBe(403);
  });

  it('takes and answers the HSN code and GST rate on the product API, with defaults', async () => {
    const create = await multipart({
      ...productFormFields(basics, 'Taxed Tablet'),
      hsnCode: '300490',
      gstRate: '18',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { ...admin.auth, ...create.headers },
      payload: create.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/product/${id}`,
      headers: admin.auth,
    });
    expect(read.json()).toMatchObject({ hsnCode: '300490', gstRate: 18 });

    // An edit without them keeps them; a bad code or rate is refused naming the field.
    const edit = await multipart(productEditFields(basics, 'Taxed Tablet'));
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${id}`,
      headers: { ...admin.auth, ...edit.headers },
      payload: edit.payload,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const [field, value, message] of [
      ['hsnCode', '30049', 'hsnCode: HSN code must be 4, 6 or 8 digits.'],
      ['gstRate', '7', 'gstRate: GST rate must be 0, 5, 12, 18, 28 or 40 %.'],
    ] as const) {
      const bad = await multipart({ ...productEditFields(basics, 'Taxed Tablet'), [field]: value });
      const refused = await t.app.inject({
        method: 'PATCH',
        url: `/api/product/${id}`,
        headers: { ...admin.auth, ...bad.headers },
        payload: bad.payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(message);
    }
    const [row] = await db().select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ hsnCode: '300490', gstRate: 18 });

    const plain = await multipart(productFormFields(basics, 'Plain Tablet'));
    const plainCreated = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { ...admin.auth, ...plain.headers },
      payload: plain.payload,
    });
    const plainId = plainCreated.json<{ id: number }>().id;
    const plainRead = await t.app.inject({ method: 'GET', url: `/api/product/${plainId}` });
    expect(plainRead.json()).toMatchObject({ hsnCode: '3004', gstRate: 5 });
  });

  it('exports every product with names, rupees, tax fields and stock, formula-safe', async () => {
    const response = await exportCsv();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="catalogue.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    // One line ending throughout: LF (the CRLF below is none).
    expect(response.body.includes('\r\n')).toBe(false);
    const [header, ...rows] = await exportedRecords();
    expect(header).toEqual(HEADER);
    const total = (await db().select({ n: count() }).from(products))[0]?.n;
    expect(rows).toHaveLength(total ?? -1);
    const byId = new Map(
      rows.map((row) => [Number(row[0]), Object.fromEntries(HEADER.map((h, i) => [h, row[i]]))]),
    );
    expect(byId.get(ids.dolo)).toEqual({
      ID: String(ids.dolo),
      Name: 'Dolo 650 Tablet',
      Division: 'Pain Relief',
      Manufacturer: 'Micro Labs',
      'Salt composition': 'Paracetamol (650mg)',
      'Offer price': '90.00',
      MRP: '100.00',
      Schedule: 'OTC',
      Prescription: 'no',
      'Max units per order': '6',
      'Dosage form': 'Tablet',
      Strength: '',
      'Pack size': '',
      Description: 'Fever, pain.\nTake with water, "after food".',
      'HSN code': '30049099',
      'GST rate': '12',
      'Reorder level': '5',
      Active: 'yes',
      Returnable: 'yes',
      Stock: '40',
    });
    expect(byId.get(ids.hidden)).toMatchObject({ Active: 'no', Stock: '0' });
    expect(byId.get(ids.formula)).toMatchObject({
      Name: `'=HYPERLINK("http://evil.example")`,
      Schedule: 'H',
      Prescription: 'yes',
    });
  });

  it('round trip: the exported file imports with 0 changes and writes nothing', async () => {
    const file = (await exportCsv()).rawPayload;
    const before = await snapshot();
    const planned = await preview(file);
    expect(planned).toMatchObject({
      rows: before.products.length,
      toCreate: 0,
      toUpdate: 0,
      unchanged: before.products.length,
      refused: 0,
      refusedRows: [],
      newDivisions: 0,
      newManufacturers: 0,
      newSaltCompositions: 0,
    });
    const imported = await importCsv(file, planned.previewToken);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 0, updated: 0 });
    // Not a product, a name or an audit entry: a file that changes nothing writes nothing.
    expect(await snapshot()).toEqual(before);
  });

  it("a file without the Returnable column (written before issue 19) keeps each product's flag", async () => {
    await db().update(products).set({ returnable: false }).where(eq(products.id, ids.dolo));
    const records = await exportedRecords();
    const column = (records[0] as string[]).indexOf(CATALOG_CSV_COLUMNS.returnable);
    expect(column).toBeGreaterThan(0);
    const older = records
      .map((cells) => cells.filter((_, index) => index !== column))
      .map((cells) =>
        cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)),
      )
      .map((cells) => cells.join(','))
      .join('\n');
    const before = await snapshot();
    const planned = await preview(older);
    expect(planned).toMatchObject({ toCreate: 0, toUpdate: 0, refused: 0 });
    const imported = await importCsv(older, planned.previewToken);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await snapshot()).toEqual(before);
    await db().update(products).set({ returnable: true }).where(eq(products.id, ids.dolo));
  });

  it('refuses bad rows with their line and reason, counting lines inside quotes, and writes nothing', async () => {
    const before = await snapshot();
    const csv = fileOf([
      newRow('Crocin Advance'), // line 2
      newRow('Combiflam', { Description: 'Line one\nline two\nline three' }), // lines 3-5
      newRow('Too Dear', { 'Offer price': '120', MRP: '100' }), // line 6
      newRow('Odd Schedule', { Schedule: 'Q' }), // line 7
      newRow('crocin advance'), // line 8
      { ...newRow('Ghost'), ID: '999999' }, // line 9
      newRow('Garbage Price', { 'Offer price': 'ninety' }), // line 10
      newRow('Bad Tax', { 'HSN code': '300', 'GST rate': '5' }), // line 11
      { ...newRow('Dolo Twice'), ID: String(ids.dolo) }, // line 12
      { ...newRow('Dolo Again'), ID: String(ids.dolo) }, // line 13
      newRow('Wrong Rate', { 'GST rate': '7' }), // line 14
      newRow('Negative', { MRP: '-100' }), // line 15
      newRow('Twin Name'), // line 16
    ]);
    const planned = await preview(csv);
    expect(planned).toMatchObject({ rows: 13, toCreate: 2, toUpdate: 1, refused: 10 });
    expect(planned.refusedRows).toEqual([
      { line: 6, reason: 'Offer Price must be less than MRP.' },
      { line: 7, reason: 'Schedule “Q” is not a known schedule (OTC, H, H1, X).' },
      { line: 8, reason: 'The name “crocin advance” is also on line 2.' },
      {
        line: 9,
        reason: 'No product has the ID 999999: leave the ID empty to add a new product.',
      },
      { line: 10, reason: 'Offer Price must be greater than 50.' },
      { line: 11, reason: 'HSN code must be 4, 6 or 8 digits.' },
      { line: 13, reason: `The product with ID ${ids.dolo} is also on line 12.` },
      { line: 14, reason: 'GST rate must be 0, 5, 12, 18, 28 or 40 %.' },
      { line: 15, reason: 'MRP must be greater than 50.' },
      { line: 16, reason: '2 products are named “Twin Name”: give the ID of the one to change.' },
    ]);

    const refused = await importCsv(csv, planned.previewToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Nothing was imported: fix the refused rows and preview the file again.',
      refused: 10,
      refusedRows: planned.refusedRows,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('reads a BOM and CRLF from a multipart upload, and a row of the wrong width is refused', async () => {
    const csv = `\uFEFF${fileOf([newRow('Saridon', { Description: 'a\r\nb' }), newRow('Disprin')], '\r\n')}short,row\r\n`;
    const form = await multipart({}, [
      { field: 'file', name: 'catalogue.csv', type: 'text/csv', content: Buffer.from(csv) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/import/preview',
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      toCreate: 2,
      refused: 1,
      refusedRows: [{ line: 5, reason: `This row has 2 cells; the header has ${HEADER.length}.` }],
    });
  });

  it('creates and updates, making missing divisions, makers and salts by name (ignoring case)', async () => {
    const [dolo] = await db().select().from(products).where(eq(products.id, ids.dolo));
    const csv = fileOf([
      newRow('Saridon', {
        Division: 'pain relief',
        Manufacturer: 'Bayer Consumer',
        'Salt composition': 'Propyphenazone + Paracetamol + Caffeine',
        'HSN code': '30049011',
        'GST rate': '12',
        Schedule: 'h',
        'Max units per order': '3',
        Active: 'no',
        'Reorder level': '20',
        Stock: '999',
      }),
      {
        ...newRow('Dolo 650 Tablet', { 'Offer price': '85.50', Division: 'Fever Care' }),
        ID: String(ids.dolo),
        Stock: '1',
      },
      { ...newRow('Old Syrup'), ID: String(ids.hidden), Active: 'yes' },
    ]);
    const planned = await preview(csv);
    expect(planned).toMatchObject({
      rows: 3,
      toCreate: 1,
      toUpdate: 2,
      unchanged: 0,
      refused: 0,
      newDivisions: 1,
      newManufacturers: 1,
      newSaltCompositions: 1,
    });
    // Preview wrote nothing.
    expect(
      (await db().select().from(divisions).where(eq(divisions.name, 'Fever Care'))).length,
    ).toBe(0);

    const imported = await importCsv(csv, planned.previewToken);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      message: 'Imported: 1 created, 2 updated, 0 unchanged.',
      created: 1,
      updated: 2,
      unchanged: 0,
    });

    const [saridon] = await db().select().from(products).where(eq(products.name, 'Saridon'));
    expect(saridon).toMatchObject({
      divisionId: basics.divisionId,
      offerPriceMinor: 9000,
      maximumRetailPriceMinor: 10000,
      scheduleCode: 'H',
      prescription: true,
      maxUnitsPerOrder: 3,
      isActive: false,
      hsnCode: '30049011',
      gstRate: 12,
      reorderLevel: 20,
      // Stock comes from batches only: the file's Stock column is ignored.
      quantity: 0,
      searchText: expect.stringContaining('bayer consumer'),
    });
    const [maker] = await db()
      .select()
      .from(manufacturers)
      .where(eq(manufacturers.id, saridon!.manufacturerId));
    expect(maker?.name).toBe('Bayer Consumer');

    const [doloAfter] = await db().select().from(products).where(eq(products.id, ids.dolo));
    const [fever] = await db().select().from(divisions).where(eq(divisions.name, 'Fever Care'));
    expect(doloAfter).toMatchObject({
      offerPriceMinor: 8550,
      divisionId: fever?.id,
      quantity: dolo?.quantity,
      // Cells left empty take the defaults, as for a new product.
      hsnCode: '3004',
      description: null,
    });
    const [hidden] = await db().select().from(products).where(eq(products.id, ids.hidden));
    expect(hidden?.isActive).toBe(true);

    // Shoppers see it at once: the catalogue caches were told.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/product/all?search=old%20syrup',
    });
    expect(listed.json<{ productList: { id: number }[] }>().productList.map((p) => p.id)).toContain(
      ids.hidden,
    );

    const [entry] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'catalog.imported',
      actorUserId: admin.id,
      entityType: 'catalogue',
      details: expect.objectContaining({
        rows: 3,
        created: 1,
        updated: 2,
        unchanged: 0,
        pricesChanged: 1,
        newDivisions: ['Fever Care'],
        newManufacturers: ['Bayer Consumer'],
      }),
    });
  });

  it('imports only the previewed file (409 otherwise) and asks for the preview token', async () => {
    const previewed = fileOf([newRow('Vicks Action 500')]);
    const other = fileOf([newRow('Vicks Action 500', { 'Offer price': '55' })]);
    const planned = await preview(previewed);
    const before = await snapshot();
    const changed = await importCsv(other, planned.previewToken);
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ message: string }>().message).toBe(
      'The file is not the one that was previewed. Preview it again before importing.',
    );
    const noToken = await send('/api/catalog/import', previewed);
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json<{ message: string }>().message).toContain('previewToken');
    expect(await snapshot()).toEqual(before);
  });

  it('answers a clear 400 for a file that is not a catalogue, and 413 over the size limit', async () => {
    const cases: Array<[string, string]> = [
      ['', 'file: Please choose a CSV file.'],
      [
        `${HEADER.join(',')}\n`,
        'file: The file is empty: it needs a header row and at least one product.',
      ],
      ['Name,Price\nX,1\n', 'file: The column “Price” is not a catalogue column.'],
      [`${HEADER.join(',')}\n"unclosed,1\n`, 'file: The file is not valid CSV'],
      [
        `${HEADER.filter((h) => h !== 'Schedule').join(',')}\n`,
        'file: The header has no “Schedule” column.',
      ],
    ];
    for (const [csv, message] of cases) {
      const response = await send('/api/catalog/import/preview', csv);
      expect(response.statusCode, csv).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const huge = Buffer.alloc(CATALOG_CSV_MAX_BYTES + 1, 'a');
    const tooBig = await send('/api/catalog/import/preview', huge);
    expect(tooBig.statusCode).toBe(413);
  });

  it('is documented in the OpenAPI document with the answers it gives', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: object }>>;
    };
    for (const [path, method, statuses] of [
      ['/api/catalog/products.csv', 'get', ['200', '401', '403']],
      ['/api/catalog/import/preview', 'post', ['200', '400', '401', '403', '413']],
      ['/api/catalog/import', 'post', ['200', '400', '401', '403', '409', '413']],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags, path).toEqual(['catalogue']);
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining([...statuses]),
      );
    }
  });

  it('keeps the database consistent: no product without its search text', async () => {
    const rows = await db().execute(
      sql`select count(*)::int as n from ${products} where ${products.searchText} = ''`,
    );
    const n = (Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0] as {
      n: number;
    };
    expect(n.n).toBe(0);
  });
});
