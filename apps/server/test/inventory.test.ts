import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, STOCK_MESSAGES, addDays, allocateFefo, utcDay } from '@pharmacy/shared';
import {
  orderLineBatches,
  orderLines,
  products,
  stockBatches,
  stockMovements,
} from '../src/db/schema/index';
import { createInventoryService } from '../src/modules/inventory/inventory.service';
import { addBatch, createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import { createAdmin, createUser, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const today = utcDay();
const inDays = (days: number) => addDays(today, days);

describe(`inventory (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
    member = await createUser(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.auth, payload });
  const receive = (payload: object, who = admin) =>
    call('POST', '/inventory/receipts', payload, who);
  const shopQuantity = async (productId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/product/${productId}` })).json().quantity;
  const batchesOf = async (productId: number) =>
    (await call('GET', `/inventory/products/${productId}/batches`)).json();
  const emptyProduct = (name?: string) =>
    createProduct(db(), basics, { quantity: 0, ...(name ? { name } : {}) });
  const placeOrder = async (user: TestUser, productId: number, units: number) => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.auth,
      payload: { productId, quantity: units },
    });
    expect(added.statusCode).toBe(200);
    const placed = await t.app.inject({ method: 'POST', url: '/api/order', headers: user.auth });
    expect(placed.statusCode).toBe(201);
    return placed.json().orderId as number;
  };
  const allocationsOf = (orderId: number) =>
    db()
      .select({ batchId: orderLineBatches.batchId, units: orderLineBatches.units })
      .from(orderLineBatches)
      .innerJoin(orderLines, eq(orderLines.id, orderLineBatches.orderLineId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLineBatches.batchId));
  const ledgerSum = async (batchId: number) =>
    (
      await db()
        .select({ units: sql<number>`coalesce(sum(${stockMovements.units}), 0)::int` })
        .from(stockMovements)
        .where(eq(stockMovements.batchId, batchId))
    )[0]?.units;

  it('receives a batch: the shop sells it, the ledger explains it, a second delivery adds to it', async () => {
    const product = await emptyProduct();
    expect(await shopQuantity(product.id)).toBe(0);
    const first = await receive({
      productId: product.id,
      batchNumber: 'DL-2291',
      expiryDate: inDays(400),
      units: 12,
      supplier: 'Medline Distributors',
      invoiceReference: 'INV-7781',
      purchasePrice: '61.25',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: STOCK_MESSAGES.received,
      batch: {
        batchNumber: 'DL-2291',
        onHand: 12,
        receivedUnits: 12,
        purchasePrice: 61.25,
        state: 'sellable',
        daysToExpiry: 400,
      },
      product: { quantity: 12, onHand: 12 },
    });
    expect(await shopQuantity(product.id)).toBe(12);

    // The same batch again (any case): added to it; another expiry for it is refused.
    const again = await receive({
      productId: product.id,
      batchNumber: 'dl-2291',
      expiryDate: inDays(400),
      units: 3,
    });
    expect(again.json().batch).toMatchObject({
      id: first.json().batch.id,
      onHand: 15,
      receivedUnits: 15,
    });
    const clash = await receive({
      productId: product.id,
      batchNumber: 'DL-2291',
      expiryDate: inDays(300),
      units: 3,
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe(
      `expiryDate: Batch DL-2291 of this product is recorded with expiry date ${inDays(400)}.`,
    );
    expect(await shopQuantity(product.id)).toBe(15);

    const ledger = (await call('GET', `/inventory/products/${product.id}/ledger`)).json();
    expect(ledger.movements.map((m: { kind: string; units: number }) => [m.kind, m.units])).toEqual(
      [
        ['receipt', 3],
        ['receipt', 12],
      ],
    );
    expect(ledger.movements[1]).toMatchObject({
      note: 'Invoice INV-7781 from Medline Distributors',
      byName: admin.name,
      batchNumber: 'DL-2291',
    });
  });

  it('counts a receipt or an adjustment sent twice with one Idempotency-Key once', async () => {
    const product = await emptyProduct();
    const body = { productId: product.id, batchNumber: 'IK-1', expiryDate: inDays(300), units: 10 };
    const send = (payload: object, url: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: { ...admin.auth, 'idempotency-key': key },
        payload,
      });
    // Two at once, as a double click on a slow network sends them.
    const answers = await Promise.all([
      send(body, '/inventory/receipts', 'receipt-key-1'),
      send(body, '/inventory/receipts', 'receipt-key-1'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers.map((a) => a.json().batch.onHand)).toEqual([10, 10]);
    const batchId = answers[0]?.json().batch.id as number;
    const adjust = { units: -3, reason: 'damaged' };
    await send(adjust, `/inventory/batches/${batchId}/adjustments`, 'adjust-key-1');
    const again = await send(adjust, `/inventory/batches/${batchId}/adjustments`, 'adjust-key-1');
    expect(again.json().batch.onHand).toBe(7);
    // A new key is a new receipt.
    expect((await send(body, '/inventory/receipts', 'receipt-key-2')).json().batch.onHand).toBe(17);
    expect(await shopQuantity(product.id)).toBe(17);
    expect(await ledgerSum(batchId)).toBe(17);
  });

  it.each([
    [{ expiryDate: inDays(-1) }, `expiryDate: ${STOCK_MESSAGES.expiryInPast}`],
    [{ expiryDate: '2027-02-30' }, `expiryDate: ${STOCK_MESSAGES.expiryInvalid}`],
    [{ expiryDate: '' }, `expiryDate: ${STOCK_MESSAGES.expiryRequired}`],
    [{ units: 0 }, `units: ${STOCK_MESSAGES.unitsPositive}`],
    [{ units: -4 }, `units: ${STOCK_MESSAGES.unitsPositive}`],
    [{ units: 2.5 }, `units: ${STOCK_MESSAGES.unitsPositive}`],
    [{ batchNumber: ' ' }, `batchNumber: ${STOCK_MESSAGES.batchNumberRequired}`],
    [{ batchNumber: '<b>' }, `batchNumber: ${STOCK_MESSAGES.batchNumberInvalid}`],
    [{ productId: 99_999_999 }, `productId: ${STOCK_MESSAGES.productNotFound}`],
    [{ productId: 'x' }, `productId: ${STOCK_MESSAGES.productRequired}`],
    [{ purchasePrice: '12.345' }, `purchasePrice: ${STOCK_MESSAGES.purchasePriceInvalid}`],
  ])('refuses the receipt %j and changes nothing', async (change, message) => {
    const product = await emptyProduct();
    const res = await receive({
      productId: product.id,
      batchNumber: 'OK-1',
      expiryDate: inDays(200),
      units: 5,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(
      await db().select().from(stockBatches).where(eq(stockBatches.productId, product.id)),
    ).toEqual([]);
  });

  it('is for admins only', async () => {
    const product = await emptyProduct();
    const body = { productId: product.id, batchNumber: 'A-1', expiryDate: inDays(90), units: 1 };
    expect((await receive(body, member)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/receipts',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    for (const url of [
      `/inventory/products/${product.id}/batches`,
      `/inventory/products/${product.id}/ledger`,
      '/inventory/low-stock',
      '/inventory/near-expiry',
    ])
      expect((await call('GET', url, undefined, member)).statusCode).toBe(403);
  });

  it('sells first expiry first, never a short-dated batch, and a cancellation returns the same units', async () => {
    const product = await emptyProduct();
    const late = await addBatch(db(), product.id, 5, {
      batchNumber: 'LATE',
      expiryDate: inDays(400),
    });
    const soon = await addBatch(db(), product.id, 3, {
      batchNumber: 'SOON',
      expiryDate: inDays(100),
    });
    const short = await addBatch(db(), product.id, 10, {
      batchNumber: 'SHORT',
      expiryDate: inDays(10),
    });
    // A receipt through the API recomputes the sellable quantity (the factory does not).
    await receive({
      productId: product.id,
      batchNumber: 'LATE',
      expiryDate: inDays(400),
      units: 1,
    });
    expect(await shopQuantity(product.id)).toBe(9);

    const buyer = await createUser(t);
    const orderId = await placeOrder(buyer, product.id, 4);
    expect(await allocationsOf(orderId)).toEqual(
      [
        { batchId: soon.id, units: 3 },
        { batchId: late.id, units: 1 },
      ].sort((a, b) => a.batchId - b.batchId),
    );
    expect(await shopQuantity(product.id)).toBe(5);
    const stock = await batchesOf(product.id);
    expect(
      stock.batches.map((b: { batchNumber: string; onHand: number; state: string }) => [
        b.batchNumber,
        b.onHand,
        b.state,
      ]),
    ).toEqual([
      ['SHORT', 10, 'short_dated'],
      ['SOON', 0, 'empty'],
      ['LATE', 5, 'sellable'],
    ]);

    // The pharmacist sees which batches to pick; the shopper does not.
    const asAdmin = (await call('GET', `/order/getOrderDetail/${orderId}`)).json();
    expect(asAdmin.orderDetails[0].batches).toEqual([
      { batchId: soon.id, batchNumber: 'SOON', expiryDate: inDays(100), units: 3, returned: false },
      { batchId: late.id, batchNumber: 'LATE', expiryDate: inDays(400), units: 1, returned: false },
    ]);
    const asBuyer = (
      await call('GET', `/order/getOrderDetail/${orderId}`, undefined, buyer)
    ).json();
    expect(asBuyer.orderDetails[0]).not.toHaveProperty('batches');

    const cancelled = await call('PUT', `/order/${orderId}`, { statusId: ORDER_STATUS.CANCELLED });
    expect(cancelled.statusCode).toBe(200);
    expect(await shopQuantity(product.id)).toBe(9);
    for (const batch of [late, soon, short]) {
      const [row] = await db().select().from(stockBatches).where(eq(stockBatches.id, batch.id));
      expect(await ledgerSum(batch.id)).toBe(row?.onHand);
    }
    const returns = await db()
      .select({ batchId: stockMovements.batchId, units: stockMovements.units })
      .from(stockMovements)
      .where(
        and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'cancellation_return')),
      )
      .orderBy(asc(stockMovements.batchId));
    expect(returns).toEqual(await allocationsOf(orderId));
    expect(short.onHand).toBe(10);
  });

  it('allocates in the database exactly as the shared FEFO rule does', async () => {
    // Deterministic pseudo-random cases: batches with clashing expiry days, orders big and small.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 8; round++) {
      const product = await emptyProduct();
      const batches = [];
      for (let i = 0, count = 1 + next(4); i < count; i++) {
        const batch = await addBatch(db(), product.id, 1 + next(6), {
          expiryDate: inDays(40 + next(3) * 30),
        });
        batches.push({ id: batch.id, expiryDate: batch.expiryDate, onHand: batch.onHand });
      }
      await receive({
        productId: product.id,
        batchNumber: `R${round}`,
        expiryDate: inDays(40),
        units: 1,
      });
      const all = (await batchesOf(product.id)).batches as Array<{
        id: number;
        expiryDate: string;
        onHand: number;
      }>;
      const total = all.reduce((sum, b) => sum + b.onHand, 0);
      const wanted = 1 + next(total);
      const expected = allocateFefo(all, wanted);
      const orderId = await placeOrder(await createUser(t), product.id, wanted);
      expect(await allocationsOf(orderId)).toEqual(
        (expected ?? [])
          .map((a) => ({ batchId: a.batchId, units: a.units }))
          .sort((a, b) => a.batchId - b.batchId),
      );
    }
  });

  it('adjusts by hand with a reason, never below zero', async () => {
    const product = await emptyProduct();
    const { batch } = (
      await receive({
        productId: product.id,
        batchNumber: 'ADJ-1',
        expiryDate: inDays(300),
        units: 10,
      })
    ).json();
    const damaged = await call('POST', `/inventory/batches/${batch.id}/adjustments`, {
      units: -2,
      reason: 'damaged',
      note: 'Strip crushed in transit',
    });
    expect(damaged.statusCode).toBe(200);
    expect(damaged.json()).toMatchObject({
      message: STOCK_MESSAGES.adjusted,
      batch: { onHand: 8 },
      product: { quantity: 8 },
    });
    const tooMany = await call('POST', `/inventory/batches/${batch.id}/adjustments`, {
      units: -9,
      reason: 'count_correction',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(
      'units: Batch ADJ-1 holds 8 units; at most 8 can be taken off.',
    );
    const noNote = await call('POST', `/inventory/batches/${batch.id}/adjustments`, {
      units: 1,
      reason: 'other',
    });
    expect(noNote.json().message).toBe(`note: ${STOCK_MESSAGES.noteRequiredForOther}`);
    const zero = await call('POST', `/inventory/batches/${batch.id}/adjustments`, {
      units: 0,
      reason: 'damaged',
    });
    expect(zero.json().message).toBe(`units: ${STOCK_MESSAGES.unitsNonZero}`);
    const noReason = await call('POST', `/inventory/batches/${batch.id}/adjustments`, { units: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/^reason: /);
    expect(
      (
        await call('POST', '/inventory/batches/99999999/adjustments', {
          units: 1,
          reason: 'damaged',
        })
      ).statusCode,
    ).toBe(404);
    expect(await ledgerSum(batch.id)).toBe(8);
    const [movement] = (await call('GET', `/inventory/products/${product.id}/ledger`)).json()
      .movements;
    expect(movement).toMatchObject({
      kind: 'adjustment',
      units: -2,
      reason: 'damaged',
      note: 'Strip crushed in transit',
    });
  });

  it('writes off only units that may no longer be sold', async () => {
    const product = await emptyProduct();
    const expired = await addBatch(db(), product.id, 4, {
      batchNumber: 'OLD',
      expiryDate: inDays(-3),
    });
    const good = await addBatch(db(), product.id, 4, {
      batchNumber: 'GOOD',
      expiryDate: inDays(300),
    });
    const refused = await call('POST', `/inventory/batches/${good.id}/write-off`, {});
    expect(refused.statusCode).toBe(409);
    const done = await call('POST', `/inventory/batches/${expired.id}/write-off`, {
      note: 'Sent for destruction',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      batch: { onHand: 0, state: 'expired' },
      product: { quantity: 4, onHand: 4 },
    });
    expect((await call('POST', `/inventory/batches/${expired.id}/write-off`, {})).statusCode).toBe(
      409,
    );
    const [movement] = (await call('GET', `/inventory/products/${product.id}/ledger`)).json()
      .movements;
    expect(movement).toMatchObject({
      kind: 'expiry_write_off',
      units: -4,
      note: 'Sent for destruction',
    });
  });

  it('recalls a batch: it stops selling at once, and the orders that got it are listed and exported', async () => {
    const product = await emptyProduct('Recallium 10 Tablet');
    const { batch } = (
      await receive({
        productId: product.id,
        batchNumber: 'RC-44',
        expiryDate: inDays(500),
        units: 6,
      })
    ).json();
    const buyer = await createUser(t, { name: 'Asha Rao' });
    const orderId = await placeOrder(buyer, product.id, 2);
    const other = await placeOrder(await createUser(t), product.id, 1);
    await call('PUT', `/order/${other}`, { statusId: ORDER_STATUS.CANCELLED });

    expect(
      (await call('POST', `/inventory/batches/${batch.id}/recall`, { reason: ' ' })).json().message,
    ).toBe(`reason: ${STOCK_MESSAGES.recallReasonRequired}`);
    const recalled = await call('POST', `/inventory/batches/${batch.id}/recall`, {
      reason: 'Supplier recall notice 2026/14',
    });
    expect(recalled.statusCode).toBe(200);
    expect(recalled.json()).toMatchObject({
      message: STOCK_MESSAGES.recalled,
      batch: { state: 'recalled', onHand: 0, recallReason: 'Supplier recall notice 2026/14' },
      product: { quantity: 0 },
    });
    // Only the order that kept its units: the cancelled one gave them back.
    expect(recalled.json().orders).toEqual([
      expect.objectContaining({
        orderId,
        customerName: 'Asha Rao',
        customerEmail: buyer.email,
        units: 2,
      }),
    ]);
    expect(await shopQuantity(product.id)).toBe(0);
    expect(
      (await call('POST', `/inventory/batches/${batch.id}/recall`, { reason: 'again' })).statusCode,
    ).toBe(409);
    const sameNumber = await receive({
      productId: product.id,
      batchNumber: 'RC-44',
      expiryDate: inDays(500),
      units: 1,
    });
    expect(sameNumber.statusCode).toBe(409);

    const csv = await call('GET', `/inventory/batches/${batch.id}/orders.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="batch-RC-44-orders.csv"',
    );
    const [header, row, ...rest] = csv.body.trim().split('\n');
    expect(header).toBe('Order,Ordered at,Customer,E-mail,Phone,Units,Status,Product,Batch,Expiry');
    expect(row).toContain(`${orderId},`);
    expect(row).toContain(',Asha Rao,');
    expect(row).toContain(',2,');
    expect(row).toContain(`,Recallium 10 Tablet,RC-44,${inDays(500)}`);
    expect(rest).toEqual([]);
    expect(await ledgerSum(batch.id)).toBe(0);
    expect(
      (await call('GET', `/inventory/batches/${batch.id}/orders.csv`, undefined, member))
        .statusCode,
    ).toBe(403);
  });

  it('keeps a spreadsheet from running a customer name as a formula', async () => {
    const product = await emptyProduct();
    const { batch } = (
      await receive({
        productId: product.id,
        batchNumber: 'CSV-1',
        expiryDate: inDays(500),
        units: 2,
      })
    ).json();
    await placeOrder(await createUser(t, { name: '=HYPERLINK("http://x")' }), product.id, 1);
    const csv = (await call('GET', `/inventory/batches/${batch.id}/orders.csv`)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it("lists low stock against each product's reorder level, sortable", async () => {
    const low = await createProduct(db(), basics, { name: 'Aaa Low Stock', quantity: 2 });
    const fine = await createProduct(db(), basics, { name: 'Aaa Enough Stock', quantity: 9 });
    const list = async (query = '') =>
      (await call('GET', `/inventory/low-stock?pageSize=100${query}`)).json().items as Array<{
        productId: number;
        shortfall: number;
      }>;
    expect((await list()).find((i) => i.productId === low.id)).toMatchObject({ shortfall: 3 });
    expect((await list()).some((i) => i.productId === fine.id)).toBe(false);
    const saved = await call('PUT', `/inventory/products/${fine.id}/reorder-level`, {
      reorderLevel: 20,
    });
    expect(saved.json()).toMatchObject({
      message: STOCK_MESSAGES.reorderLevelSaved,
      product: { reorderLevel: 20 },
    });
    expect((await list()).find((i) => i.productId === fine.id)).toMatchObject({ shortfall: 11 });
    const byShortfall = await list('&sort=shortfall&direction=desc');
    expect(byShortfall.map((i) => i.shortfall)).toEqual(
      [...byShortfall.map((i) => i.shortfall)].sort((a, b) => b - a),
    );
    expect(
      (
        await call('PUT', `/inventory/products/${fine.id}/reorder-level`, { reorderLevel: -1 })
      ).json().message,
    ).toBe(`reorderLevel: ${STOCK_MESSAGES.reorderLevelInvalid}`);
    expect((await call('GET', '/inventory/low-stock?sort=price')).statusCode).toBe(400);
  });

  it('lists batches near expiry, expired ones with units included, within a chosen window', async () => {
    const product = await emptyProduct('Nearex Syrup');
    await addBatch(db(), product.id, 3, { batchNumber: 'NX-60', expiryDate: inDays(60) });
    await addBatch(db(), product.id, 3, { batchNumber: 'NX-200', expiryDate: inDays(200) });
    await addBatch(db(), product.id, 2, { batchNumber: 'NX-OLD', expiryDate: inDays(-2) });
    await addBatch(db(), product.id, 0, { batchNumber: 'NX-EMPTY', expiryDate: inDays(5) });
    const mine = async (query: string) =>
      (
        (await call('GET', `/inventory/near-expiry?pageSize=100${query}`)).json().items as Array<{
          productId: number;
          batchNumber: string;
          state: string;
          daysToExpiry: number;
        }>
      )
        .filter((i) => i.productId === product.id)
        .map((i) => [i.batchNumber, i.state, i.daysToExpiry]);
    expect(await mine('')).toEqual([
      ['NX-OLD', 'expired', -2],
      ['NX-60', 'sellable', 60],
    ]);
    expect(await mine('&days=365&direction=desc')).toEqual([
      ['NX-200', 'sellable', 200],
      ['NX-60', 'sellable', 60],
      ['NX-OLD', 'expired', -2],
    ]);
    expect((await call('GET', '/inventory/near-expiry')).json().days).toBe(90);
    expect((await call('GET', '/inventory/near-expiry?days=0')).statusCode).toBe(400);
  });

  it('stops selling a batch the day it reaches the minimum shelf life, with no one acting', async () => {
    const product = await emptyProduct();
    await receive({ productId: product.id, batchNumber: 'EDGE', expiryDate: inDays(40), units: 7 });
    expect(await shopQuantity(product.id)).toBe(7);
    const later = (days: number) =>
      createInventoryService(db(), {
        minShelfLifeDays: 30,
        nearExpiryDays: 90,
        onStockChanged: () => {},
        now: () => new Date(Date.now() + days * 86_400_000),
      });
    // Ten days on, 30 days remain: still sold. Eleven days on, 29 remain: no longer.
    await later(10).refreshSellableStock();
    expect(await shopQuantity(product.id)).toBe(7);
    await later(11).refreshSellableStock();
    expect(await shopQuantity(product.id)).toBe(0);
    expect(await later(11).refreshSellableStock()).toBe(false);
    // Back to today (as a restart with the real clock does): sellable again.
    await later(0).refreshSellableStock();
    const [row] = await db()
      .select({ q: products.quantity })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.q).toBe(7);
  });

  it('documents every inventory route in the OpenAPI document, with its schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const receipt = document.paths['/api/inventory/receipts']?.post as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
      responses: Record<string, unknown>;
    };
    expect(receipt.requestBody.content['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['productId', 'units', 'batchNumber', 'expiryDate']),
    );
    expect(Object.keys(receipt.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404']),
    );
    for (const [path, method] of [
      ['/api/inventory/products/{id}/batches', 'get'],
      ['/api/inventory/products/{id}/ledger', 'get'],
      ['/api/inventory/products/{id}/reorder-level', 'put'],
      ['/api/inventory/batches/{id}/adjustments', 'post'],
      ['/api/inventory/batches/{id}/write-off', 'post'],
      ['/api/inventory/batches/{id}/recall', 'post'],
      ['/api/inventory/batches/{id}/orders', 'get'],
      ['/api/inventory/batches/{id}/orders.csv', 'get'],
      ['/api/inventory/low-stock', 'get'],
      ['/api/inventory/near-expiry', 'get'],
    ] as const) {
      const operation = document.paths[path]?.[method] as
        { tags: string[]; responses: Record<string, unknown> } | undefined;
      expect(operation?.tags, path).toEqual(['inventory']);
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '401', '403']),
      );
    }
  });
});
