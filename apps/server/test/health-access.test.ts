import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, healthAccessListResponseSchema } from '@pharmacy/shared';
import { auditLog, orders, patients } from '../src/db/schema/index';
import type { TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';
import { createWorld, insertOrder, insertPrescription, type World } from './security/support/world';

/**
 * Issue 32 point 4: whoever opens a customer's prescription file, an order's prescriptions or
 * saved prescriptions, or the patient on an order, other than the customer, is written to the
 * audit chain ('health.accessed'); the owner reads the log by person and by customer.
 */
describe(`health-data access log (${testDriver})`, () => {
  let t: TestApp;
  let w: World;
  let rxOrder: number;
  let fileId: number;
  let patientId: number;

  const get = (who: TestUser | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });

  async function entries() {
    return t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'health.accessed'), eq(auditLog.entityType, 'customer')))
      .orderBy(auditLog.id);
  }

  async function list(query: string) {
    const response = await get(w.owner, `/api/audit/health-access${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return healthAccessListResponseSchema.parse(response.json());
  }

  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    w = await createWorld(t);
    const [patient] = await t.database.db
      .insert(patients)
      .values({ userId: w.memberA.id, name: 'Kamala Verma', ageYears: 60, sex: 'female' })
      .returning({ id: patients.id });
    if (!patient) throw new Error('no patient');
    patientId = patient.id;
    rxOrder = await insertOrder(t.database.db, w.memberA.id, {
      statusId: ORDER_STATUS.WAITING_TO_ACCEPT,
      productId: w.rxProductId,
      prescription: true,
      addressId: w.addressA,
    });
    await t.database.db.update(orders).set({ patientId }).where(eq(orders.id, rxOrder));
    fileId = await insertPrescription(t, rxOrder, w.memberA.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('records nothing when the customer opens their own file, prescriptions and order', async () => {
    for (const url of [
      `/api/prescription-file/${fileId}`,
      `/api/order/${rxOrder}/prescriptions`,
      `/api/order/${rxOrder}/saved-prescriptions`,
      `/api/order/getOrderDetail/${rxOrder}`,
    ])
      expect((await get(w.memberA, url)).statusCode, url).toBe(200);
    expect(await entries()).toEqual([]);
  });

  it('records nothing for staff who are refused or shown no patient (the packer, support)', async () => {
    expect((await get(w.packer, `/api/prescription-file/${fileId}`)).statusCode).toBe(404);
    expect((await get(w.support, `/api/order/${rxOrder}/prescriptions`)).statusCode).toBe(404);
    const detail = await get(w.packer, `/api/order/getOrderDetail/${rxOrder}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().dispensing.patient).toBeUndefined();
    expect((await get(w.support, `/api/order/getOrderDetail/${rxOrder}`)).statusCode).toBe(200);
    expect((await get(w.memberB, `/api/prescription-file/${fileId}`)).statusCode).toBe(404);
    expect(await entries()).toEqual([]);
  });

  it('records who opened what when the pharmacist opens the file, the prescriptions and the patient', async () => {
    const file = await get(w.pharmacist, `/api/prescription-file/${fileId}`);
    expect(file.statusCode).toBe(200);
    expect((await get(w.pharmacist, `/api/order/${rxOrder}/prescriptions`)).statusCode).toBe(200);
    expect((await get(w.pharmacist, `/api/order/${rxOrder}/saved-prescriptions`)).statusCode).toBe(
      200,
    );
    const detail = await get(w.pharmacist, `/api/order/getOrderDetail/${rxOrder}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().dispensing.patient).toMatchObject({ id: patientId, name: 'Kamala Verma' });

    const rows = await entries();
    expect(rows.map((row) => [row.actorUserId, row.entityId, row.details])).toEqual([
      [
        w.pharmacist.id,
        String(w.memberA.id),
        {
          opened: 'prescription_file',
          orderId: rxOrder,
          fileId,
          patientId,
          route: 'GET /api/prescription-file/:fileId',
        },
      ],
      [
        w.pharmacist.id,
        String(w.memberA.id),
        {
          opened: 'order_prescriptions',
          orderId: rxOrder,
          fileId: null,
          patientId,
          route: 'GET /api/order/:orderId/prescriptions',
        },
      ],
      [
        w.pharmacist.id,
        String(w.memberA.id),
        {
          opened: 'saved_prescriptions',
          orderId: rxOrder,
          fileId: null,
          patientId,
          route: 'GET /api/order/:orderId/saved-prescriptions',
        },
      ],
      [
        w.pharmacist.id,
        String(w.memberA.id),
        {
          opened: 'order_patient',
          orderId: rxOrder,
          fileId: null,
          patientId,
          route: 'GET /api/order/getOrderDetail/:orderId',
        },
      ],
    ]);
    // The entries are links of the chain like any other.
    const verify = await get(w.owner, '/api/audit/verify');
    expect(verify.json()).toMatchObject({ ok: true });
  });

  it('lets the owner list the log by person and by customer, newest first, with names', async () => {
    // The owner opens B's file too: another person, another customer.
    const orderB = await insertOrder(t.database.db, w.memberB.id, {
      statusId: ORDER_STATUS.WAITING_TO_ACCEPT,
      productId: w.rxProductId,
      prescription: true,
    });
    const fileB = await insertPrescription(t, orderB, w.memberB.id);
    expect((await get(w.owner, `/api/prescription-file/${fileB}`)).statusCode).toBe(200);

    const everything = await list('');
    expect(everything.pagination).toMatchObject({ page: 1, rowCount: 5, pageCount: 1 });
    expect(everything.entries[0]).toMatchObject({
      actor: { id: w.owner.id, name: w.owner.name, email: w.owner.email, roleId: 1 },
      customer: { id: w.memberB.id, name: w.memberB.name, email: w.memberB.email },
      details: { opened: 'prescription_file', fileId: fileB, orderId: orderB, patientId: null },
    });

    const byPharmacist = await list(`?actorUserId=${w.pharmacist.id}`);
    expect(byPharmacist.entries.map((entry) => entry.details.opened)).toEqual([
      'order_patient',
      'saved_prescriptions',
      'order_prescriptions',
      'prescription_file',
    ]);
    expect(byPharmacist.entries[0]).toMatchObject({
      actor: { id: w.pharmacist.id, name: w.pharmacist.name, roleId: 3 },
      customer: { id: w.memberA.id, name: w.memberA.name },
    });

    const ofB = await list(`?customerId=${w.memberB.id}`);
    expect(ofB.entries.map((entry) => entry.actor?.id)).toEqual([w.owner.id]);
    expect((await list(`?customerId=${w.memberA.id}&actorUserId=${w.owner.id}`)).entries).toEqual(
      [],
    );
    // Empty filters (the screen's "anyone") are no filter; a page past the end is empty.
    expect((await list('?actorUserId=&customerId=')).pagination.rowCount).toBe(5);
    expect((await list('?page=2')).entries).toEqual([]);
  });

  it('is the owner’s: staff and members get 403, no one signed in 401', async () => {
    for (const who of [w.pharmacist, w.packer, w.support, w.memberA])
      expect((await get(who, '/api/audit/health-access')).statusCode).toBe(403);
    expect((await get(undefined, '/api/audit/health-access')).statusCode).toBe(401);
    expect((await get(w.owner, '/api/audit/health-access?customerId=abc')).statusCode).toBe(400);
  });
});
