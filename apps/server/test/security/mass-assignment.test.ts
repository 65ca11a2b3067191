import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, ROLE, addDays, utcDay } from '@pharmacy/shared';
import type { Database } from '../../src/db/client';
import {
  addresses,
  cartItems,
  orders,
  products,
  stockBatches,
  stockMovements,
  users,
} from '../../src/db/schema/index';
import { createProduct } from '../catalog-factories';
import { validAddress } from '../factories';
import { buildTestApp, testDriver, type TestApp } from '../helpers';
import { PRIVILEGED_FIELDS } from './support/schema-arbitrary';
import { batchOf, createWorld, insertOrder, putInCart, type World } from './support/world';

/**
 * Issue 7 · no payload field lets a member change a role, a price, a stock level, another user's
 * data or an order status (OWASP API3:2023 broken object property level authorization, ASVS 8.2).
 * Each request carries the fields an attacker would try; the rows they aim at are compared
 * before and after.
 */

/** The whole row, for before/after comparisons. */
const rows = {
  user: async (db: Database, id: number) =>
    (await db.select().from(users).where(eq(users.id, id)))[0],
  address: async (db: Database, id: number) =>
    (await db.select().from(addresses).where(eq(addresses.id, id)))[0],
  order: async (db: Database, id: number) =>
    (await db.select().from(orders).where(eq(orders.id, id)))[0],
  product: async (db: Database, id: number) =>
    (await db.select().from(products).where(eq(products.id, id)))[0],
  batch: async (db: Database, id: number) =>
    (await db.select().from(stockBatches).where(eq(stockBatches.id, id)))[0],
  movements: (db: Database, batchId: number) =>
    db.select().from(stockMovements).where(eq(stockMovements.batchId, batchId)),
};

