import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderStatusId } from '@pharmacy/shared';
import { orders, patients } from '../src/db/schema/index';
import { DISPATCHED_CANCEL_IS_THE_OWNERS } from '../src/modules/orders/order-access';
import { transcriptionFor, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';
import { createWorld, insertOrder, insertPrescription, type World } from './security/support/world';

/**
 * Issue 32, field by field: what each member of staff is shown of an order. The packer packs and
 * dispatches without money or health data; support sees money but not the patient and cannot
 * cancel a parcel on its way; the pharmacist reviews with the patient beside the files; the
 * customer's own page is unchanged.
 */

/** Keys that carry money, anywhere in an answer. */
const MONEY = [
  'totalOrderValue',
  'subtotal',
  'couponCode',
  'couponDiscount',
  'pointsRedeemed',
  'pointsDiscount',
  'paymentNote',
  'offerPrice',
  'maximumRetailPrice',
  'lineTotal',
  'discount',
  'payments',
  'refunds',
  'revenueMinor',
  'averageOrderValueMinor',
  'periods',
  'daily',
  'topProductsByUnits',
  'topProductsByRevenue',
];
/** Keys that carry a patient, a prescription's content or clinical findings. */
const HEALTH = [
  'patient',
  'patientId',
  'patientName',
  'prescriptionValidity',
  'interactionOverrides',
  'interactions',
  'allergies',
  'allergen',
];

/** Every path in `value` where one of `keys` holds something (null and [] hold nothing). */
function carried(value: unknown, keys: readonly string[], at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => carried(item, keys, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const empty = inner === null || (Array.isArray(inner) && inner.length === 0);
    return [
      ...(keys.includes(key) && !empty ? [`${at}.${key}`] : []),
      ...carried(inner, keys, `${at}.${key}`),
    ];
  });
}

