import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, errorResponseSchema } from '@pharmacy/shared';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema/index';
import { INVALID_VALUE } from '../../src/plugins/errors';
import { multipart, TINY_PNG } from '../factories';
import { buildTestApp, testDriver, type TestApp } from '../helpers';
import { installDbWatch, type DbWatch } from './support/db-watch';
import { createWorld, insertOrder, type World } from './support/world';

/**
 * Issue 7 · what the fuzzers found, pinned as plain examples. Each answered 500 before its fix;
 * each now answers a 4xx in the error shape and writes nothing.
 */
describe(`fuzzing findings (${testDriver})`, () => {
  let t: TestApp;
  let w: World;
  let watch: DbWatch;
  beforeAll(async () => {
    // No background worker: its writes (a back-in-stock fan-out) would race the write counter.
    t = await buildTestApp({}, { jobs: { poll: false } });
    w = await createWorld(t);
    watch = await installDbWatch(t.database.db, t.config.dataDir);
  });
  afterAll(async () => t.close());

  async function refused(options: InjectOptions, status: number, message?: string) {
    const before = await watch.writes();
    const files = watch.storedFiles();
    const res = await t.app.inject(options);
    expect(res.statusCode, res.body).toBe(status);
    const body = errorResponseSchema.parse(res.json());
    if (message) expect(body.message).toBe(message);
    expect(await watch.writes()).toBe(before);
    expect(watch.storedFiles()).toBe(files);
  }

  it('refuses a NUL character that PostgreSQL cannot store (was 500)', async () => {
    await refused(
      {
        method: 'POST',
        url: '/api/site/contact',
        payload: { name: 'a', email: 'a@b.co', message: 'a\u0000b' },
      },
      400,
      INVALID_VALUE,
    );
    await refused({ method: 'GET', url: '/api/manufacturer/all?search=%00' }, 400, INVALID_VALUE);
    await refused(
      {
        method: 'PUT',
        url: '/api/user/updateMyProfile',
        headers: w.memberA.auth,
        payload: { name: 'A\u0000', email: w.memberA.email, phoneNumber: '9876543210' },
      },
      400,
      INVALID_VALUE,
    );
  });

  it('refuses ids past the database integer range (was 500)', async () => {
    await refused({ method: 'GET', url: '/api/product/2147483648' }, 400, INVALID_VALUE);
    await refused(
      { method: 'GET', url: '/api/product/all?divisionId=9007199254740991' },
      400,
      INVALID_VALUE,
    );
    await refused(
      {
        method: 'POST',
        url: '/api/cart',
        headers: w.memberA.auth,
        payload: { productId: 4294967297, quantity: 1 },
      },
      400,
      INVALID_VALUE,
    );
    await refused(
      {
        method: 'GET',
        url: '/api/order/getOrderDetail/2147483648',
        headers: w.memberA.auth,
      },
      400,
      INVALID_VALUE,
    );
  });

  it('refuses a delivery date PostgreSQL cannot hold (year 0)', async () => {
    const orderId = await insertOrder(w.db, w.memberA.id, {
      statusId: ORDER_STATUS.PACKING,
      productId: w.productId,
      addressId: w.addressA,
    });
    await refused(
      {
        method: 'PUT',
        url: `/api/order/${orderId}`,
        headers: w.owner.auth,
        payload: { expectedDeliveryDate: '0000-01-01' },
      },
      400,
    );
  });

  it('refuses a truncated multipart body (was 500)', async () => {
    const truncated = {
      'content-type': 'multipart/form-data; boundary=----x',
    };
    const payload =
      '------x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n';
    await refused(
      { method: 'POST', url: '/api/division', headers: { ...w.owner.auth, ...truncated }, payload },
      400,
      'The upload is not a valid multipart form.',
    );
    await refused(
      { method: 'POST', url: '/api/product', headers: { ...w.owner.auth, ...truncated }, payload },
      400,
      'The upload is not a valid multipart form.',
    );
  });

  it('refuses an upload whose file has an empty name (was 500)', async () => {
    const orderId = await insertOrder(w.db, w.memberA.id, {
      statusId: ORDER_STATUS.COLLECTING_PRESCRIPTION,
      productId: w.rxProductId,
      prescription: true,
      addressId: w.addressA,
    });
    const form = await multipart({}, [
      { field: 'image', name: '', type: 'image/png', content: TINY_PNG },
    ]);
    await refused(
      {
        method: 'POST',
        url: `/api/order/uploadOrderPrescriptions/${orderId}`,
        headers: { ...w.memberA.auth, ...form.headers },
        payload: form.payload,
      },
      400,
    );
  });

  it('answers 409 for a card payment of an order already paid by card (was 500)', async () => {
    const orderId = await insertOrder(w.db, w.memberA.id, {
      statusId: ORDER_STATUS.PAYMENT,
      productId: w.productId,
      addressId: w.addressA,
    });
    const pay = (url: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: w.memberA.auth,
        ...(payload ? { payload } : {}),
      });
    const intent = (await pay(`/api/payment/create-intent/${orderId}`)).json() as {
      intentId: string;
      clientSecret: string;
    };
    await pay('/api/payment/test/confirm', {
      clientSecret: intent.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    const saved = await pay(`/api/payment/save-payment-details/${orderId}`, {
      paymentId: intent.intentId,
    });
    expect(saved.json().order.statusId).toBe(ORDER_STATUS.PACKING);
    // The pharmacy can no longer set Payment by hand (decision 0012: 409); an order put back
    // there behind the API's back must still not take a second card payment.
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}`,
      headers: w.owner.auth,
      payload: { statusId: ORDER_STATUS.PAYMENT },
    });
    expect(back.statusCode).toBe(409);
    await w.db.update(orders).set({ statusId: ORDER_STATUS.PAYMENT }).where(eq(orders.id, orderId));
    await refused(
      { method: 'POST', url: `/api/payment/create-intent/${orderId}`, headers: w.memberA.auth },
      409,
      'This order has already been paid by card.',
    );
  });
});
