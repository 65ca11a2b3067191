import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderStatusId } from '@pharmacy/shared';
import {
  couponRedemptions,
  orderCancellations,
  orders,
  products,
  refunds,
  stockBatches,
  stockMovements,
  taxDocuments,
} from '../src/db/schema/index';
import { createStripePaymentProvider } from '../src/modules/payments/stripe-provider';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../src/modules/payments/test-provider';
import { addBatch, createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import {
  caller,
  createAdmin,
  createUser,
  payByTestCard,
  validAddress,
  type TestUser,
} from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { readOutbox } from './support/outbox';
import { givePoints, insertCoupon } from './support/promotions';

const S = ORDER_STATUS;
const HOUR = 3_600_000;
const ALREADY_DISPATCHED =
  'This order has already been dispatched and can no longer be cancelled. You can ask to return it once it is delivered.';

describe(`Self-service cancellation and refunds (${testDriver})`, () => {
  let t: TestApp;
  let provider: TestPaymentProvider;
  let basics: CatalogBasics;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    provider = createTestPaymentProvider();
    t = await buildTestApp({}, { jobs: { poll: false }, paymentProvider: provider });
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
    user = await createUser(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = caller(() => t);

  /** An order of 2 units (₹199 each) that has reached the Payment step. */
  async function orderAtPayment(buyer: TestUser = user, units = 2) {
    const product = await createProduct(db(), basics, {
      quantity: 0,
      offerPriceMinor: 19900,
      maximumRetailPriceMinor: 21000,
    });
    // Two batches, so that an order of 4 takes from both (the earliest expiry first).
    await addBatch(db(), product.id, 3, { expiryDate: '2030-01-31' });
    await addBatch(db(), product.id, 5, { expiryDate: '2031-01-31' });
    await db().update(products).set({ quantity: 8 }).where(eq(products.id, product.id));
    expect(
      (await call(buyer, 'POST', '/api/cart', { productId: product.id, quantity: units }))
        .statusCode,
    ).toBe(200);
    const placed = await call(buyer, 'POST', '/api/order');
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().orderId as number;
    const addressId = (await call(buyer, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await call(buyer, 'PUT', `/api/order/${orderId}`, { addressId })).statusCode).toBe(200);
    return { orderId, productId: product.id };
  }

  const payByCard = (buyer: TestUser, orderId: number) =>
    payByTestCard(call, provider, buyer, orderId);

  const cancel = (
    buyer: TestUser,
    orderId: number,
    payload: object = { reasonCode: 'changed_mind' },
  ) => call(buyer, 'POST', `/api/order/${orderId}/cancel`, payload);
  const setStatus = (orderId: number, statusId: OrderStatusId) =>
    db().update(orders).set({ statusId }).where(eq(orders.id, orderId));
  const statusOf = async (orderId: number) =>
    (await db().select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, orderId)))[0]
      ?.statusId;

  it.each([
    S.COLLECTING_ADDRESS,
    S.COLLECTING_PRESCRIPTION,
    S.PAYMENT,
    S.WAITING_TO_ACCEPT,
    S.ACCEPTED,
    S.PACKING,
  ])('the owner cancels an unpaid order at status %i', async (statusId) => {
    const { orderId } = await orderAtPayment();
    await setStatus(orderId, statusId);
    const res = await cancel(user, orderId, {
      reasonCode: 'other',
      reasonText: 'Bought it at the shop',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().afterSales).toMatchObject({
      cancellation: { by: 'customer', reasonCode: 'other', reasonText: 'Bought it at the shop' },
      refunds: [],
      canCancel: false,
      cancelBlockReason: 'This order is already cancelled.',
    });
    expect(await statusOf(orderId)).toBe(S.CANCELLED);
  });

  it.each([
    [S.DISPATCHED, ALREADY_DISPATCHED],
    [S.DELIVERED, ALREADY_DISPATCHED],
    [S.CANCELLED, 'This order is already cancelled.'],
  ])('status %i answers 409 with its sentence and changes nothing', async (statusId, message) => {
    const { orderId } = await orderAtPayment();
    await setStatus(orderId, statusId as OrderStatusId);
    const res = await cancel(user, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
    expect(await statusOf(orderId)).toBe(statusId);
    expect(
      await db().select().from(orderCancellations).where(eq(orderCancellations.orderId, orderId)),
    ).toEqual([]);
  });

  it('the window: one minute inside 24 hours cancels, one minute past answers 409', async () => {
    const inside = await orderAtPayment();
    const outside = await orderAtPayment();
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 24 * HOUR + 60_000) })
      .where(eq(orders.id, inside.orderId));
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 24 * HOUR - 60_000) })
      .where(eq(orders.id, outside.orderId));
    const late = (await call(user, 'GET', `/api/order/${outside.orderId}/after-sales`)).json();
    expect(late).toMatchObject({ canCancel: false, cancelDeadline: null });
    const refused = await cancel(user, outside.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Orders can be cancelled within 24 hours of being placed; this one was placed earlier. Please contact our support team.',
    );
    const early = (await call(user, 'GET', `/api/order/${inside.orderId}/after-sales`)).json();
    expect(early.canCancel).toBe(true);
    expect(new Date(early.cancelDeadline).getTime()).toBeGreaterThan(Date.now());
    expect((await cancel(user, inside.orderId)).statusCode).toBe(200);
  });

  it('the order list says per order whether the owner may still cancel it', async () => {
    const open = await orderAtPayment();
    const dispatched = await orderAtPayment();
    await setStatus(dispatched.orderId, S.DISPATCHED);
    const list = (await call(user, 'GET', '/api/order/all?page=1&pageSize=100')).json()
      .orderList as Array<{ id: number; canCancel: boolean }>;
    expect(list.find((order) => order.id === open.orderId)?.canCancel).toBe(true);
    expect(list.find((order) => order.id === dispatched.orderId)?.canCancel).toBe(false);
  });

  it("another member's order is 404, and so is an admin on the customer's route", async () => {
    const { orderId } = await orderAtPayment();
    const other = await createUser(t);
    expect((await cancel(other, orderId)).statusCode).toBe(404);
    expect((await cancel(admin, orderId)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/order/${orderId}/after-sales`)).statusCode).toBe(404);
    expect(
      (await call(other, 'PUT', `/api/order/${orderId}/address`, { addressId: 1 })).statusCode,
    ).toBe(404);
    expect((await call(admin, 'GET', `/api/order/${orderId}/after-sales`)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe(S.PAYMENT);
  });

  it('refuses a missing reason and "other" without a text (400, nothing changed)', async () => {
    const { orderId } = await orderAtPayment();
    expect((await cancel(user, orderId, {})).statusCode).toBe(400);
    const other = await cancel(user, orderId, { reasonCode: 'other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('please tell us why you are cancelling');
    expect(await statusOf(orderId)).toBe(S.PAYMENT);
  });

  it('puts the units back into the batches they came from, with ledger rows', async () => {
    // 4 units: 3 from the first batch to expire and 1 from the next (whichever the shop picked).
    const { orderId, productId } = await orderAtPayment(user, 4);
    const before = await db()
      .select()
      .from(stockBatches)
      .where(eq(stockBatches.productId, productId));
    expect((await cancel(user, orderId)).statusCode).toBe(200);
    const after = await db()
      .select()
      .from(stockBatches)
      .where(eq(stockBatches.productId, productId));
    const moves = await db()
      .select()
      .from(stockMovements)
      .where(
        and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, 'cancellation_return')),
      );
    expect(moves.reduce((sum, move) => sum + move.units, 0)).toBe(4);
    for (const move of moves) {
      const was = before.find((batch) => batch.id === move.batchId);
      const now = after.find((batch) => batch.id === move.batchId);
      expect((now?.onHand ?? 0) - (was?.onHand ?? 0)).toBe(move.units);
    }
  });

  it('a paid order: full card refund through the provider, credit note, one mail with the refund sentence', async () => {
    const { orderId } = await orderAtPayment();
    const intentId = await payByCard(user, orderId);
    expect(await statusOf(orderId)).toBe(S.PACKING);
    const res = await cancel(user, orderId, { reasonCode: 'found_cheaper' });
    expect(res.statusCode).toBe(200);
    expect(res.json().afterSales.refunds).toEqual([
      expect.objectContaining({
        reason: 'cancellation',
        method: 'card',
        amountMinor: 39800,
        status: 'pending',
      }),
    ]);
    expect(provider.refunds()).not.toContainEqual(expect.objectContaining({ intentId }));
    await t.app.jobs.drain();
    const [row] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ status: 'succeeded', amountMinor: 39800, provider: 'test' });
    expect(row?.completedAt).toBeInstanceOf(Date);
    expect(provider.refunds()).toContainEqual(
      expect.objectContaining({
        intentId,
        amountMinor: 39800,
        idempotencyKey: `refund-${row?.id}`,
        id: row?.providerRefundId,
      }),
    );
    const after = (await call(user, 'GET', `/api/order/${orderId}/after-sales`)).json();
    expect(after.refunds[0]).toMatchObject({ status: 'succeeded', amount: 398 });
    const documents = await db()
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, orderId));
    expect(documents.map((document) => document.kind).sort()).toEqual(['credit_note', 'invoice']);
    // One mail, in the subject style of the other order mails: not a second status mail beside it.
    const mails = (await readOutbox(t.config.dataDir)).filter(
      (mail) => mail.subject === `Order cancelled — order #${orderId}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('We are refunding ₹398.00 to the card you paid with');
    expect(mails[0]?.text).toContain('I found a better price elsewhere');
  });

  it('cancelling gives back the coupon use and the points spent, and refunds what was paid', async () => {
    const member = await createUser(t);
    const { orderId } = await orderAtPayment(member);
    const coupon = await insertCoupon(db(), { percentOff: 10, usageLimit: 1 });
    await givePoints(db(), member.id, 50);
    expect(
      (await call(member, 'POST', `/api/order/${orderId}/coupon`, { code: coupon.code }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(member, 'POST', `/api/order/${orderId}/points`, { points: 10 })).statusCode,
    ).toBe(200);
    expect((await call(member, 'GET', '/api/loyalty')).json().balance).toBe(40);
    await payByCard(member, orderId);
    const paid = (await db().transaction((tx) => t.app.refunds.paidMinor(tx, orderId))) as number;
    expect(paid).toBeLessThan(39800);
    expect((await cancel(member, orderId)).statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/loyalty')).json().balance).toBe(50);
    const held = await db()
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)));
    expect(held).toEqual([]);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund?.amountMinor).toBe(paid);
  });

  it('a card payment that goes through after the cancel (another tab) is refunded at once', async () => {
    const { orderId } = await orderAtPayment();
    const started = await call(user, 'POST', `/api/payment/create-intent/${orderId}`);
    expect(started.statusCode).toBe(200);
    expect((await cancel(user, orderId)).statusCode).toBe(200);
    const outcome = provider.confirmCard(started.json().clientSecret, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const saved = await call(user, 'POST', `/api/payment/save-payment-details/${orderId}`, {
      paymentId: outcome.intent.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().order.statusId).toBe(S.CANCELLED);
    await t.app.jobs.drain();
    const [row] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ reason: 'cancellation', amountMinor: 39800, status: 'succeeded' });
    expect(provider.refunds()).toContainEqual(
      expect.objectContaining({ intentId: outcome.intent.id, amountMinor: 39800 }),
    );
  });

  it('the admin cancel (status 8) records the pharmacy, the note, and refunds too', async () => {
    const { orderId } = await orderAtPayment();
    await payByCard(user, orderId);
    const res = await call(admin, 'PUT', `/api/order/${orderId}`, {
      statusId: S.CANCELLED,
      note: 'The supplier recalled this batch',
    });
    expect(res.statusCode).toBe(200);
    const [cancellation] = await db()
      .select()
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, orderId));
    expect(cancellation).toMatchObject({
      cancelledBy: 'admin',
      cancelledByUserId: admin.id,
      reasonCode: 'pharmacy',
      reasonText: 'The supplier recalled this batch',
    });
    const seen = (await call(admin, 'GET', `/api/order/${orderId}/after-sales`)).json();
    expect(seen.cancellation).toMatchObject({
      by: 'admin',
      byName: admin.name,
      reasonLabel: 'Cancelled by the pharmacy',
    });
    expect(seen.refunds).toEqual([expect.objectContaining({ amountMinor: 39800, method: 'card' })]);
    // A dispatched parcel that came back may still be cancelled by the pharmacy, not by the owner.
    const back = await orderAtPayment();
    await setStatus(back.orderId, S.DISPATCHED);
    const undelivered = await call(admin, 'PUT', `/api/order/${back.orderId}`, {
      statusId: S.CANCELLED,
    });
    expect(undelivered.statusCode).toBe(200);
    const [defaulted] = await db()
      .select()
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, back.orderId));
    expect(defaulted).toMatchObject({ cancelledBy: 'admin', reasonText: null });
  });

  it('a double click or a second tab: one cancellation, one refund, the other answers 409', async () => {
    const { orderId } = await orderAtPayment();
    await payByCard(user, orderId);
    const answers = await Promise.all([cancel(user, orderId), cancel(user, orderId)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().message).toBe(
      'This order is already cancelled.',
    );
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect(
      await db().select().from(orderCancellations).where(eq(orderCancellations.orderId, orderId)),
    ).toHaveLength(1);
  });

  it('the delivery address changes before packing, and not after (409)', async () => {
    const { orderId } = await orderAtPayment();
    const second = (
      await call(user, 'POST', '/api/user/saveAddress', {
        ...validAddress,
        street: '22 New Road',
      })
    ).json().addressId as number;
    const changed = await call(user, 'PUT', `/api/order/${orderId}/address`, { addressId: second });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().order).toMatchObject({
      addressId: second,
      shippingAddress: { street: '22 New Road' },
    });
    await setStatus(orderId, S.PACKING);
    const late = await call(user, 'PUT', `/api/order/${orderId}/address`, { addressId: second });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'The delivery address can only be changed before the order is packed.',
    );
    const other = await createUser(t);
    const theirs = (await call(other, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    await setStatus(orderId, S.ACCEPTED);
    expect(
      (await call(user, 'PUT', `/api/order/${orderId}/address`, { addressId: theirs })).statusCode,
    ).toBe(404);
  });

  it('the engine never refunds more than was paid: the second of two that together exceed is 409', async () => {
    const { orderId } = await orderAtPayment();
    await payByCard(user, orderId);
    await db().transaction((tx) =>
      t.app.refunds.refund(tx, {
        orderId,
        reason: 'damage',
        amountMinor: 30000,
        byUserId: admin.id,
      }),
    );
    await expect(
      db().transaction((tx) =>
        t.app.refunds.refund(tx, {
          orderId,
          reason: 'return',
          amountMinor: 9801,
          byUserId: admin.id,
        }),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'A refund cannot be more than what is left of the amount paid.',
    });
    await expect(
      db().transaction((tx) =>
        t.app.refunds.refund(tx, { orderId, reason: 'return', amountMinor: 0, byUserId: admin.id }),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    const last = await db().transaction((tx) =>
      t.app.refunds.refund(tx, {
        orderId,
        reason: 'return',
        amountMinor: 9800,
        byUserId: admin.id,
      }),
    );
    expect(last.status).toBe('pending');
    expect(await db().transaction((tx) => t.app.refunds.refundedMinor(tx, orderId))).toBe(39800);
    // Cancelling now refunds nothing more (everything is back already).
    expect((await cancel(user, orderId)).statusCode).toBe(200);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(2);
  });

  it('cash on delivery: nothing to refund before delivery; once delivered, a payout needs its reference', async () => {
    const { orderId } = await orderAtPayment();
    expect(
      (await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' }))
        .statusCode,
    ).toBe(200);
    expect(await db().transaction((tx) => t.app.refunds.paidMinor(tx, orderId))).toBe(0);
    await setStatus(orderId, S.DELIVERED);
    expect(await db().transaction((tx) => t.app.refunds.paidMinor(tx, orderId))).toBe(39800);
    await expect(
      db().transaction((tx) =>
        t.app.refunds.refund(tx, {
          orderId,
          reason: 'return',
          amountMinor: 19900,
          byUserId: admin.id,
        }),
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'A cash-on-delivery refund needs the UPI or bank transfer reference.',
    });
    const payout = await db().transaction((tx) =>
      t.app.refunds.refund(tx, {
        orderId,
        reason: 'return',
        amountMinor: 19900,
        byUserId: admin.id,
        payout: { channel: 'upi', reference: 'UPI-4471-0098' },
      }),
    );
    expect(payout).toMatchObject({
      method: 'payout',
      status: 'succeeded',
      payoutChannel: 'upi',
      provider: 'none',
    });
    await t.app.jobs.drain();
    const mails = await readOutbox(t.config.dataDir);
    expect(
      mails.find((mail) => mail.subject === `Your refund for order #${orderId}`)?.text,
    ).toContain('We have paid ₹199.00 back to you by UPI (reference UPI-4471-0098).');
  });
});

describe(`Card refunds through the local Stripe fake (${testDriver})`, () => {
  let fake: FakeStripe;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const provider = await createStripePaymentProvider({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      webhookSecret: 'whsec_local',
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    });
    t = await buildTestApp({}, { jobs: { poll: false }, paymentProvider: provider });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const call = caller(() => t);

  it('sends POST /v1/refunds with the amount and the refund id as idempotency key, once', async () => {
    const basics = await createBasics(t.database.db);
    const product = await createProduct(t.database.db, basics, {
      quantity: 5,
      offerPriceMinor: 19900,
      maximumRetailPriceMinor: 21000,
    });
    await call(user, 'POST', '/api/cart', { productId: product.id, quantity: 2 });
    const orderId = (await call(user, 'POST', '/api/order')).json().orderId as number;
    const addressId = (await call(user, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId;
    await call(user, 'PUT', `/api/order/${orderId}`, { addressId });
    const { intentId } = (await call(user, 'POST', `/api/payment/create-intent/${orderId}`)).json();
    const intent = fake.intents.get(intentId);
    if (!intent) throw new Error('no intent');
    intent.status = 'succeeded';
    expect(
      (
        await call(user, 'POST', `/api/payment/save-payment-details/${orderId}`, {
          paymentId: intentId,
        })
      ).statusCode,
    ).toBe(200);

    expect(
      (
        await call(user, 'POST', `/api/order/${orderId}/cancel`, {
          reasonCode: 'ordered_by_mistake',
        })
      ).statusCode,
    ).toBe(200);
    await t.app.jobs.drain();
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(fake.refunds).toEqual([
      expect.objectContaining({
        payment_intent: intentId,
        amount: 39800,
        idempotencyKey: `refund-${row?.id}`,
      }),
    ]);
    expect(row).toMatchObject({
      status: 'succeeded',
      provider: 'stripe',
      providerRefundId: fake.refunds[0]?.id,
    });
  });

  it('a refused provider call keeps the refund pending with its error for the retry, none sent', async () => {
    const basics = await createBasics(t.database.db);
    const product = await createProduct(t.database.db, basics, {
      quantity: 5,
      offerPriceMinor: 19900,
      maximumRetailPriceMinor: 21000,
    });
    await call(user, 'POST', '/api/cart', { productId: product.id, quantity: 1 });
    const orderId = (await call(user, 'POST', '/api/order')).json().orderId as number;
    const addressId = (await call(user, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    await call(user, 'PUT', `/api/order/${orderId}`, { addressId });
    const { intentId } = (await call(user, 'POST', `/api/payment/create-intent/${orderId}`)).json();
    const intent = fake.intents.get(intentId);
    if (!intent) throw new Error('no intent');
    intent.status = 'succeeded';
    await call(user, 'POST', `/api/payment/save-payment-details/${orderId}`, {
      paymentId: intentId,
    });
    const before = fake.refunds.length;
    // The SDK itself tries 3 times; all refused.
    fake.failNextRefunds = 3;
    expect(
      (await call(user, 'POST', `/api/order/${orderId}/cancel`, { reasonCode: 'changed_mind' }))
        .statusCode,
    ).toBe(200);
    await t.app.jobs.drain();
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ status: 'pending', providerRefundId: null });
    expect(row?.lastError).toBeTruthy();
    expect(fake.refunds).toHaveLength(before);
    expect(fake.failNextRefunds).toBe(0);
  });
});
