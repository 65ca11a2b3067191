import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CSV_COLUMNS, ORDER_STATUS } from '@pharmacy/shared';
import {
  orderLineBatches,
  orderLines,
  orders,
  products,
  refunds,
  stockBatches,
  stockMovements,
  taxDocuments,
} from '../src/db/schema/index';
import {
  createBasics,
  createProduct,
  productEditFields,
  productFormFields,
  type CatalogBasics,
} from './catalog-factories';
import {
  TINY_PNG,
  caller,
  createAdmin,
  createUser,
  multipart,
  validAddress,
  type TestUser,
} from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';
import { readOutbox } from './support/outbox';
import { assertStockInvariants } from './support/stock-invariants';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`returns and damage reports (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = caller(() => t);

  /** A non-prescription order, paid by card or cash on delivery, walked to Delivered by the admin. */
  async function deliveredOrder(
    user: TestUser,
    lines: Array<{ productId: number; units: number }>,
    pay: 'card' | 'cod' = 'cod',
  ) {
    for (const line of lines)
      expect(
        (
          await call(user, 'POST', '/api/cart', {
            productId: line.productId,
            quantity: line.units,
          })
        ).statusCode,
      ).toBe(200);
    const placed = await call(user, 'POST', '/api/order');
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().orderId as number;
    const addressId = (await call(user, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await call(user, 'PUT', `/api/order/${orderId}`, { addressId })).statusCode).toBe(200);
    if (pay === 'cod') {
      expect(
        (await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' }))
          .statusCode,
      ).toBe(200);
    } else {
      const { clientSecret } = (
        await call(user, 'POST', `/api/payment/create-intent/${orderId}`)
      ).json();
      const confirmed = await call(user, 'POST', '/api/payment/test/confirm', {
        clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      });
      const paymentId = confirmed.json().paymentIntent.id as string;
      expect(
        (
          await call(user, 'POST', `/api/payment/save-payment-details/${orderId}`, {
            paymentId,
          })
        ).statusCode,
      ).toBe(200);
    }
    for (const statusId of [ORDER_STATUS.DISPATCHED, ORDER_STATUS.DELIVERED])
      expect((await call(admin, 'PUT', `/api/order/${orderId}`, { statusId })).statusCode).toBe(
        200,
      );
    const rows = await db()
      .select({ id: orderLines.id, productId: orderLines.productId })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.id);
    return { orderId, lineIds: rows.map((row) => row.id) };
  }

  async function request(
    user: TestUser,
    orderId: number,
    fields: {
      kind: 'return' | 'damage';
      reasonCode: string;
      reasonText?: string;
      lines: Array<{ orderLineId: number; units: number }>;
    },
    photos = 0,
  ) {
    const body = await multipart(
      {
        kind: fields.kind,
        reasonCode: fields.reasonCode,
        ...(fields.reasonText ? { reasonText: fields.reasonText } : {}),
        lines: JSON.stringify(fields.lines),
      },
      Array.from({ length: photos }, (_, i) => ({
        field: 'photo',
        name: `damage-${i}.png`,
        type: 'image/png',
        content: TINY_PNG,
      })),
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/returns`,
      payload: body.payload,
      headers: { ...body.headers, ...(user.auth as Record<string, string>) },
    });
  }

  const setDeliveredAt = (orderId: number, at: Date) =>
    db().update(orders).set({ deliveredAt: at }).where(eq(orders.id, orderId));

  const batchOf = async (lineId: number) => {
    const [row] = await db()
      .select({ batchId: orderLineBatches.batchId })
      .from(orderLineBatches)
      .where(eq(orderLineBatches.orderLineId, lineId));
    const [batch] = await db().select().from(stockBatches).where(eq(stockBatches.id, row!.batchId));
    return batch!;
  };
  const quantityOf = async (productId: number) =>
    (await db().select().from(products).where(eq(products.id, productId)))[0]!.quantity;
  const mailsTo = async (user: TestUser) => {
    await t.app.jobs.drain();
    return (await readOutbox(t.config.dataDir)).filter((mail) => mail.to === user.email);
  };

  it('takes a return from request to refund: stock back or written off, payout, partial credit note, every step mailed', async () => {
    const user = await createUser(t);
    const a = await createProduct(db(), basics, { quantity: 20, offerPriceMinor: 10000 });
    const b = await createProduct(db(), basics, { quantity: 20, offerPriceMinor: 5000 });
    const { orderId, lineIds } = await deliveredOrder(user, [
      { productId: a.id, units: 3 },
      { productId: b.id, units: 2 },
    ]);
    const [lineA, lineB] = lineIds as [number, number];

    const form = (await call(user, 'GET', `/api/order/${orderId}/returns`)).json();
    expect(form).toMatchObject({ canReturn: true, canReportDamage: true, requests: [] });
    expect(form.lines[0]).toMatchObject({ returnableUnits: 3, blockReason: { return: null } });

    const created = await request(user, orderId, {
      kind: 'return',
      reasonCode: 'not_needed',
      reasonText: 'Doctor stopped it',
      lines: [
        { orderLineId: lineA, units: 2 },
        { orderLineId: lineB, units: 1 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const requestId = created.json().request.id as number;
    expect(created.json().request).toMatchObject({
      status: 'requested',
      refundDue: 250,
      lines: [
        { orderLineId: lineA, units: 2, refundDue: 200 },
        { orderLineId: lineB, units: 1, refundDue: 50 },
      ],
    });
    // Units already asked for are not offered again.
    const again = (await call(user, 'GET', `/api/order/${orderId}/returns`)).json();
    expect(again.lines[0].returnableUnits).toBe(1);
    expect(
      (
        await request(user, orderId, {
          kind: 'return',
          reasonCode: 'not_needed',
          lines: [{ orderLineId: lineA, units: 2 }],
        })
      ).statusCode,
    ).toBe(400);

    const queue = (await call(admin, 'GET', '/api/returns')).json();
    expect(queue.requests.map((r: { id: number }) => r.id)).toContain(requestId);
    expect(queue.counts.open).toBeGreaterThanOrEqual(1);

    // Refund before receipt is out of order.
    expect((await call(admin, 'POST', `/api/returns/${requestId}/refund`, {})).statusCode).toBe(
      409,
    );
    expect((await call(admin, 'POST', `/api/returns/${requestId}/approve`)).statusCode).toBe(200);

    const batchA = await batchOf(lineA);
    const batchB = await batchOf(lineB);
    const qtyA = await quantityOf(a.id);
    const qtyB = await quantityOf(b.id);
    const received = await call(admin, 'POST', `/api/returns/${requestId}/receive`, {
      lines: [
        { orderLineId: lineA, resaleableUnits: 2 },
        { orderLineId: lineB, resaleableUnits: 0 },
      ],
    });
    expect(received.statusCode).toBe(200);
    expect((await batchOf(lineA)).onHand).toBe(batchA.onHand + 2);
    expect(await quantityOf(a.id)).toBe(qtyA + 2);
    expect((await batchOf(lineB)).onHand).toBe(batchB.onHand);
    expect(await quantityOf(b.id)).toBe(qtyB);
    const ledger = await db()
      .select({
        kind: stockMovements.kind,
        units: stockMovements.units,
        batchId: stockMovements.batchId,
      })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, orderId));
    expect(ledger).toEqual(
      expect.arrayContaining([
        { kind: 'customer_return', units: 2, batchId: batchA.id },
        { kind: 'customer_return', units: 1, batchId: batchB.id },
        { kind: 'return_write_off', units: -1, batchId: batchB.id },
      ]),
    );
    await assertStockInvariants(db());

    // Cash on delivery: the payout needs its reference.
    expect((await call(admin, 'POST', `/api/returns/${requestId}/refund`, {})).statusCode).toBe(
      400,
    );
    const refunded = await call(admin, 'POST', `/api/returns/${requestId}/refund`, {
      payout: { channel: 'upi', reference: 'UPI-4471-2231' },
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().request).toMatchObject({ status: 'refunded', refunded: 250 });
    const [refund] = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.returnRequestId, requestId));
    expect(refund).toMatchObject({
      amountMinor: 25000,
      method: 'payout',
      payoutReference: 'UPI-4471-2231',
      reason: 'return',
    });
    const notes = await db()
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.totalMinor).toBe(25000);
    // Each credit note downloads by its number; a stranger gets 404.
    const pdfUrl = `/api/order/${orderId}/credit-note.pdf?number=${encodeURIComponent(notes[0]!.number)}`;
    const pdf = await call(user, 'GET', pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await call(await createUser(t), 'GET', pdfUrl)).statusCode).toBe(404);
    expect(
      (await call(user, 'GET', `/api/order/${orderId}/credit-note.pdf?number=CN%2Fnone`))
        .statusCode,
    ).toBe(404);

    const view = (await call(user, 'GET', `/api/order/${orderId}/returns`)).json();
    expect(view.requests[0].events.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'requested',
      'approved',
      'received',
      'refunded',
    ]);
    const subjects = (await mailsTo(user)).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `We received your return request for order #${orderId}`,
        `Your return request for order #${orderId} is approved`,
        `We received the items of order #${orderId}`,
        `Your refund for order #${orderId}`,
      ]),
    );
    // Nothing more can be refunded than was paid.
    expect(
      (await call(admin, 'POST', `/api/returns/${requestId}/refund`, { amount: 1 })).statusCode,
    ).toBe(409);
  });

  it('refunds a card payment through the provider after the job runs, never more than paid', async () => {
    const user = await createUser(t);
    const a = await createProduct(db(), basics, { quantity: 10, offerPriceMinor: 10000 });
    const { orderId, lineIds } = await deliveredOrder(
      user,
      [{ productId: a.id, units: 2 }],
      'card',
    );
    const created = await request(user, orderId, {
      kind: 'return',
      reasonCode: 'ordered_by_mistake',
      lines: [{ orderLineId: lineIds[0]!, units: 2 }],
    });
    const id = created.json().request.id as number;
    await call(admin, 'POST', `/api/returns/${id}/approve`);
    await call(admin, 'POST', `/api/returns/${id}/receive`, {
      lines: [{ orderLineId: lineIds[0]!, resaleableUnits: 2 }],
    });
    // More than was paid is refused, and nothing changes.
    const tooMuch = await call(admin, 'POST', `/api/returns/${id}/refund`, { amount: 250 });
    expect(tooMuch.statusCode).toBe(409);
    expect((await call(admin, 'GET', `/api/returns/${id}`)).json().status).toBe('received');
    const partial = await call(admin, 'POST', `/api/returns/${id}/refund`, { amount: 150.5 });
    expect(partial.statusCode).toBe(200);
    await t.app.jobs.drain();
    const [refund] = await db().select().from(refunds).where(eq(refunds.returnRequestId, id));
    expect(refund).toMatchObject({ method: 'card', amountMinor: 15050, status: 'succeeded' });
  });

  it('rejects with a reason, mailed; a rejected request frees its units', async () => {
    const user = await createUser(t);
    const a = await createProduct(db(), basics, { quantity: 10 });
    const { orderId, lineIds } = await deliveredOrder(user, [{ productId: a.id, units: 1 }]);
    const id = (
      await request(user, orderId, {
        kind: 'return',
        reasonCode: 'not_needed',
        lines: [{ orderLineId: lineIds[0]!, units: 1 }],
      })
    ).json().request.id as number;
    expect((await call(admin, 'POST', `/api/returns/${id}/reject`, {})).statusCode).toBe(400);
    const rejected = await call(admin, 'POST', `/api/returns/${id}/reject`, {
      reason: 'The seal of the pack is broken.',
    });
    expect(rejected.json().request).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The seal of the pack is broken.',
    });
    expect((await call(admin, 'POST', `/api/returns/${id}/approve`)).statusCode).toBe(409);
    const mails = await mailsTo(user);
    expect(mails.some((mail) => mail.text.includes('The seal of the pack is broken.'))).toBe(true);
    expect(
      (await call(user, 'GET', `/api/order/${orderId}/returns`)).json().lines[0].returnableUnits,
    ).toBe(1);
  });

  it('keeps the windows, the delivered status, the returnable flag and the units delivered', async () => {
    const user = await createUser(t);
    const a = await createProduct(db(), basics, { quantity: 10 });
    const insulin = await createProduct(db(), basics, {
      quantity: 10,
      name: `Insulin ${Date.now()}`,
      returnable: false,
    });
    const { orderId, lineIds } = await deliveredOrder(user, [
      { productId: a.id, units: 2 },
      { productId: insulin.id, units: 1 },
    ]);
    const [lineA, lineInsulin] = lineIds as [number, number];
    const returnA = {
      kind: 'return' as const,
      reasonCode: 'not_needed',
      lines: [{ orderLineId: lineA, units: 1 }],
    };

    const blocked = await request(user, orderId, {
      kind: 'return',
      reasonCode: 'not_needed',
      lines: [{ orderLineId: lineInsulin, units: 1 }],
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toContain(`${insulin.name}: This product cannot be returned`);
    const form = (await call(user, 'GET', `/api/order/${orderId}/returns`)).json();
    expect(form.lines[1].blockReason.return).toContain('cold storage');
    expect(form.lines[1].blockReason.damage).toBeNull();

    expect(
      (await request(user, orderId, { ...returnA, lines: [{ orderLineId: lineA, units: 3 }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await request(user, orderId, { ...returnA, lines: [{ orderLineId: 999999, units: 1 }] }))
        .statusCode,
    ).toBe(400);

    // Damage: a photo is required, and only within damageReportHours of delivery.
    const damage = {
      kind: 'damage' as const,
      reasonCode: 'damaged',
      lines: [{ orderLineId: lineInsulin, units: 1 }],
    };
    const noPhoto = await request(user, orderId, damage);
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toContain('photo');
    const { damageReportHours, returnDays } = t.config.afterSales;
    await setDeliveredAt(orderId, new Date(Date.now() - damageReportHours * HOUR - 60_000));
    const late = await request(user, orderId, damage, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain(`within ${damageReportHours} hours`);
    await setDeliveredAt(orderId, new Date(Date.now() - damageReportHours * HOUR + 60_000));
    const reported = await request(user, orderId, damage, 1);
    expect(reported.statusCode).toBe(201);
    const photo = reported.json().request.photos[0];
    expect((await call(user, 'GET', photo.url)).statusCode).toBe(200);
    expect((await call(admin, 'GET', photo.url)).statusCode).toBe(200);
    const stranger = await createUser(t);
    expect((await call(stranger, 'GET', photo.url)).statusCode).toBe(404);

    // Return window: the last minute in, a minute out.
    await setDeliveredAt(orderId, new Date(Date.now() - returnDays * DAY - 60_000));
    expect((await request(user, orderId, returnA)).statusCode).toBe(409);
    expect((await call(user, 'GET', `/api/order/${orderId}/returns`)).json()).toMatchObject({
      canReturn: false,
      canReportDamage: false,
    });
    await setDeliveredAt(orderId, new Date(Date.now() - returnDays * DAY + 60_000));
    expect((await request(user, orderId, returnA)).statusCode).toBe(201);
  });

  it('answers 409 before delivery and 404 for another member', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const a = await createProduct(db(), basics, { quantity: 10 });
    const { orderId, lineIds } = await deliveredOrder(user, [{ productId: a.id, units: 1 }]);
    const fields = {
      kind: 'return' as const,
      reasonCode: 'not_needed',
      lines: [{ orderLineId: lineIds[0]!, units: 1 }],
    };
    expect((await request(other, orderId, fields)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/order/${orderId}/returns`)).statusCode).toBe(404);
    await db()
      .update(orders)
      .set({ statusId: ORDER_STATUS.DISPATCHED })
      .where(eq(orders.id, orderId));
    const early = await request(user, orderId, fields);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only a delivered order can be returned or reported.');
  });

  it('replaces a received damage report, not a return', async () => {
    const user = await createUser(t);
    const a = await createProduct(db(), basics, { quantity: 10 });
    const { orderId, lineIds } = await deliveredOrder(user, [{ productId: a.id, units: 2 }]);
    const lines = [{ orderLineId: lineIds[0]!, units: 1 }];
    const damageId = (
      await request(user, orderId, { kind: 'damage', reasonCode: 'wrong_item', lines }, 1)
    ).json().request.id as number;
    await call(admin, 'POST', `/api/returns/${damageId}/approve`);
    await call(admin, 'POST', `/api/returns/${damageId}/receive`, { lines: [] });
    const replaced = await call(admin, 'POST', `/api/returns/${damageId}/replace`, {
      note: 'Sent with tomorrow’s delivery.',
    });
    expect(replaced.json().request).toMatchObject({
      status: 'replaced',
      resolution: 'replacement',
    });
    const mails = await mailsTo(user);
    expect(mails.at(-1)?.subject).toBe(`A replacement for order #${orderId} is on its way`);

    const returnId = (
      await request(user, orderId, { kind: 'return', reasonCode: 'not_needed', lines })
    ).json().request.id as number;
    await call(admin, 'POST', `/api/returns/${returnId}/approve`);
    await call(admin, 'POST', `/api/returns/${returnId}/receive`, { lines: [] });
    expect((await call(admin, 'POST', `/api/returns/${returnId}/replace`, {})).statusCode).toBe(
      409,
    );
    await assertStockInvariants(db());
  });
  it('keeps the returnable flag through the product API and the catalogue CSV', async () => {
    const form = async (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>) => {
      const body = await multipart(fields);
      return t.app.inject({
        method,
        url,
        headers: { ...(admin.auth as Record<string, string>), ...body.headers },
        payload: body.payload,
      });
    };
    const name = `Vaccine ${Date.now()}`;
    const created = await form('POST', '/api/product', {
      ...productFormFields(basics, name),
      returnable: 'false',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await call(admin, 'GET', `/api/product/${id}`)).json().returnable).toBe(false);
    // An edit that does not send the flag keeps it; one that does changes it.
    await form('PATCH', `/api/product/${id}`, productEditFields(basics, name));
    expect((await call(admin, 'GET', `/api/product/${id}`)).json().returnable).toBe(false);
    await form('PATCH', `/api/product/${id}`, {
      ...productEditFields(basics, name),
      returnable: 'true',
    });
    expect((await call(admin, 'GET', `/api/product/${id}`)).json().returnable).toBe(true);

    // The CSV writes the flag and an import reads it back.
    const exported = await call(admin, 'GET', '/api/catalog/products.csv');
    const header = exported.body.split('\n')[0]!.split(',');
    expect(header).toContain(CATALOG_CSV_COLUMNS.returnable);
    const line = exported.body.split('\n').find((row) => row.startsWith(`${id},`))!;
    const cells = line.split(',');
    const at = header.indexOf(CATALOG_CSV_COLUMNS.returnable);
    expect(cells[at]).toBe('yes');
    cells[at] = 'no';
    const csv = `${header.join(',')}\n${cells.join(',')}\n`;
    const send = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...(admin.auth as Record<string, string>), 'content-type': 'text/csv' },
        payload: csv,
      });
    const preview = await send('/api/catalog/import/preview');
    expect(preview.json()).toMatchObject({ toUpdate: 1, refused: 0 });
    const imported = await send(`/api/catalog/import?previewToken=${preview.json().previewToken}`);
    expect(imported.statusCode, imported.body).toBe(200);
    const [row] = await db().select().from(products).where(eq(products.id, id));
    expect(row?.returnable).toBe(false);
  });
  it('documents every returns route in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: object }>>;
    };
    const operations = [
      ['/api/order/{orderId}/returns', 'post', '201'],
      ['/api/order/{orderId}/returns', 'get', '200'],
      ['/api/returns/{id}/photos/{photoId}', 'get', '200'],
      ['/api/returns', 'get', '200'],
      ['/api/returns/{id}', 'get', '200'],
      ['/api/returns/{id}/approve', 'post', '200'],
      ['/api/returns/{id}/reject', 'post', '200'],
      ['/api/returns/{id}/receive', 'post', '200'],
      ['/api/returns/{id}/refund', 'post', '200'],
      ['/api/returns/{id}/replace', 'post', '200'],
    ] as const;
    for (const [path, method, ok] of operations) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual(['returns']);
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toContain(ok);
    }
  });
  it('takes one of two requests for the same last units sent at once, and refunds once', async () => {
    const user = await createUser(t);
    const a = await createProduct(db(), basics, { quantity: 10 });
    const { orderId, lineIds } = await deliveredOrder(user, [{ productId: a.id, units: 2 }]);
    const fields = {
      kind: 'return' as const,
      reasonCode: 'not_needed',
      lines: [{ orderLineId: lineIds[0]!, units: 2 }],
    };
    const answers = await Promise.all([
      request(user, orderId, fields),
      request(user, orderId, fields),
    ]);
    expect(answers.map((r) => r.statusCode).toSorted()).toEqual([201, 400]);
    const id = answers.find((r) => r.statusCode === 201)!.json().request.id as number;
    await call(admin, 'POST', `/api/returns/${id}/approve`);
    await call(admin, 'POST', `/api/returns/${id}/receive`, { lines: [] });
    const payout = { payout: { channel: 'bank_transfer', reference: 'NEFT-00912' } };
    const refunds2 = await Promise.all([
      call(admin, 'POST', `/api/returns/${id}/refund`, payout),
      call(admin, 'POST', `/api/returns/${id}/refund`, payout),
    ]);
    expect(refunds2.map((r) => r.statusCode).toSorted()).toEqual([200, 409]);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
  });
});
