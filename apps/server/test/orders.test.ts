import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ORDER_STATUS } from '@pharmacy/shared';
import { cartItems, orders, products } from '../src/db/schema/index';
import { createBasics, createProduct, setStock, type CatalogBasics } from './catalog-factories';
import { createAdmin, createUser, validAddress, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

describe(`orders (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const add = (user: TestUser, productId: number, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.auth,
      payload: { productId, quantity },
    });
  const place = (user: TestUser, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const stockOf = async (productId: number) =>
    (
      await db().select({ q: products.quantity }).from(products).where(eq(products.id, productId))
    )[0]?.q;
  const detail = (user: TestUser, orderId: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/order/getOrderDetail/${orderId}`,
      headers: user.auth,
    });
  const update = (user: TestUser, orderId: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/order/${orderId}`, headers: user.auth, payload });

  it('refuses an empty cart and anonymous callers', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/order' })).statusCode).toBe(401);
    const user = await createUser(t);
    const res = await place(user);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your cart is empty.');
  });

  it('places an order: reserves stock, snapshots prices, empties the cart, records history', async () => {
    const user = await createUser(t);
    const p1 = await createProduct(db(), basics, {
      name: 'Pan 40',
      offerPriceMinor: 14050,
      maximumRetailPriceMinor: 15500,
      quantity: 10,
    });
    const p2 = await createProduct(db(), basics, {
      name: 'Azee 500',
      offerPriceMinor: 11900,
      maximumRetailPriceMinor: 12500,
      quantity: 4,
      prescription: true,
    });
    await add(user, p1.id, 2);
    await add(user, p2.id, 1);
    const res = await place(user);
    expect(res.statusCode).toBe(201);
    const { orderId } = res.json();
    expect(await stockOf(p1.id)).toBe(8);
    expect(await stockOf(p2.id)).toBe(3);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(
      0,
    );

    await db()
      .update(products)
      .set({ offerPriceMinor: 99900, maximumRetailPriceMinor: 99900 })
      .where(eq(products.id, p1.id));
    const body = (await detail(user, orderId)).json();
    expect(body.order).toMatchObject({
      id: orderId,
      statusId: ORDER_STATUS.COLLECTING_ADDRESS,
      status: 'Collecting Address',
      totalOrderValue: 400,
      itemCount: 3,
      hasPrescriptionItems: true,
      addressId: null,
    });
    expect(
      body.orderDetails.map(
        (l: { productName: string; offerPrice: number; quantity: number; lineTotal: number }) => [
          l.productName,
          l.offerPrice,
          l.quantity,
          l.lineTotal,
        ],
      ),
    ).toEqual([
      ['Pan 40', 140.5, 2, 281],
      ['Azee 500', 119, 1, 119],
    ]);
    expect(body.statusHistory).toEqual([
      expect.objectContaining({ fromStatusId: null, toStatusId: ORDER_STATUS.COLLECTING_ADDRESS }),
    ]);
  });

  it('answers the same order for a retried request with the same idempotency key', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 10 });
    await add(user, product.id, 2);
    const results = await Promise.all([
      place(user, 'checkout-abc-123'),
      place(user, 'checkout-abc-123'),
      place(user, 'checkout-abc-123'),
    ]);
    const ids = new Set(results.map((r) => r.json().orderId));
    expect(ids.size).toBe(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await stockOf(product.id)).toBe(8);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('never sells the last unit twice', async () => {
    const product = await createProduct(db(), basics, { quantity: 1 });
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    for (const shopper of shoppers)
      expect((await add(shopper, product.id, 1)).statusCode).toBe(200);
    const results = await Promise.all(shoppers.map((s) => place(s)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const lost of results.filter((r) => r.statusCode !== 201)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json().message).toMatch(/out of stock/);
    }
    expect(await stockOf(product.id)).toBe(0);
  });

  it('leaves cart and stock as they were when an order fails', async () => {
    const user = await createUser(t);
    const fine = await createProduct(db(), basics, { quantity: 10 });
    const scarce = await createProduct(db(), basics, { name: 'Scarce', quantity: 5 });
    await add(user, fine.id, 2);
    await add(user, scarce.id, 4);
    await setStock(db(), scarce.id, 3);
    const res = await place(user);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 3 of Scarce left in stock. Please lower the quantity.');
    expect(await stockOf(fine.id)).toBe(10);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(
      2,
    );
  });

  it("lists own orders only for members, and all or one customer's for admins", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 50 });
    for (const user of [a, a, b]) {
      await add(user, product.id, 1);
      await place(user);
    }
    const own = (
      await t.app.inject({ method: 'GET', url: `/api/order/all?userId=${b.id}`, headers: a.auth })
    ).json();
    expect(own.pagination.rowCount).toBe(2);
    expect(own.orderList.every((o: { userId: number }) => o.userId === a.id)).toBe(true);
    expect(own.orderList[0]).toMatchObject({
      orderedBy: { name: a.name },
      firstItemImage: expect.stringMatching(/^\/uploads\//),
    });
    const one = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/all?userId=${b.id}`,
        headers: admin.auth,
      })
    ).json();
    expect(one.pagination.rowCount).toBe(1);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/order/all?pageSize=2', headers: admin.auth })
    ).json();
    expect(all.pagination.rowCount).toBeGreaterThanOrEqual(3);
    expect(all.orderList).toHaveLength(2);
    const filtered = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/all?statusId=${ORDER_STATUS.DELIVERED}`,
        headers: admin.auth,
      })
    ).json();
    expect(filtered.pagination.rowCount).toBe(0);
  });

  it("hides another user's order (404) and shows it to admins", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 5 });
    await add(owner, product.id, 1);
    const { orderId } = (await place(owner)).json();
    expect((await detail(other, orderId)).statusCode).toBe(404);
    expect((await update(other, orderId, { addressId: 1 })).statusCode).toBe(404);
    expect((await detail(admin, orderId)).statusCode).toBe(200);
    await db().delete(products).where(eq(products.id, product.id));
    const line = (await detail(owner, orderId)).json().orderDetails[0];
    expect(line).toMatchObject({ product: null, productName: product.name });
  });

  it('moves the order on from the address, then cash on delivery, computed on the server', async () => {
    const user = await createUser(t);
    const plain = await createProduct(db(), basics, { quantity: 5 });
    await add(user, plain.id, 1);
    const { orderId } = (await place(user)).json();
    expect((await update(user, orderId, { statusId: ORDER_STATUS.DELIVERED })).statusCode).toBe(
      403,
    );
    expect((await update(user, orderId, { payment: 'Cash on Delivery' })).statusCode).toBe(409);

    const other = await createUser(t);
    const othersAddress = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/saveAddress',
        headers: other.auth,
        payload: validAddress,
      })
    ).json().addressId;
    expect((await update(user, orderId, { addressId: othersAddress })).statusCode).toBe(404);

    const addressId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/saveAddress',
        headers: user.auth,
        payload: validAddress,
      })
    ).json().addressId;
    const confirmed = await update(user, orderId, { addressId });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().order).toMatchObject({
      statusId: ORDER_STATUS.PAYMENT,
      addressId,
      shippingAddress: { city: 'Pune', pinCode: '411001' },
    });

    expect((await update(user, orderId, { payment: 'Card' })).statusCode).toBe(400);
    const paid = await update(user, orderId, { payment: 'Cash on Delivery' });
    expect(paid.json().order).toMatchObject({
      statusId: ORDER_STATUS.PACKING,
      paymentNote: 'Cash on Delivery',
    });
    expect((await update(user, orderId, { addressId })).statusCode).toBe(409);
  });

  it('sends prescription orders to the prescription step and then to pharmacist review', async () => {
    const user = await createUser(t);
    const rx = await createProduct(db(), basics, { quantity: 5, prescription: true });
    await add(user, rx.id, 1);
    const { orderId } = (await place(user)).json();
    const addressId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/saveAddress',
        headers: user.auth,
        payload: validAddress,
      })
    ).json().addressId;
    expect((await update(user, orderId, { addressId })).json().order.statusId).toBe(
      ORDER_STATUS.COLLECTING_PRESCRIPTION,
    );
  });

  it('lets admins set status and delivery date, cancel with stock back, and never leave a final status', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 5 });
    await add(user, product.id, 2);
    const { orderId } = (await place(user)).json();
    expect(await stockOf(product.id)).toBe(3);

    const dated = await update(admin, orderId, { expectedDeliveryDate: '2026-12-01' });
    expect(dated.json()).toMatchObject({
      message: MESSAGES.expectedDeliveryUpdated,
      order: { expectedDeliveryDate: '2026-12-01' },
    });
    expect((await update(admin, orderId, { expectedDeliveryDate: '2026-02-30' })).statusCode).toBe(
      400,
    );
    expect((await update(admin, orderId, { statusId: 42 })).statusCode).toBe(400);
    expect((await update(admin, orderId, {})).statusCode).toBe(400);

    const cancelled = await update(admin, orderId, {
      statusId: ORDER_STATUS.CANCELLED,
      note: 'Customer asked',
    });
    expect(cancelled.json()).toMatchObject({
      message: MESSAGES.orderStatusUpdated,
      order: { statusId: ORDER_STATUS.CANCELLED, status: 'Cancelled' },
    });
    expect(await stockOf(product.id)).toBe(5);
    const again = await update(admin, orderId, { statusId: ORDER_STATUS.PACKING });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(5);

    await add(user, product.id, 1);
    const second = (await place(user)).json().orderId;
    // The state machine (decision 0012) has no shortcut to Delivered: it follows Dispatched.
    expect((await update(admin, second, { statusId: ORDER_STATUS.DELIVERED })).statusCode).toBe(
      409,
    );
    await db()
      .update(orders)
      .set({ statusId: ORDER_STATUS.DISPATCHED })
      .where(eq(orders.id, second));
    const delivered = await update(admin, second, { statusId: ORDER_STATUS.DELIVERED });
    expect(delivered.json().order.deliveredAt).toEqual(expect.any(String));
    const history = (await detail(admin, second)).json().statusHistory;
    expect(history.at(-1)).toMatchObject({
      fromStatusId: ORDER_STATUS.DISPATCHED,
      toStatusId: ORDER_STATUS.DELIVERED,
      changedBy: 'Admin Person',
    });
  });
});
