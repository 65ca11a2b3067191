import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, SHIPMENT_MESSAGES } from '@pharmacy/shared';
import { auditLog, orders } from '../src/db/schema/index';
import { AWB_TAKEN, NOT_READY_TO_DISPATCH } from '../src/modules/shipments/shipments.service';
import { createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import { createAdmin, createUser, validAddress, type TestUser } from './factories';
import { pdfText } from './support/pdf-text';
import { buildTestApp, testDriver, type TestApp } from './helpers';
import { readOutbox } from './support/outbox';

const WEBHOOK_SECRET = 'courier-webhook-secret-for-tests';

/** Issue 29 point 4: parcels with couriers and tracking numbers, events, the webhook, the slip. */
describe(`shipments (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  let courierId: number;

  beforeAll(async () => {
    t = await buildTestApp({ courierWebhookSecret: WEBHOOK_SECRET }, { jobs: { poll: false } });
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
    const made = await call(admin, 'POST', '/api/couriers', {
      name: 'Delhivery',
      trackingUrlTemplate: 'https://track.example/delhivery/{awb}',
    });
    expect(made.statusCode, made.body).toBe(200);
    courierId = made.json().id;
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  function call(
    user: TestUser | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) {
    return t.app.inject({
      method,
      url,
      headers: user?.auth ?? {},
      ...(payload ? { payload } : {}),
    });
  }

  /** A cash-on-delivery order of two products, confirmed (Packing). */
  async function packingOrder(buyer?: TestUser) {
    const member = buyer ?? (await createUser(t));
    for (const price of [25_000, 12_000]) {
      const product = await createProduct(db(), basics, {
        offerPriceMinor: price,
        maximumRetailPriceMinor: price + 1_000,
      });
      expect(
        (await call(member, 'POST', '/api/cart', { productId: product.id, quantity: 1 }))
          .statusCode,
      ).toBe(200);
    }
    const placed = await call(member, 'POST', '/api/order');
    const orderId = placed.json().orderId as number;
    const addressId = (await call(member, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await call(member, 'PUT', `/api/order/${orderId}`, { addressId })).statusCode).toBe(
      200,
    );
    const paid = await call(member, 'PUT', `/api/order/${orderId}`, {
      payment: 'Cash on Delivery',
    });
    expect(paid.json().order.statusId).toBe(ORDER_STATUS.PACKING);
    return { member, orderId };
  }
  const statusOf = async (orderId: number) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
  const webhook = (body: object, signature?: string) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/delivery/webhook/courier',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined
          ? {
              'x-courier-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
            }
          : signature
            ? { 'x-courier-signature': signature }
            : {}),
      },
      payload: raw,
    });
  };

  it('dispatches an order in two parcels and delivers it when both have arrived', async () => {
    const { member, orderId } = await packingOrder();
    const first = await call(admin, 'POST', `/api/order/${orderId}/shipments`, {
      courierId,
      awb: 'DLV-1001',
      note: 'Box 1 of 2',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await statusOf(orderId))?.statusId).toBe(ORDER_STATUS.DISPATCHED);
    const second = await call(admin, 'POST', `/api/order/${orderId}/shipments`, {
      courierId,
      awb: 'DLV-1002',
      note: 'Box 2 of 2',
    });
    expect(second.statusCode, second.body).toBe(200);
    const [one, two] = second.json().shipments;
    expect(one).toMatchObject({
      awb: 'DLV-1001',
      trackingUrl: 'https://track.example/delhivery/DLV-1001',
      status: 'dispatched',
      courier: { name: 'Delhivery' },
    });

    // The same tracking number twice, and an order not yet packed, are refused.
    const again = await call(admin, 'POST', `/api/order/${orderId}/shipments`, {
      courierId,
      awb: 'DLV-1001',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AWB_TAKEN);
    const bad = await call(admin, 'POST', `/api/order/${orderId}/shipments`, {
      courierId,
      awb: 'no spaces!',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(SHIPMENT_MESSAGES.awb);

    // The owner sees the parcels; another member does not even learn the order exists.
    const seen = await call(member, 'GET', `/api/order/${orderId}/shipments`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().shipments).toHaveLength(2);
    const other = await createUser(t);
    expect((await call(other, 'GET', `/api/order/${orderId}/shipments`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/order/${orderId}/shipments`)).statusCode).toBe(401);
    expect(
      (
        await call(member, 'POST', `/api/order/${orderId}/shipments`, {
          courierId,
          awb: 'DLV-9999',
        })
      ).statusCode,
    ).toBe(403);

    // One parcel delivered: the order waits for the other.
    const delivered = await call(
      admin,
      'POST',
      `/api/order/${orderId}/shipments/${one.id}/events`,
      {
        kind: 'delivered',
        location: 'Pune',
        occurredAt: new Date(Date.now() - 120_000).toISOString(),
      },
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await statusOf(orderId))?.statusId).toBe(ORDER_STATUS.DISPATCHED);
    // The second, by the courier's webhook: the order is Delivered when its last parcel was.
    const at = new Date(Date.now() - 60_000).toISOString();
    const hook = await webhook({
      eventId: 'evt-2-delivered',
      courier: 'Delhivery',
      awb: two.awb,
      event: 'delivered',
      occurredAt: at,
      location: 'Pune',
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json()).toEqual({ received: true, applied: true });
    const done = await statusOf(orderId);
    expect(done?.statusId).toBe(ORDER_STATUS.DELIVERED);
    expect(done?.deliveredAt?.toISOString()).toBe(at);

    // The dispatch mail names the courier and the tracking link; the second parcel has its own.
    await t.app.jobs.drain();
    const mails = (await readOutbox(t.config.dataDir)).filter((mail) =>
      mail.subject.endsWith(`order #${orderId}`),
    );
    const dispatched = mails.find((mail) => mail.subject.startsWith('Order dispatched'));
    expect(dispatched?.text).toContain(
      'Sent with Delhivery, tracking number DLV-1001: https://track.example/delhivery/DLV-1001',
    );
    expect(mails.some((mail) => mail.text.includes('DLV-1002'))).toBe(true);
    const actions = (await db().select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['shipment.dispatched', 'shipment.event_recorded']),
    );
  });

  it('delivers the order when its two parcels are delivered at the same moment', async () => {
    const { orderId } = await packingOrder();
    for (const awb of ['DLV-4001', 'DLV-4002'])
      expect(
        (await call(admin, 'POST', `/api/order/${orderId}/shipments`, { courierId, awb }))
          .statusCode,
      ).toBe(200);
    const parcels = (await call(admin, 'GET', `/api/order/${orderId}/shipments`)).json()
      .shipments as { id: number; awb: string }[];
    const answers = await Promise.all(
      parcels.map((parcel, i) =>
        webhook({
          eventId: `evt-4-${i}`,
          courier: 'Delhivery',
          awb: parcel.awb,
          event: 'delivered',
          occurredAt: new Date().toISOString(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await statusOf(orderId))?.statusId).toBe(ORDER_STATUS.DELIVERED);
  });

  it('refuses a parcel for an order that is not packed yet', async () => {
    const member = await createUser(t);
    const product = await createProduct(db(), basics, {});
    await call(member, 'POST', '/api/cart', { productId: product.id, quantity: 1 });
    const orderId = (await call(member, 'POST', '/api/order')).json().orderId as number;
    const refused = await call(admin, 'POST', `/api/order/${orderId}/shipments`, {
      courierId,
      awb: 'DLV-2001',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NOT_READY_TO_DISPATCH);
  });

  it('takes only signed courier webhooks, once per event, and never answers 500', async () => {
    const { orderId } = await packingOrder();
    const sent = await call(admin, 'POST', `/api/order/${orderId}/shipments`, {
      courierId,
      awb: 'DLV-3001',
    });
    const shipmentId = sent.json().shipments[0].id as number;
    const event = {
      eventId: 'evt-3-transit',
      courier: 'Delhivery',
      awb: 'DLV-3001',
      event: 'in_transit',
      occurredAt: new Date().toISOString(),
      location: 'Mumbai hub',
    };
    expect((await webhook(event, '')).statusCode).toBe(401);
    expect((await webhook(event, 'ab'.repeat(32))).statusCode).toBe(401);
    expect((await webhook(event, 'not hex')).statusCode).toBe(401);
    expect((await webhook({ ...event, event: 'teleported' })).statusCode).toBe(400);
    expect((await webhook(event)).json()).toEqual({ received: true, applied: true });
    // Replayed: acknowledged, nothing added.
    expect((await webhook(event)).json()).toEqual({ received: true, applied: false });
    // Unknown parcel: acknowledged and ignored, so the courier stops sending it.
    expect((await webhook({ ...event, eventId: 'x', awb: 'UNKNOWN-1' })).json()).toEqual({
      received: true,
      applied: false,
    });
    const listed = await call(admin, 'GET', `/api/order/${orderId}/shipments`);
    const parcel = listed.json().shipments.find((s: { id: number }) => s.id === shipmentId);
    expect(parcel.status).toBe('in_transit');
    expect(parcel.events).toHaveLength(1);
    expect(parcel.events[0]).toMatchObject({ source: 'courier', location: 'Mumbai hub' });
    // An older event arriving late is kept in the history but does not turn the parcel back.
    await webhook({
      ...event,
      eventId: 'evt-3-picked',
      event: 'picked_up',
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const after = (await call(admin, 'GET', `/api/order/${orderId}/shipments`)).json();
    expect(after.shipments[0].status).toBe('in_transit');
    expect(after.shipments[0].events.map((e: { kind: string }) => e.kind)).toEqual([
      'picked_up',
      'in_transit',
    ]);
  });

  it('prints a packing slip with lines, batches and expiry, and no prices', async () => {
    const { orderId, member } = await packingOrder();
    const slip = await call(admin, 'GET', `/api/order/${orderId}/packing-slip.pdf`);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const text = pdfText(slip.rawPayload);
    expect(text).toContain(`Packing slip — order #${orderId}`);
    expect(text).toContain('Batch');
    expect(text).toContain('Expiry');
    expect(text).toContain(validAddress.pinCode);
    expect(text).not.toMatch(/₹|Rs\.|250\.00|120\.00/);
    expect((await call(member, 'GET', `/api/order/${orderId}/packing-slip.pdf`)).statusCode).toBe(
      403,
    );
  });

  it('documents every delivery and parcel route in the OpenAPI document', async () => {
    const docs = (await call(undefined, 'GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(docs.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/delivery/estimate',
        'GET /api/delivery/areas',
        'POST /api/delivery/areas',
        'PUT /api/delivery/areas/{id}',
        'DELETE /api/delivery/areas/{id}',
        'POST /api/delivery/areas/import/preview',
        'POST /api/delivery/areas/import',
        'GET /api/delivery/calendar',
        'PUT /api/delivery/calendar',
        'GET /api/couriers',
        'POST /api/couriers',
        'PUT /api/couriers/{id}',
        'GET /api/order/{orderId}/shipments',
        'POST /api/order/{orderId}/shipments',
        'POST /api/order/{orderId}/shipments/{shipmentId}/events',
        'GET /api/order/{orderId}/packing-slip.pdf',
        'POST /api/delivery/webhook/courier',
      ]),
    );
  });

  it('keeps couriers: names unique, the tracking URL carries {awb}', async () => {
    const refused = await call(admin, 'POST', '/api/couriers', {
      name: 'Blue Dart',
      trackingUrlTemplate: 'https://track.example/bluedart',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(SHIPMENT_MESSAGES.trackingUrl);
    const twice = await call(admin, 'POST', '/api/couriers', {
      name: 'Delhivery',
      trackingUrlTemplate: 'https://track.example/x/{awb}',
    });
    expect(twice.statusCode).toBe(409);
    const retired = await call(admin, 'PUT', `/api/couriers/${courierId}`, {
      name: 'Delhivery',
      trackingUrlTemplate: 'https://track.example/delhivery/{awb}',
      isActive: true,
    });
    expect(retired.statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/couriers')).json().couriers).toHaveLength(1);
  });
});
