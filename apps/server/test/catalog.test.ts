import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PRODUCT_QUANTITY_NOT_EDITABLE, addDays, utcDay } from '@pharmacy/shared';
import { productImages, products } from '../src/db/schema/index';
import {
  createBasics,
  createManufacturer,
  createProduct,
  createSalt,
  setUnitsSold,
  type CatalogBasics,
} from './catalog-factories';
import { createAdmin, createUser, multipart, TINY_PNG, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

type Listed = { id: number; name: string; offerPrice: number; isActive: boolean };

describe(`catalogue reads (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  const ids = { dolo: 0, calpol: 0, crocin: 0, azee: 0, hidden: 0, pct: 0 };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = await createAdmin(t);
    basics = await createBasics(db);
    const cipla = await createManufacturer(db, 'Cipla Ltd');
    const paracetamol = await createSalt(db, 'Paracetamol (650mg)');
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    ids.dolo = (
      await createProduct(
        db,
        { ...basics, saltCompositionId: paracetamol.id },
        {
          name: 'Dolo 650 Tablet',
          offerPriceMinor: 3050,
          maximumRetailPriceMinor: 3400,
          createdAt: day(1),
        },
      )
    ).id;
    ids.calpol = (
      await createProduct(
        db,
        { ...basics, saltCompositionId: paracetamol.id },
        {
          name: 'Calpol 650 Tablet',
          offerPriceMinor: 2500,
          maximumRetailPriceMinor: 3000,
          createdAt: day(2),
        },
      )
    ).id;
    ids.crocin = (
      await createProduct(
        db,
        { ...basics, saltCompositionId: paracetamol.id, manufacturerId: cipla.id },
        {
          name: 'Crocin Advance Tablet',
          offerPriceMinor: 5500,
          maximumRetailPriceMinor: 6000,
          createdAt: day(3),
        },
      )
    ).id;
    ids.azee = (
      await createProduct(
        db,
        { ...basics, manufacturerId: cipla.id },
        {
          name: 'Azee 500 Tablet',
          offerPriceMinor: 11900,
          maximumRetailPriceMinor: 12500,
          prescription: true,
          createdAt: day(4),
        },
      )
    ).id;
    ids.hidden = (
      await createProduct(db, basics, {
        name: 'Old Dolo Syrup',
        isActive: false,
        createdAt: day(5),
      })
    ).id;
    ids.pct = (
      await createProduct(db, basics, { name: '100% Pure Glycerin', createdAt: day(6) })
    ).id;
  });
  afterAll(async () => t.close());

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/all?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      productList: Listed[];
      pagination: { page: number; pageCount: number; rowCount: number; pageSize: number };
    };
  };

  it('lists active products newest first with the spec pagination', async () => {
    const body = await list('');
    expect(body.productList.map((p) => p.id)).toEqual([
      ids.pct,
      ids.azee,
      ids.crocin,
      ids.calpol,
      ids.dolo,
    ]);
    expect(body.pagination).toEqual({ page: 1, pageCount: 1, rowCount: 5, pageSize: 25 });
    const first = (await t.app.inject({ method: 'GET', url: '/api/product/all' })).json()
      .productList[0];
    expect(first).toMatchObject({
      images: [{ url: expect.stringMatching(/^\/uploads\//) }],
      division: { name: expect.any(String) },
      manufacturer: { id: expect.any(Number) },
    });
  });

  it('sorts four ways and pages', async () => {
    expect((await list('orderBy=createdAt&orderType=asc')).productList[0]?.id).toBe(ids.dolo);
    expect((await list('orderBy=offerPrice&orderType=desc')).productList[0]?.id).toBe(ids.azee);
    expect((await list('orderBy=offerPrice&orderType=asc')).productList[0]?.id).toBe(ids.calpol);
    const page2 = await list('limit=2&page=2');
    expect(page2.productList.map((p) => p.id)).toEqual([ids.crocin, ids.calpol]);
    expect(page2.pagination).toMatchObject({ page: 2, pageCount: 3, rowCount: 5, pageSize: 2 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/product/all?orderBy=name' })).statusCode,
    ).toBe(400);
  });

  it('filters by manufacturer, salt (and its misspelt alias), and ignores -1', async () => {
    const cipla = (await list(`search=cipla`)).productList.map((p) => p.id).sort();
    expect(cipla).toEqual([ids.crocin, ids.azee].sort());
    const detail = (await t.app.inject({ method: 'GET', url: `/api/product/${ids.dolo}` })).json();
    const salt = detail.saltCompositionId as number;
    expect((await list(`saltCompositionId=${salt}`)).pagination.rowCount).toBe(3);
    expect((await list(`salCompositionId=${salt}`)).pagination.rowCount).toBe(3);
    expect(
      (await list(`divisionId=-1&manufacturerId=-1&saltCompositionId=-1`)).pagination.rowCount,
    ).toBe(5);
    expect(
      (await list(`manufacturerId=${detail.manufacturerId}&saltCompositionId=${salt}`)).pagination
        .rowCount,
    ).toBe(2);
  });

  it('searches with prefixes and typos, by relevance', async () => {
    expect((await list('search=dolo')).productList.map((p) => p.name)).toEqual(['Dolo 650 Tablet']);
    const typo = (await list('search=paracetmol')).productList.map((p) => p.id).sort();
    expect(typo).toEqual([ids.dolo, ids.calpol, ids.crocin].sort());
    expect((await list('search=CALPOL')).productList[0]?.id).toBe(ids.calpol);
    // LIKE wildcards in a term match themselves only.
    expect((await list('search=100%25')).productList.map((p) => p.id)).toEqual([ids.pct]);
    expect((await list('search=zzzzqqq')).pagination.rowCount).toBe(0);
  });

  it('hides inactive products from shoppers and shows them to admins who ask', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/product/${ids.hidden}` })).statusCode,
    ).toBe(404);
    expect((await list('includeInactive=true')).pagination.rowCount).toBe(5);
    expect((await list('includeInactive=true', admin.auth)).pagination.rowCount).toBe(6);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/${ids.hidden}`,
      headers: admin.auth,
    });
    expect(res.json()).toMatchObject({ isActive: false, name: 'Old Dolo Syrup' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/product/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No product found.');
  });

  it('answers a product with money as decimal rupees', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/${ids.dolo}` });
    expect(res.json()).toMatchObject({
      id: ids.dolo,
      offerPrice: 30.5,
      maximumRetailPrice: 34,
      quantity: 50,
      prescription: false,
    });
  });

  it('offers substitutes with the same salt, cheapest first, with the saving', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/${ids.crocin}/substitutes`,
    });
    const subs = res.json().substitutes as Array<{ id: number; savingsPerUnit: number }>;
    expect(subs.map((s) => s.id)).toEqual([ids.calpol, ids.dolo]);
    expect(subs[0]?.savingsPerUnit).toBe(30);
  });

  it('ranks top sellers by units sold, newest first before any sale', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/product/top-selling?limit=2' })
    ).json().productList as Listed[];
    expect(before.map((p) => p.id)).toEqual([ids.pct, ids.azee]);
    await setUnitsSold(t.database.db, ids.dolo, 40);
    await setUnitsSold(t.database.db, ids.hidden, 99);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/product/top-selling?limit=2' })
    ).json().productList as Listed[];
    expect(after.map((p) => p.id)).toEqual([ids.dolo, ids.pct]);
  });

  it('records a back-in-stock request for signed-in users only', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/product/${ids.dolo}/notify` })).statusCode,
    ).toBe(401);
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/product/${ids.dolo}/notify`,
      headers: user.auth,
    });
    expect(res.json()).toEqual({ message: MESSAGES.notifyWhenAvailable });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/product/${ids.dolo}/notify`,
      headers: user.auth,
    });
    expect(again.statusCode).toBe(200);
  });
});

