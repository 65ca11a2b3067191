import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@pharmacy/shared';
import { cartItems, orderLines, orders, products } from '../src/db/schema/index';
import { createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import { createAdmin, createUser, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/** Issue 5 acceptance: stock under contention, idempotent retries, and money the client cannot set. */
describe(`orders under concurrency (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const stockOf = async (productId: number) =>
    (
      await db().select({ q: products.quantity }).from(products).where(eq(products.id, productId))
    )[0]?.q;

  it('sells exactly 20 units to 200 parallel shoppers and never goes negative', async () => {
    const product = await createProduct(db(), basics, { quantity: 20 });
    const shoppers: TestUser[] = [];
    for (let i = 0; i < 200; i++)
      shoppers.push(await createUser(t, { email: `rush-${i}-${Date.now()}@example.com` }));
    await db()
      .insert(cartItems)
      .values(shoppers.map((s) => ({ userId: s.id, productId: product.id, count: 1 })));

    const results = await Promise.all(
      shoppers.map((s) => t.app.inject({ method: 'POST', url: '/api/order', headers: s.auth })),
    );
    const won = results.filter((r) => r.statusCode === 201);
    const lost = results.filter((r) => r.statusCode !== 201);
    expect(won).toHaveLength(20);
    expect(lost.every((r) => r.statusCode === 409 && /out of stock/.test(r.json().message))).toBe(
      true,
    );
    expect(await stockOf(product.id)).toBe(0);
    const sold = await db()
      .select({ q: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.productId, product.id));
    expect(sold.reduce((sum, line) => sum + line.q, 0)).toBe(20);
    // The losers keep their carts, so nothing they chose is lost.
    expect(
      await db().select().from(cartItems).where(eq(cartItems.productId, product.id)),
    ).toHaveLength(180);
  }, 120_000);

  it('answers 50 parallel repeats of one idempotency key with one order', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 10 });
    await db().insert(cartItems).values({ userId: user.id, productId: product.id, count: 3 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: { ...user.auth, 'idempotency-key': 'one-click-only-1234' },
        }),
      ),
    );
    expect(new Set(results.map((r) => r.json().orderId)).size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(7);
  }, 60_000);

  it('restores stock exactly once when a cancel is sent twice at once', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 10 });
    await db().insert(cartItems).values({ userId: user.id, productId: product.id, count: 4 });
    const { orderId } = (
      await t.app.inject({ method: 'POST', url: '/api/order', headers: user.auth })
    ).json();
    expect(await stockOf(product.id)).toBe(6);
    const cancel = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/order/${orderId}`,
        headers: admin.auth,
        payload: { statusId: ORDER_STATUS.CANCELLED },
      });
    const results = await Promise.all([cancel(), cancel()]);
    // The second cancel finds the order already cancelled: an idempotent no-op.
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().order.statusId)).toEqual([
      ORDER_STATUS.CANCELLED,
      ORDER_STATUS.CANCELLED,
    ]);
    expect(await stockOf(product.id)).toBe(10);
    const later = await cancel();
    expect(later.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('ignores prices, totals and statuses a client slips into its requests', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, {
      quantity: 10,
      offerPriceMinor: 25000,
      maximumRetailPriceMinor: 30000,
    });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.auth,
      payload: { productId: product.id, quantity: 2, offerPrice: 1, price: 1, totalOrderValue: 1 },
    });
    expect(added.statusCode).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ totalOrderValue: 1, statusId: ORDER_STATUS.PACKING }),
    });
    const { orderId } = placed.json();
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/getOrderDetail/${orderId}`,
        headers: user.auth,
      })
    ).json();
    expect(detail.order).toMatchObject({
      totalOrderValue: 500,
      statusId: ORDER_STATUS.COLLECTING_ADDRESS,
    });
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}`,
      headers: user.auth,
      payload: { statusId: ORDER_STATUS.PACKING },
    });
    expect(forged.statusCode).toBe(403);
  });
});
