import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ORDER_STATUS } from '@pharmacy/shared';
import { payments } from '../src/db/schema/index';
import { createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import {
  createPharmacist,
  transcriptionFor,
  createUser,
  multipart,
  TINY_PNG,
  validAddress,
  type TestUser,
} from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** Issue 6: address → prescription → payment → pharmacist review, each step only from the right one. */
describe(`order completion (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
    admin = await createPharmacist(t);
  });
  afterAll(async () => t.close());

  async function orderFor(user: TestUser, options: { prescription: boolean; priceMinor?: number }) {
    const product = await createProduct(t.database.db, basics, {
      quantity: 20,
      prescription: options.prescription,
      offerPriceMinor: options.priceMinor ?? 25000,
      maximumRetailPriceMinor: Math.max(options.priceMinor ?? 25000, 30000),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.auth,
      payload: { productId: product.id, quantity: 1 },
    });
    const { orderId } = (
      await t.app.inject({ method: 'POST', url: '/api/order', headers: user.auth })
    ).json();
    const addressId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/saveAddress',
        headers: user.auth,
        payload: validAddress,
      })
    ).json().addressId;
    return { orderId: orderId as number, addressId: addressId as number, productId: product.id };
  }
  const put = (user: TestUser, orderId: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/order/${orderId}`, headers: user.auth, payload });
  const statusOf = async (user: TestUser, orderId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/getOrderDetail/${orderId}`,
        headers: user.auth,
      })
    ).json().order.statusId as number;
  async function upload(
    user: TestUser,
    orderId: number,
    files: Array<{ name: string; type: string; content: Buffer }>,
    comment?: string,
  ) {
    const body = await multipart(
      comment ? { comment } : {},
      files.map((f) => ({ field: 'image', ...f })),
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/order/uploadOrderPrescriptions/${orderId}`,
      payload: body.payload,
      headers: { ...body.headers, ...user.auth },
    });
  }
  const intent = (user: TestUser, orderId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment/create-intent/${orderId}`,
      headers: user.auth,
    });
  const confirm = (user: TestUser, clientSecret: string, cardNumber: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/test/confirm',
      headers: user.auth,
      payload: { clientSecret, cardNumber, expiry: '12/34', cvc: '123' },
    });
  const save = (user: TestUser, orderId: number, paymentId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment/save-payment-details/${orderId}`,
      headers: user.auth,
      payload: { paymentId },
    });

  it('takes no step out of turn', async () => {
    const user = await createUser(t);
    const { orderId, addressId } = await orderFor(user, { prescription: true });
    expect((await intent(user, orderId)).statusCode).toBe(409);
    expect((await put(user, orderId, { payment: 'Cash on Delivery' })).statusCode).toBe(409);
    expect(
      (await upload(user, orderId, [{ name: 'rx.png', type: 'image/png', content: TINY_PNG }]))
        .statusCode,
    ).toBe(409);
    expect((await put(user, orderId, { addressId })).json().order.statusId).toBe(
      ORDER_STATUS.COLLECTING_PRESCRIPTION,
    );
    expect((await put(user, orderId, { payment: 'Cash on Delivery' })).statusCode).toBe(409);
    expect((await intent(user, orderId)).statusCode).toBe(409);
  });

  it('checks prescription files by content, size and name, and stores nothing bad', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { orderId, addressId } = await orderFor(user, { prescription: true });
    await put(user, orderId, { addressId });
    const cases: Array<[{ name: string; type: string; content: Buffer }, number, string]> = [
      [
        {
          name: 'scan.png',
          type: 'image/png',
          content: Buffer.from('<html><script>alert(1)</script></html>'),
        },
        400,
        MESSAGES.fileTypeUnsupported,
      ],
      [
        { name: 'page.html', type: 'text/html', content: Buffer.from('<html></html>') },
        400,
        MESSAGES.fileTypeUnsupported,
      ],
      [
        { name: 'rx.pdf', type: 'application/pdf', content: TINY_PNG },
        400,
        MESSAGES.fileTypeUnsupported,
      ],
      [
        {
          name: 'big.png',
          type: 'image/png',
          content: Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - TINY_PNG.length)]),
        },
        413,
        MESSAGES.fileTooBig,
      ],
    ];
    for (const [file, status, message] of cases) {
      const res = await upload(user, orderId, [file]);
      expect(res.statusCode, file.name).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await upload(user, orderId, [])).statusCode).toBe(400);
    expect(
      (await upload(other, orderId, [{ name: 'rx.png', type: 'image/png', content: TINY_PNG }]))
        .statusCode,
    ).toBe(404);
    expect(await statusOf(user, orderId)).toBe(ORDER_STATUS.COLLECTING_PRESCRIPTION);
    const privateDir = path.join(t.config.dataDir, 'private', 'prescriptions');
    expect(
      (() => {
        try {
          return readdirSync(privateDir);
        } catch {
          return [];
        }
      })(),
    ).toHaveLength(0);
  });

  it('refuses a path-traversal file name and stores under a random key otherwise', async () => {
    const user = await createUser(t);
    const { orderId, addressId } = await orderFor(user, { prescription: true });
    await put(user, orderId, { addressId });
    // Issue 7: the whole name is kept (busboy preservePath) and a name carrying a path refused.
    const refused = await upload(user, orderId, [
      { name: '../../../etc/passwd.png', type: 'image/png', content: TINY_PNG },
    ]);
    expect(refused.statusCode).toBe(400);
    const res = await upload(user, orderId, [
      { name: 'passwd.png', type: 'image/png', content: TINY_PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const [prescription] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/${orderId}/prescriptions`,
        headers: user.auth,
      })
    ).json().prescriptions;
    expect(prescription.files[0].originalName).toBe('passwd.png');
    const stored = readdirSync(path.join(t.config.dataDir, 'private', 'prescriptions'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[a-z0-9]+-[0-9a-f]{24}\.png$/);
  });

  it('runs the whole prescription order: upload, declined then good card, review, re-upload without paying again', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { orderId, addressId, productId } = await orderFor(user, { prescription: true });
    await put(user, orderId, { addressId });

    const uploaded = await upload(
      user,
      orderId,
      [
        { name: 'Prescription.PNG', type: 'image/png', content: TINY_PNG },
        { name: 'report.pdf', type: 'application/pdf', content: PDF },
      ],
      'Dr. Rao, valid till March',
    );
    expect(uploaded.json()).toEqual({ message: 'Prescription uploaded successfully' });
    expect(await statusOf(user, orderId)).toBe(ORDER_STATUS.PAYMENT);

    const listed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/${orderId}/prescriptions`,
        headers: user.auth,
      })
    ).json().prescriptions;
    expect(listed[0]).toMatchObject({
      comment: 'Dr. Rao, valid till March',
      reviewStatus: 'pending',
    });
    const fileUrl = listed[0].files[0].url as string;
    expect(
      (await t.app.inject({ method: 'GET', url: fileUrl, headers: other.auth })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/order/${orderId}/prescriptions`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(404);
    const download = await t.app.inject({ method: 'GET', url: fileUrl, headers: user.auth });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="Prescription.PNG"/,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: fileUrl, headers: admin.auth })).statusCode,
    ).toBe(200);

    const started = await intent(user, orderId);
    expect(started.json()).toMatchObject({ provider: 'test', amount: 250 });
    const { clientSecret, intentId } = started.json();
    expect((await intent(other, orderId)).statusCode).toBe(404);
    expect((await intent(user, orderId)).json().intentId).toBe(intentId);

    const declined = await confirm(user, clientSecret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      type: 'card_error',
      message: 'Your card was declined.',
    });
    expect((await save(user, orderId, intentId)).statusCode).toBe(409);

    const paid = await confirm(user, clientSecret, '4242 4242 4242 4242');
    expect(paid.json().paymentIntent.status).toBe('succeeded');
    const [first, second] = await Promise.all([
      save(user, orderId, intentId),
      save(user, orderId, intentId),
    ]);
    expect([first.json().message, second.json().message].sort()).toEqual([
      'Payment already saved',
      'Payment successful',
    ]);
    expect(await statusOf(user, orderId)).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);
    const saved = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(saved.filter((p) => p.status === 'succeeded')).toHaveLength(1);

    const review = (who: TestUser, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${orderId}/prescription-review`,
        headers: who.auth,
        payload,
      });
    expect(
      (await review(user, { decision: 'approve', ...transcriptionFor([productId]) })).statusCode,
    ).toBe(403);
    expect((await review(admin, { decision: 'reject' })).json().message).toBe(
      'reason: Please give the reason for rejecting the prescription.',
    );
    expect(
      (await review(admin, { decision: 'reject', reason: 'The prescription is not signed.' }))
        .statusCode,
    ).toBe(200);
    expect(await statusOf(user, orderId)).toBe(ORDER_STATUS.COLLECTING_PRESCRIPTION);
    const afterReject = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/${orderId}/prescriptions`,
        headers: user.auth,
      })
    ).json().prescriptions;
    expect(afterReject[0]).toMatchObject({
      reviewStatus: 'rejected',
      reviewReason: 'The prescription is not signed.',
      reviewedBy: 'Pharmacist Person',
      reviewerRegistrationNumber: 'KA/PH/2020/00042',
    });
    expect((await put(user, orderId, { payment: 'Cash on Delivery' })).statusCode).toBe(409);

    await upload(user, orderId, [
      {
        name: 'signed.jpg',
        type: 'image/jpeg',
        // SOI, a baseline frame header (1 × 1 px, one component), EOI: the header check of
        // issue 7 refuses a JPEG without its frame header.
        content: Buffer.from([
          0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0, 0xff, 0xd9,
        ]),
      },
    ]);
    expect(await statusOf(user, orderId)).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);
    expect(
      (await review(admin, { decision: 'approve', ...transcriptionFor([productId]) })).statusCode,
    ).toBe(200);
    expect(await statusOf(user, orderId)).toBe(ORDER_STATUS.ACCEPTED);
    expect(
      (await review(admin, { decision: 'approve', ...transcriptionFor([productId]) })).statusCode,
    ).toBe(409);
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/getOrderDetail/${orderId}`,
        headers: user.auth,
      })
    ).json().statusHistory;
    expect(history.map((h: { toStatusId: number }) => h.toStatusId)).toEqual([
      ORDER_STATUS.COLLECTING_ADDRESS,
      ORDER_STATUS.COLLECTING_PRESCRIPTION,
      ORDER_STATUS.PAYMENT,
      ORDER_STATUS.WAITING_TO_ACCEPT,
      ORDER_STATUS.COLLECTING_PRESCRIPTION,
      ORDER_STATUS.WAITING_TO_ACCEPT,
      ORDER_STATUS.ACCEPTED,
    ]);

    // The mails are jobs: send what is queued now rather than race the workers' next poll.
    await t.app.jobs.drain();
    const outbox = readdirSync(path.join(t.config.dataDir, 'outbox')).filter(
      (f) => f.includes(user.email.replace(/[^a-z0-9@._-]/gi, '_')) && f.endsWith('.eml'),
    );
    expect(outbox.length).toBeGreaterThanOrEqual(3); // placed, confirmed, prescription rejected
  });

  it('offers cards only above 50 and takes cash on delivery to Packing for plain orders', async () => {
    const user = await createUser(t);
    const { orderId, addressId } = await orderFor(user, { prescription: false, priceMinor: 5000 });
    await put(user, orderId, { addressId });
    const small = await intent(user, orderId);
    expect(small.statusCode).toBe(409);
    expect(small.json().message).toBe('Card payment is offered for orders over 50.');
    const cod = await put(user, orderId, { payment: 'Cash on Delivery' });
    expect(cod.json().order).toMatchObject({
      statusId: ORDER_STATUS.PACKING,
      paymentNote: 'Cash on Delivery',
    });
  });
});
