import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, addDays, indiaToday } from '@pharmacy/shared';
import { createBasics, createProduct, createSalt } from './catalog-factories';
import {
  caller,
  createPharmacist,
  createUser,
  transcriptionFor,
  uploadPrescription,
  validAddress,
} from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/** Issue 31 point 3: refill reminders say until when the saved prescription covers the medicine. */
describe(`refill reminders and saved prescriptions (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());
  const call = caller(() => t);

  it('answers each reminder with the saved prescription’s last day and the units it still allows', async () => {
    const db = t.database.db;
    const basics = await createBasics(db);
    const salt = await createSalt(db, `Amlodipine ${Date.now()}`);
    const rx = await createProduct(db, basics, {
      prescription: true,
      quantity: 50,
      saltCompositionId: salt.id,
      strength: '5 mg',
    });
    const plain = await createProduct(db, basics, { quantity: 50 });
    const pharmacist = await createPharmacist(t);
    const member = await createUser(t);
    for (const productId of [rx.id, plain.id])
      await call(member, 'POST', '/api/cart', { productId, quantity: 2 });
    const orderId = (await call(member, 'POST', '/api/order')).json().orderId as number;
    const addressId = (await call(member, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    await call(member, 'PUT', `/api/order/${orderId}`, { addressId });
    expect((await uploadPrescription(t, member, orderId)).statusCode).toBe(200);
    await call(member, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
    const { transcription } = transcriptionFor([]);
    const approved = await call(pharmacist, 'POST', `/api/order/${orderId}/prescription-review`, {
      decision: 'approve',
      transcription: {
        ...transcription,
        lines: [
          {
            saltCompositionId: salt.id,
            strength: '5mg',
            dose: '1 tablet',
            frequency: 'once a day',
            durationDays: 30,
            quantity: 10,
          },
        ],
      },
    });
    expect(approved.statusCode).toBe(200);

    const detail = (await call(member, 'GET', `/api/order/getOrderDetail/${orderId}`)).json();
    expect(detail.order.statusId).toBe(ORDER_STATUS.ACCEPTED);
    for (const line of detail.orderDetails as Array<{ id: number }>) {
      const set = await call(member, 'POST', '/api/refills', {
        orderId,
        orderLineId: line.id,
        intervalDays: 30,
      });
      expect(set.statusCode).toBeLessThan(300);
    }
    const { refills } = (await call(member, 'GET', '/api/refills')).json() as {
      refills: Array<{ productId: number; prescription: unknown }>;
    };
    const byProduct = new Map(refills.map((refill) => [refill.productId, refill.prescription]));
    expect(byProduct.get(rx.id)).toEqual({
      requiresPrescription: true,
      validUntil: addDays(indiaToday(new Date()), 180),
      remainingUnits: 8,
    });
    expect(byProduct.get(plain.id)).toEqual({
      requiresPrescription: false,
      validUntil: null,
      remainingUnits: 0,
    });
  });
});
