import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_NOT_FOUND, buyAgainResponseSchema, type BuyAgainLine } from '@pharmacy/shared';
import { cartItems, products } from '../src/db/schema/index';
import { createBasics, createProduct, setStock, type CatalogBasics } from './catalog-factories';
import { createAdmin, createUser, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/** Issue 17 buy again: POST /api/order/{orderId}/buy-again. */
describe(`buy again (${testDriver})`, () => {
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
  const addToCart = async (user: TestUser, productId: number, quantity: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.auth,
      payload: { productId, quantity },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** An order placed through the API (stock is taken, the cart emptied), as the shop does it. */
  const placeOrder = async (user: TestUser, lines: Array<[productId: number, count: number]>) => {
    for (const [productId, count] of lines) await addToCart(user, productId, count);
    const res = await t.app.inject({ method: 'POST', url: '/api/order', headers: user.auth });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().orderId as number;
  };
  const buyAgain = (user: TestUser | undefined, orderId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/buy-again`,
      headers: user?.auth ?? {},
    });
  const cartCounts = async (user: TestUser) =>
    Object.fromEntries(
      (
        await db()
          .select({ productId: cartItems.productId, count: cartItems.count })
          .from(cartItems)
          .where(eq(cartItems.userId, user.id))
      ).map((row) => [row.productId, row.count]),
    );
  const lineOf = (lines: BuyAgainLine[], name: string) => {
    const line = lines.find((each) => each.name === name);
    if (!line) throw new Error(`no line named ${name}`);
    return line;
  };

  it('refuses a signed-out caller with 401', async () => {
    const res = await buyAgain(undefined, 1);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please login');
  });

  it('answers 404 for an order that does not exist, and 400 for an id that is not one', async () => {
    const user = await createUser(t);
    const missing = await buyAgain(user, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ORDER_NOT_FOUND);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/order/abc/buy-again',
      headers: user.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another member's order, and for the admin on a customer's order, and fills no cart", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 10 });
    const orderId = await placeOrder(owner, [[product.id, 2]]);
    for (const caller of [other, admin]) {
      const res = await buyAgain(caller, orderId);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ORDER_NOT_FOUND);
      expect(await cartCounts(caller)).toEqual({});
    }
    expect(await cartCounts(owner)).toEqual({});
  });

  it('lets an admin buy again from their own order', async () => {
    const product = await createProduct(db(), basics, { quantity: 10 });
    const orderId = await placeOrder(admin, [[product.id, 2]]);
    const res = await buyAgain(admin, orderId);
    expect(res.statusCode).toBe(200);
    expect(await cartCounts(admin)).toEqual({ [product.id]: 2 });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/count/${admin.id}`,
      headers: admin.auth,
    });
  });

  it("puts the order's products in the cart at the quantities ordered", async () => {
    const user = await createUser(t);
    const first = await createProduct(db(), basics, { name: 'Buy Pan 40', quantity: 20 });
    const second = await createProduct(db(), basics, { name: 'Buy Azee 500', quantity: 20 });
    const orderId = await placeOrder(user, [
      [first.id, 3],
      [second.id, 1],
    ]);
    expect(await cartCounts(user)).toEqual({});

    const res = await buyAgain(user, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const body = buyAgainResponseSchema.parse(res.json());
    expect(body).toEqual({
      message: 'All 2 products of this order are in your cart.',
      addedUnits: 4,
      lines: [
        {
          productId: first.id,
          name: 'Buy Pan 40',
          ordered: 3,
          added: 3,
          inCart: 3,
          reason: null,
          note: null,
        },
        {
          productId: second.id,
          name: 'Buy Azee 500',
          ordered: 1,
          added: 1,
          inCart: 1,
          reason: null,
          note: null,
        },
      ],
    });
    expect(await cartCounts(user)).toEqual({ [first.id]: 3, [second.id]: 1 });
    // The cart the shop shows has them too, with their prices.
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/cart/all/${user.id}`,
      headers: user.auth,
    });
    expect(cart.json().summary.itemCount).toBe(4);
  });

  it('says which products could not be added and why: every kind of unavailable product', async () => {
    const user = await createUser(t);
    const make = (name: string, quantity = 20) =>
      createProduct(db(), basics, { name: `Buy ${name}`, quantity });
    const kept = await make('Kept');
    const deleted = await make('Deleted');
    const unpublished = await make('Unpublished');
    const scheduleX = await make('Schedule X');
    const soldOut = await make('Sold out');
    const fewer = await make('Fewer');
    const limited = await make('Limited');
    const orderId = await placeOrder(user, [
      [kept.id, 2],
      [deleted.id, 1],
      [unpublished.id, 1],
      [scheduleX.id, 1],
      [soldOut.id, 2],
      [fewer.id, 5],
      [limited.id, 4],
    ]);

    // What happened to the catalogue since the order.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/${deleted.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await db().update(products).set({ isActive: false }).where(eq(products.id, unpublished.id));
    await db().update(products).set({ scheduleCode: 'X' }).where(eq(products.id, scheduleX.id));
    await setStock(db(), soldOut.id, 0);
    await setStock(db(), fewer.id, 3);
    await db().update(products).set({ maxUnitsPerOrder: 2 }).where(eq(products.id, limited.id));

    const res = await buyAgain(user, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const body = buyAgainResponseSchema.parse(res.json());
    expect(body.message).toBe(
      '3 of the 7 products of this order were added to your cart, 2 of them in part.',
    );
    expect(body.addedUnits).toBe(2 + 3 + 2);
    expect(body.lines.map((line) => line.name)).toEqual([
      'Buy Kept',
      'Buy Deleted',
      'Buy Unpublished',
      'Buy Schedule X',
      'Buy Sold out',
      'Buy Fewer',
      'Buy Limited',
    ]);
    expect(lineOf(body.lines, 'Buy Kept')).toMatchObject({ added: 2, inCart: 2, reason: null });
    // A deleted product: the order's copy of its name, no id.
    expect(lineOf(body.lines, 'Buy Deleted')).toEqual({
      productId: null,
      name: 'Buy Deleted',
      ordered: 1,
      added: 0,
      inCart: 0,
      reason: 'no_longer_sold',
      note: 'Buy Deleted is no longer sold online and was not added.',
    });
    expect(lineOf(body.lines, 'Buy Unpublished')).toMatchObject({
      productId: unpublished.id,
      added: 0,
      reason: 'no_longer_sold',
      note: 'Buy Unpublished is no longer sold online and was not added.',
    });
    // Schedule X is kept out of carts, as the cart's own add refuses it.
    expect(lineOf(body.lines, 'Buy Schedule X')).toMatchObject({
      added: 0,
      reason: 'no_longer_sold',
    });
    expect(lineOf(body.lines, 'Buy Sold out')).toMatchObject({
      ordered: 2,
      added: 0,
      inCart: 0,
      reason: 'out_of_stock',
      note: 'Buy Sold out is out of stock and was not added.',
    });
    expect(lineOf(body.lines, 'Buy Fewer')).toMatchObject({
      ordered: 5,
      added: 3,
      inCart: 3,
      reason: 'fewer_left',
      note: 'Only 3 of Buy Fewer left: 3 units added of the 5 ordered.',
    });
    expect(lineOf(body.lines, 'Buy Limited')).toMatchObject({
      ordered: 4,
      added: 2,
      inCart: 2,
      reason: 'limit',
      note: 'Buy Limited is limited to 2 units per order: 2 units added of the 4 ordered.',
    });
    expect(await cartCounts(user)).toEqual({ [kept.id]: 2, [fewer.id]: 3, [limited.id]: 2 });

    // The cart it made can be placed as an order: nothing in it breaks a rule.
    const again = await t.app.inject({ method: 'POST', url: '/api/order', headers: user.auth });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('counts the units already in the cart toward the stock and the per-order limit', async () => {
    const user = await createUser(t);
    const plenty = await createProduct(db(), basics, { name: 'Buy Plenty', quantity: 30 });
    const scarce = await createProduct(db(), basics, { name: 'Buy Scarce', quantity: 30 });
    const capped = await createProduct(db(), basics, { name: 'Buy Capped', quantity: 30 });
    const full = await createProduct(db(), basics, { name: 'Buy Full', quantity: 30 });
    const orderId = await placeOrder(user, [
      [plenty.id, 2],
      [scarce.id, 3],
      [capped.id, 2],
      [full.id, 1],
    ]);
    await setStock(db(), scarce.id, 4);
    await db().update(products).set({ maxUnitsPerOrder: 3 }).where(eq(products.id, capped.id));
    await db().update(products).set({ maxUnitsPerOrder: 2 }).where(eq(products.id, full.id));
    await addToCart(user, plenty.id, 1);
    await addToCart(user, scarce.id, 2);
    await addToCart(user, capped.id, 2);
    await addToCart(user, full.id, 2);

    const res = await buyAgain(user, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const { lines, addedUnits, message } = buyAgainResponseSchema.parse(res.json());
    expect(lineOf(lines, 'Buy Plenty')).toMatchObject({ added: 2, inCart: 3, reason: null });
    // 2 in the cart + 3 ordered, 4 in stock: the line ends at 4.
    expect(lineOf(lines, 'Buy Scarce')).toMatchObject({
      added: 2,
      inCart: 4,
      reason: 'fewer_left',
      note: 'Only 4 of Buy Scarce left: 2 units added of the 3 ordered.',
    });
    // 2 in the cart + 2 ordered, limit 3: the line ends at 3.
    expect(lineOf(lines, 'Buy Capped')).toMatchObject({
      added: 1,
      inCart: 3,
      reason: 'limit',
      note: 'Buy Capped is limited to 3 units per order: 1 unit added of the 2 ordered.',
    });
    // Already at its limit: nothing added, and the shopper is told why.
    expect(lineOf(lines, 'Buy Full')).toMatchObject({
      added: 0,
      inCart: 2,
      reason: 'limit',
      note: 'Buy Full is limited to 2 units per order, and your cart already has 2.',
    });
    expect(addedUnits).toBe(5);
    expect(message).toBe(
      '3 of the 4 products of this order were added to your cart, 2 of them in part.',
    );
    expect(await cartCounts(user)).toEqual({
      [plenty.id]: 3,
      [scarce.id]: 4,
      [capped.id]: 3,
      [full.id]: 2,
    });
  });

  it('says when nothing could be added, and writes nothing', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { name: 'Buy Nothing', quantity: 5 });
    const orderId = await placeOrder(user, [[product.id, 1]]);
    await setStock(db(), product.id, 0);
    const res = await buyAgain(user, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'None of the products of this order could be added to your cart.',
      addedUnits: 0,
      lines: [{ name: 'Buy Nothing', reason: 'out_of_stock' }],
    });
    expect(await cartCounts(user)).toEqual({});
  });

  it('stays within the stock when the button is pressed twice at once', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { name: 'Buy Twice', quantity: 10 });
    const orderId = await placeOrder(user, [[product.id, 3]]);
    await setStock(db(), product.id, 4);
    const [a, b] = await Promise.all([buyAgain(user, orderId), buyAgain(user, orderId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const added = [a, b].map((res) => res.json().lines[0].added as number).sort();
    expect(added).toEqual([1, 3]);
    expect(await cartCounts(user)).toEqual({ [product.id]: 4 });
  });
});