describe(`catalogue administration (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  let member: TestUser;
  const form = (overrides: Record<string, string> = {}) => ({
    name: 'Pan 40 Tablet',
    maximumRetailPrice: '155.50',
    offerPrice: '140',
    divisionId: String(basics.divisionId),
    manufacturerId: String(basics.manufacturerId),
    saltCompositionId: String(basics.saltCompositionId),
    quantity: '30',
    batchNumber: 'PN4-0925',
    expiryDate: addDays(utcDay(), 500),
    prescription: 'true',
    ...overrides,
  });
  const png = (name = 'pack.png') => ({
    field: 'image',
    name,
    type: 'image/png',
    content: TINY_PNG,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
    member = await createUser(t);
  });
  afterAll(async () => t.close());

  it('lets only admins write the catalogue', async () => {
    const body = await multipart(form(), [png()]);
    expect((await t.app.inject({ method: 'POST', url: '/api/product', ...body })).statusCode).toBe(
      401,
    );
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: body.payload,
      headers: { ...body.headers, ...member.auth },
    });
    expect(asMember.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/manufacturer',
          headers: member.auth,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/division/1', headers: member.auth }))
        .statusCode,
    ).toBe(403);
  });

  it.each([
    [{ name: '' }, `name: ${MESSAGES.productNameRequired}`],
    [{ maximumRetailPrice: '49' }, `maximumRetailPrice: ${MESSAGES.mrpMin}`],
    [{ offerPrice: '20' }, `offerPrice: ${MESSAGES.offerPriceMin}`],
    [{ offerPrice: '160' }, `offerPrice: ${MESSAGES.offerAboveMrp}`],
    [{ divisionId: '0' }, 'divisionId: Division is required'],
    [{ manufacturerId: '-1' }, 'manufacturerId: Manufacturer is required'],
    [{ saltCompositionId: '' }, 'saltCompositionId: Salt Composition is required'],
    [{ divisionId: '999999' }, 'divisionId: Division is required'],
    [{ quantity: '0' }, 'quantity: Quantity must be at least 1'],
    [{ quantity: '2.5' }, 'quantity: Quantity must be a whole number'],
  ])('rejects product %j and stores nothing', async (overrides, message) => {
    const before = (await t.database.db.select({ id: products.id }).from(products)).length;
    const body = await multipart(form(overrides), [png()]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.database.db.select({ id: products.id }).from(products)).length).toBe(before);
  });

  it('rejects a file that is not an image by its bytes, whatever its name says', async () => {
    const body = await multipart(form(), [
      {
        field: 'image',
        name: 'evil.png',
        type: 'image/png',
        content: Buffer.from('<svg onload=alert(1)>'),
      },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('is not a JPEG, PNG, GIF or WebP image');
  });

  it('creates, edits with kept and added images, and deletes a product', async () => {
    const body = await multipart(form(), [png('a.png'), png('b.png')]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(MESSAGES.productCreated);
    const id = created.json().id as number;
    const product = (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json();
    expect(product).toMatchObject({
      name: 'Pan 40 Tablet',
      maximumRetailPrice: 155.5,
      offerPrice: 140,
      quantity: 30,
      prescription: true,
      isActive: true,
    });
    expect(product.images).toHaveLength(2);
    const [first, second] = product.images as Array<{ url: string }>;
    expect(existsSync(path.join(t.config.dataDir, first?.url ?? ''))).toBe(true);

    // The opening stock is the product's first batch, with its receipt in the ledger.
    const stock = (
      await t.app.inject({
        method: 'GET',
        url: `/api/inventory/products/${id}/batches`,
        headers: admin.auth,
      })
    ).json();
    expect(stock.product).toMatchObject({ quantity: 30, onHand: 30, reorderLevel: 5 });
    expect(stock.batches).toEqual([
      expect.objectContaining({ batchNumber: 'PN4-0925', onHand: 30, state: 'sellable' }),
    ]);

    // Stock is not edited with the product: the edit form's fields without it.
    const {
      quantity: _q,
      batchNumber: _b,
      expiryDate: _e,
      ...editFields
    } = form({
      name: 'Pan 40 Tablet (15)',
      keepImageUrls: first?.url ?? '',
    });
    const refused = await multipart({ ...editFields, quantity: '0' }, []);
    const refusedAnswer = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload: refused.payload,
      headers: { ...refused.headers, ...admin.auth },
    });
    expect(refusedAnswer.statusCode).toBe(400);
    expect(refusedAnswer.json().message).toBe(PRODUCT_QUANTITY_NOT_EDITABLE);

    const edit = await multipart(editFields, [png('c.png')]);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload: edit.payload,
      headers: { ...edit.headers, ...admin.auth },
    });
    expect(updated.json()).toEqual({ id, message: MESSAGES.productUpdated });
    const after = (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json();
    expect(after).toMatchObject({ name: 'Pan 40 Tablet (15)', quantity: 30 });
    expect(after.images.map((i: { url: string }) => i.url)[0]).toBe(first?.url);
    expect(after.images).toHaveLength(2);
    expect(existsSync(path.join(t.config.dataDir, second?.url ?? ''))).toBe(false);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/${id}`,
      headers: admin.auth,
    });
    expect(removed.json()).toEqual({ message: MESSAGES.productDeleted });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      await t.database.db.select().from(productImages).where(eq(productImages.productId, id)),
    ).toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(404);
  });

  it("edits with the create form's fields: the quantity sent back unchanged is kept, a changed one refused (spec §7)", async () => {
    const created = await multipart(form({ name: 'Rantac 150 Tablet' }), [png('r.png')]);
    const createdAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: created.payload,
      headers: { ...created.headers, ...admin.auth },
    });
    expect(createdAnswer.statusCode).toBe(201);
    const { id } = createdAnswer.json() as { id: number };
    const patch = async (fields: Record<string, string>, files = [png('edit.png')]) => {
      const body = await multipart(form(fields), files);
      return t.app.inject({
        method: 'PATCH',
        url: `/api/product/${id}`,
        payload: body.payload,
        headers: { ...body.headers, ...admin.auth },
      });
    };
    const product = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: admin.auth })
      ).json();
    const batches = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/inventory/products/${id}/batches`,
          headers: admin.auth,
        })
      ).json().batches as unknown[];

    // The same fields as create (opening batch included), the quantity as the form showed it.
    const kept = await patch({ name: 'Rantac 150 Tablet (30)', offerPrice: '130', quantity: '30' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ id, message: MESSAGES.productUpdated });
    expect(await product()).toMatchObject({
      name: 'Rantac 150 Tablet (30)',
      offerPrice: 130,
      quantity: 30,
    });
    expect((await product()).images).toHaveLength(2);
    // Nothing was received: the batch fields of an edit are not a delivery.
    expect(await batches()).toHaveLength(1);

    for (const quantity of ['31', '0', '30.5', 'thirty', '']) {
      const changed = await patch({ name: 'Rantac 150 Tablet (changed)', quantity });
      expect(changed.statusCode, quantity).toBe(400);
      expect(changed.json().message).toBe(PRODUCT_QUANTITY_NOT_EDITABLE);
    }
    // Refused as a whole: neither the other fields nor the images were written.
    expect(await product()).toMatchObject({ name: 'Rantac 150 Tablet (30)', quantity: 30 });
    expect((await product()).images).toHaveLength(2);
    expect(await batches()).toHaveLength(1);

    // Without a quantity, as the shop's own edit form sends it.
    const { quantity: _q, ...withoutQuantity } = form({ name: 'Rantac 150 Tablet (strip)' });
    const body = await multipart(withoutQuantity, []);
    const plain = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(plain.statusCode).toBe(200);
    expect(await product()).toMatchObject({ name: 'Rantac 150 Tablet (strip)', quantity: 30 });
  });

  it('refuses an upload over 5 MB with 413', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const body = await multipart(form(), [
      { field: 'image', name: 'big.png', type: 'image/png', content: big },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(res.statusCode).toBe(413);
  });

  it('manages divisions: image required, unique names, no delete while in use', async () => {
    const noImage = await multipart({ name: 'Eye Care' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/division',
      payload: noImage.payload,
      headers: { ...noImage.headers, ...admin.auth },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.uploadImageRequired);

    const withImage = await multipart({ name: 'Eye Care' }, [png()]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/division',
      payload: withImage.payload,
      headers: { ...withImage.headers, ...admin.auth },
    });
    expect(created.statusCode).toBe(201);
    const again = await multipart({ name: 'eye care' }, [png()]);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/division',
      payload: again.payload,
      headers: { ...again.headers, ...admin.auth },
    });
    expect(duplicate.statusCode).toBe(409);

    const divisionsList = (await t.app.inject({ method: 'GET', url: '/api/division/all' })).json()
      .divisionList as Array<{ id: number; name: string; images: { url: string } | null }>;
    expect(divisionsList.find((d) => d.name === 'Eye Care')?.images?.url).toMatch(
      /^\/uploads\/divisions\//,
    );

    await createProduct(t.database.db, basics);
    await createProduct(t.database.db, basics);
    const inUse = await t.app.inject({
      method: 'DELETE',
      url: `/api/division/${basics.divisionId}`,
      headers: admin.auth,
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(
      /^This division is used by \d+ products and cannot be deleted\.$/,
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/division/${created.json().id}`,
      headers: admin.auth,
    });
    expect(removed.json()).toEqual({ message: MESSAGES.divisionDeleted });
  });

  it('renames a manufacturer and search follows the new name', async () => {
    const maker = await createManufacturer(t.database.db, 'Old Name Pharma');
    await createProduct(
      t.database.db,
      { ...basics, manufacturerId: maker.id },
      { name: 'Zincovit Tablet' },
    );
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/manufacturer/${maker.id}`,
      headers: admin.auth,
      payload: { name: 'Apex Laboratories' },
    });
    expect(res.statusCode).toBe(200);
    const found = (
      await t.app.inject({ method: 'GET', url: '/api/product/all?search=apex' })
    ).json().productList as Listed[];
    expect(found.map((p) => p.name)).toEqual(['Zincovit Tablet']);
    const names = (await t.app.inject({ method: 'GET', url: '/api/manufacturer/all' }))
      .json()
      .manufacturerList.map((m: { name: string }) => m.name);
    expect(names).toContain('Apex Laboratories');
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/saltComposition',
      headers: admin.auth,
      payload: { name: ' ' },
    });
    expect(blank.json().message).toBe(`name: ${MESSAGES.nameRequired}`);
    const salt = await t.app.inject({
      method: 'POST',
      url: '/api/saltComposition',
      headers: admin.auth,
      payload: { name: 'Ibuprofen (400mg)' },
    });
    expect(salt.statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/saltComposition/${salt.json().id}`,
      headers: admin.auth,
    });
    expect(deleted.json().message).toBe('Salt composition deleted successfully');
  });
});