describe(`mass assignment and other people's data (${testDriver})`, () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await createWorld(t);
  });
  afterAll(async () => t.close());

  const inject = (
    user: { auth: { authorization: string } },
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const hostile = (w: World) => ({
    ...PRIVILEGED_FIELDS,
    userId: w.memberB.id,
    id: w.memberB.id,
  });

  it('a profile update cannot raise the role, switch provider or touch another account', async () => {
    const bBefore = await rows.user(w.db, w.memberB.id);
    const aBefore = await rows.user(w.db, w.memberA.id);
    const res = await inject(w.memberA, 'PUT', '/api/user/updateMyProfile', {
      ...hostile(w),
      name: 'Member A Renamed',
      email: w.memberA.email,
      phoneNumber: '9876543210',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: w.memberA.id, roleId: ROLE.MEMBER });
    const aAfter = await rows.user(w.db, w.memberA.id);
    expect(aAfter).toMatchObject({
      name: 'Member A Renamed',
      roleId: ROLE.MEMBER,
      providerName: 'Email',
      tokenVersion: aBefore?.tokenVersion,
      passwordHash: aBefore?.passwordHash,
    });
    expect(await rows.user(w.db, w.memberB.id)).toEqual(bBefore);
  });

  it('a sign-up is always a member with an e-mail login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        ...PRIVILEGED_FIELDS,
        name: 'Eve',
        email: 'eve@example.com',
        phoneNumber: '9876543210',
        password: 'evepassword',
        confirmPassword: 'evepassword',
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await w.db.select().from(users).where(eq(users.email, 'eve@example.com'));
    expect(row).toMatchObject({ roleId: ROLE.MEMBER, providerName: 'Email', tokenVersion: 0 });
  });

  it("saving or editing an address never writes to another user's addresses", async () => {
    const bAddressBefore = await rows.address(w.db, w.addressB);
    const saved = await inject(w.memberA, 'POST', '/api/user/saveAddress', {
      ...hostile(w),
      id: w.addressB,
      ...validAddress,
      isPrimary: true,
    });
    expect(saved.statusCode).toBe(201);
    const savedRow = await rows.address(w.db, saved.json().addressId as number);
    expect(savedRow).toMatchObject({ userId: w.memberA.id });
    expect(saved.json().addressId).not.toBe(w.addressB);

    const edited = await inject(w.memberA, 'PATCH', `/api/user/updateAddress/${w.addressA}`, {
      ...validAddress,
      userId: w.memberB.id,
      city: 'Nagpur',
    });
    expect(edited.statusCode).toBe(200);
    expect(await rows.address(w.db, w.addressA)).toMatchObject({
      userId: w.memberA.id,
      city: 'Nagpur',
    });
    const foreign = await inject(w.memberA, 'PATCH', `/api/user/updateAddress/${w.addressB}`, {
      ...validAddress,
      city: 'Hijacked',
    });
    expect(foreign.statusCode).toBe(404);
    expect(await rows.address(w.db, w.addressB)).toEqual(bAddressBefore);
    const list = await inject(w.memberB, 'GET', '/api/user/getAllAddress');
    expect((list.json().addressList as Array<{ id: number }>).map((a) => a.id)).toEqual([
      w.addressB,
    ]);
  });

  it("the cart takes the product's own price and never another user's cart or the stock", async () => {
    const product = await createProduct(w.db, w.basics, {
      quantity: 30,
      offerPriceMinor: 12345,
      maximumRetailPriceMinor: 15000,
    });
    const productBefore = await rows.product(w.db, product.id);
    const bLine = await putInCart(w.db, w.memberB.id, w.productId);
    const added = await inject(w.memberA, 'POST', '/api/cart', {
      ...hostile(w),
      cartItemId: bLine,
      count: 99,
      productId: product.id,
      quantity: 2,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().cartItem).toMatchObject({ count: 2, product: { offerPrice: 123.45 } });
    const merged = await inject(w.memberA, 'POST', '/api/cart/merge', {
      userId: w.memberB.id,
      items: [{ productId: product.id, count: 1, price: 0.01, userId: w.memberB.id }],
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().summary.totalOfferPrice).toBeGreaterThanOrEqual(123.45 * 3);
    const bCart = await w.db.select().from(cartItems).where(eq(cartItems.userId, w.memberB.id));
    expect(bCart.map((line) => [line.id, line.productId, line.count])).toEqual([
      [bLine, w.productId, 1],
    ]);
    expect(await rows.product(w.db, product.id)).toEqual(productBefore);
  });

  it('placing an order ignores any total, status or owner in the request', async () => {
    const member = w.memberA;
    await w.db.delete(cartItems).where(eq(cartItems.userId, member.id));
    const product = await createProduct(w.db, w.basics, {
      quantity: 10,
      offerPriceMinor: 20000,
      maximumRetailPriceMinor: 25000,
    });
    await putInCart(w.db, member.id, product.id);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...member.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...hostile(w), statusId: ORDER_STATUS.DELIVERED }),
    });
    expect(placed.statusCode).toBe(201);
    const order = await rows.order(w.db, placed.json().orderId as number);
    expect(order).toMatchObject({
      userId: member.id,
      statusId: ORDER_STATUS.COLLECTING_ADDRESS,
      totalOrderValueMinor: 20000,
    });
    expect(await rows.product(w.db, product.id)).toMatchObject({ quantity: 9, unitsSold: 1 });
  });

  it("a member's order update sets only the address or cash on delivery, all or nothing", async () => {
    const orderId = await insertOrder(w.db, w.memberA.id, {
      statusId: ORDER_STATUS.COLLECTING_ADDRESS,
      productId: w.productId,
    });
    const before = await rows.order(w.db, orderId);
    for (const payload of [
      { statusId: ORDER_STATUS.DELIVERED },
      { addressId: w.addressA, statusId: ORDER_STATUS.PACKING },
      { addressId: w.addressA, expectedDeliveryDate: '2030-01-01' },
    ]) {
      const res = await inject(w.memberA, 'PUT', `/api/order/${orderId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(await rows.order(w.db, orderId)).toEqual(before);
    }
    const foreignAddress = await inject(w.memberA, 'PUT', `/api/order/${orderId}`, {
      addressId: w.addressB,
    });
    expect(foreignAddress.statusCode).toBe(404);
    expect(await rows.order(w.db, orderId)).toEqual(before);

    const withExtras = await inject(w.memberA, 'PUT', `/api/order/${orderId}`, {
      addressId: w.addressA,
      totalOrderValue: 0.01,
      totalOrderValueMinor: 1,
      userId: w.memberB.id,
    });
    expect(withExtras.statusCode).toBe(200);
    expect(await rows.order(w.db, orderId)).toMatchObject({
      userId: w.memberA.id,
      totalOrderValueMinor: before?.totalOrderValueMinor,
      addressId: w.addressA,
      statusId: ORDER_STATUS.PAYMENT,
    });
  });

  it("another member's order cannot be changed, paid with, or listed", async () => {
    const bOrder = await insertOrder(w.db, w.memberB.id, {
      statusId: ORDER_STATUS.PAYMENT,
      productId: w.productId,
      addressId: w.addressB,
    });
    const before = await rows.order(w.db, bOrder);
    for (const payload of [
      { addressId: w.addressA },
      { payment: 'Cash on Delivery' },
      { statusId: ORDER_STATUS.CANCELLED },
    ]) {
      const res = await inject(w.memberA, 'PUT', `/api/order/${bOrder}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
    }
    expect(await rows.order(w.db, bOrder)).toEqual(before);

    // B pays B's order by card; A then presents B's successful payment for A's own order.
    const intent = await inject(w.memberB, 'POST', `/api/payment/create-intent/${bOrder}`);
    const { intentId, clientSecret } = intent.json() as { intentId: string; clientSecret: string };
    await inject(w.memberB, 'POST', '/api/payment/test/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    const aOrder = await insertOrder(w.db, w.memberA.id, {
      statusId: ORDER_STATUS.PAYMENT,
      productId: w.productId,
      addressId: w.addressA,
    });
    const aBefore = await rows.order(w.db, aOrder);
    const replay = await inject(w.memberA, 'POST', `/api/payment/save-payment-details/${aOrder}`, {
      paymentId: intentId,
    });
    expect(replay.statusCode).toBe(404);
    expect(await rows.order(w.db, aOrder)).toEqual(aBefore);

    const listed = await inject(w.memberA, 'GET', `/api/order/all?userId=${w.memberB.id}`);
    const owners = new Set(
      (listed.json().orderList as Array<{ userId: number }>).map((order) => order.userId),
    );
    expect([...owners]).toEqual([w.memberA.id]);
  });

  it('a stock change sets only what it names: no units on hand, recall, ledger kind or author from the body', async () => {
    // Issue 15: the fields of a batch and of its ledger row that the server alone writes.
    const product = await createProduct(w.db, w.basics, { quantity: 20 });
    const other = await createProduct(w.db, w.basics, { quantity: 20 });
    const batchId = await batchOf(w.db, product.id);
    const otherBatchId = await batchOf(w.db, other.id);
    const otherBefore = await rows.batch(w.db, otherBatchId);
    const stockFields = {
      ...hostile(w),
      onHand: 999_999,
      receivedUnits: 999_999,
      recalledAt: '2000-01-01T00:00:00Z',
      recallReason: 'planted',
      kind: 'sale',
      orderId: w.orderA,
      batchId: otherBatchId,
      requestKey: 'planted-key',
      createdAt: '2000-01-01T00:00:00Z',
    };
    const received = await inject(w.owner, 'POST', '/api/inventory/receipts', {
      ...stockFields,
      productId: product.id,
      units: 5,
      batchNumber: 'MASS-1',
      expiryDate: addDays(utcDay(), 200),
    });
    expect(received.statusCode, received.body).toBe(201);
    const newBatch = received.json().batch.id as number;
    expect(await rows.batch(w.db, newBatch)).toMatchObject({
      productId: product.id,
      onHand: 5,
      receivedUnits: 5,
      recalledAt: null,
      recallReason: null,
    });
    expect(await rows.movements(w.db, newBatch)).toMatchObject([
      { kind: 'receipt', units: 5, userId: w.owner.id, orderId: null, requestKey: null },
    ]);
    expect((await rows.product(w.db, product.id))?.quantity).toBe(25);

    const adjusted = await inject(
      w.owner,
      'POST',
      `/api/inventory/batches/${batchId}/adjustments`,
      {
        ...stockFields,
        productId: other.id,
        units: 2,
        reason: 'count_correction',
      },
    );
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(await rows.batch(w.db, batchId)).toMatchObject({ onHand: 22, recalledAt: null });
    const [adjustment] = await w.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.batchId, batchId), eq(stockMovements.kind, 'adjustment')));
    expect(adjustment).toMatchObject({ units: 2, userId: w.owner.id, orderId: null });

    const started = Date.now() - 60_000;
    const recalled = await inject(w.owner, 'POST', `/api/inventory/batches/${batchId}/recall`, {
      ...stockFields,
      reason: 'Supplier recall',
    });
    expect(recalled.statusCode, recalled.body).toBe(200);
    const after = await rows.batch(w.db, batchId);
    expect(after).toMatchObject({ onHand: 0, recallReason: 'Supplier recall' });
    expect(after?.recalledAt?.getTime()).toBeGreaterThan(started);
    expect(await rows.batch(w.db, otherBatchId)).toEqual(otherBefore);
    expect((await rows.product(w.db, other.id))?.quantity).toBe(20);
  });
});