describe(`what staff see of an order (${testDriver})`, () => {
  let t: TestApp;
  let w: World;
  let rxOrder: number;
  let fileId: number;

  const call = (who: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  const orderIn = (statusId: OrderStatusId) =>
    insertOrder(t.database.db, w.memberA.id, {
      statusId,
      productId: w.productId,
      addressId: w.addressA,
    });

  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    w = await createWorld(t);
    const [patient] = await t.database.db
      .insert(patients)
      .values({
        userId: w.memberA.id,
        name: 'Kamala Verma',
        ageYears: 60,
        sex: 'female',
        allergies: ['aspirin'],
      })
      .returning({ id: patients.id });
    if (!patient) throw new Error('no patient');
    rxOrder = await insertOrder(t.database.db, w.memberA.id, {
      statusId: ORDER_STATUS.WAITING_TO_ACCEPT,
      productId: w.rxProductId,
      prescription: true,
      addressId: w.addressA,
    });
    await t.database.db.update(orders).set({ patientId: patient.id }).where(eq(orders.id, rxOrder));
    fileId = await insertPrescription(t, rxOrder, w.memberA.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the packer no money and no health data on the order, the list, a status change and the dashboard', async () => {
    const detail = await call(w.packer, 'GET', `/api/order/getOrderDetail/${rxOrder}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(carried(body, MONEY)).toEqual([]);
    expect(carried(body, HEALTH)).toEqual([]);
    // What the packer works with is there: the lines, the address, the status.
    expect(body.order).toMatchObject({ id: rxOrder, statusId: ORDER_STATUS.WAITING_TO_ACCEPT });
    expect(body.order.shippingAddress).toBeTruthy();
    expect(body.orderDetails[0]).toMatchObject({ productName: 'Fixture product', quantity: 1 });

    const list = await call(w.packer, 'GET', '/api/order/all');
    expect(list.statusCode).toBe(200);
    expect(list.json().orderList.length).toBeGreaterThan(0);
    expect(carried(list.json(), MONEY)).toEqual([]);
    expect(carried(list.json(), HEALTH)).toEqual([]);

    const accepted = await orderIn(ORDER_STATUS.ACCEPTED);
    const packing = await call(w.packer, 'PUT', `/api/order/${accepted}`, {
      statusId: ORDER_STATUS.PACKING,
    });
    expect(packing.statusCode, packing.body).toBe(200);
    expect(packing.json().order.statusId).toBe(ORDER_STATUS.PACKING);
    expect(carried(packing.json(), MONEY)).toEqual([]);
    expect(carried(packing.json(), HEALTH)).toEqual([]);

    const dashboard = await call(w.packer, 'GET', '/api/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(carried(dashboard.json(), MONEY)).toEqual([]);
    expect(carried(dashboard.json(), HEALTH)).toEqual([]);
    expect(dashboard.json().queues).toHaveProperty('packing');
    expect(dashboard.json().queues).not.toHaveProperty('prescriptionReview');
  });

  it('does not find prescriptions or their files for the packer', async () => {
    for (const url of [`/api/order/${rxOrder}/prescriptions`, `/api/prescription-file/${fileId}`])
      expect((await call(w.packer, 'GET', url)).statusCode, url).toBe(404);
  });

  it('shows support the money but not the patient; support cancels before dispatch only', async () => {
    const detail = await call(w.support, 'GET', `/api/order/getOrderDetail/${rxOrder}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().order.totalOrderValue).toBe(90);
    expect(detail.json().orderDetails[0].offerPrice).toBe(90);
    expect(detail.json().dispensing.patient).toBeUndefined();
    expect(carried(detail.json(), HEALTH)).toEqual([]);
    for (const url of [`/api/order/${rxOrder}/prescriptions`, `/api/prescription-file/${fileId}`])
      expect((await call(w.support, 'GET', url)).statusCode, url).toBe(404);

    const dispatched = await orderIn(ORDER_STATUS.DISPATCHED);
    const refused = await call(w.support, 'PUT', `/api/order/${dispatched}`, {
      statusId: ORDER_STATUS.CANCELLED,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DISPATCHED_CANCEL_IS_THE_OWNERS);

    const packing = await orderIn(ORDER_STATUS.PACKING);
    const cancelled = await call(w.support, 'PUT', `/api/order/${packing}`, {
      statusId: ORDER_STATUS.CANCELLED,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order.statusId).toBe(ORDER_STATUS.CANCELLED);
  });

  it('shows the pharmacist the patient and lets them review', async () => {
    const detail = await call(w.pharmacist, 'GET', `/api/order/getOrderDetail/${rxOrder}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().dispensing.patient).toMatchObject({
      name: 'Kamala Verma',
      ageYears: 60,
    });
    expect((await call(w.pharmacist, 'GET', `/api/prescription-file/${fileId}`)).statusCode).toBe(
      200,
    );
    const review = await call(w.pharmacist, 'POST', `/api/order/${rxOrder}/prescription-review`, {
      decision: 'approve',
      ...transcriptionFor([w.rxProductId]),
    });
    expect(review.statusCode, review.body).toBe(200);

    // Approved: the pharmacist's record names the patient; the packer and support learn only
    // that it was approved.
    const approved = await call(w.pharmacist, 'GET', `/api/order/getOrderDetail/${rxOrder}`);
    expect(approved.json().dispensing.approval.patientName).toBeTruthy();
    for (const who of [w.packer, w.support]) {
      const seen = (await call(who, 'GET', `/api/order/getOrderDetail/${rxOrder}`)).json();
      expect(seen.dispensing.approval).toMatchObject({ patientName: null });
      expect(seen.dispensing.approval.approvedAt).toBeTruthy();
      expect(carried(seen, HEALTH)).toEqual([]);
    }
  });

  it("leaves the member's own order page as it was: money included", async () => {
    const detail = await call(w.memberA, 'GET', `/api/order/getOrderDetail/${rxOrder}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().order).toMatchObject({
      totalOrderValue: 90,
      patientId: expect.any(Number),
    });
    expect(detail.json().orderDetails[0]).toMatchObject({
      offerPrice: 90,
      maximumRetailPrice: 100,
      lineTotal: 90,
    });
    const list = await call(w.memberA, 'GET', '/api/order/all');
    expect(list.json().orderList[0]).toHaveProperty('totalOrderValue');
  });
});
