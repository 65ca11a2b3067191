import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, QUANTITY_MIN, quantityExceedsStock } from '@pharmacy/shared';
import { products } from '../src/db/schema/index';
import { createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import { createUser, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

describe(`cart (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
    a = await createUser(t);
    b = await createUser(t);
  });
  afterAll(async () => t.close());

  const add = (user: TestUser, productId: number, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.auth,
      payload: { productId, quantity },
    });
  const cartOf = async (user: TestUser) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/cart/all/${user.id}`, headers: user.auth })
    ).json();

  it("is private: anonymous 401, another user's cart 404", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/cart/all/${a.id}` })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/cart/all/${a.id}`, headers: b.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: 1, quantity: 1 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('adds, steps up and down within stock, and totals in exact money', async () => {
    const product = await createProduct(t.database.db, basics, {
      name: 'Shelcal 500',
      offerPriceMinor: 1999,
      maximumRetailPriceMinor: 2500,
      quantity: 3,
    });
    const added = await add(a, product.id, 1);
    expect(added.json()).toMatchObject({
      message: MESSAGES.addedToCart,
      cartItem: { productId: product.id, count: 1 },
    });
    expect((await add(a, product.id, 1)).json().message).toBe(MESSAGES.quantityUpdated);
    expect((await add(a, product.id, 1)).json().cartItem.count).toBe(3);
    const over = await add(a, product.id, 1);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(quantityExceedsStock(3));
    expect((await add(a, product.id, -1)).json().cartItem.count).toBe(2);
    expect((await add(a, product.id, -1)).json().cartItem.count).toBe(1);
    const under = await add(a, product.id, -1);
    expect(under.json().message).toBe(QUANTITY_MIN);
    await add(a, product.id, 2);
    const cart = await cartOf(a);
    expect(cart.summary).toEqual({
      itemCount: 3,
      totalMaximumRetailPrice: 75,
      totalOfferPrice: 59.97,
      totalSaved: 15.03,
      shipping: 0,
      total: 59.97,
      prescriptionRequired: false,
    });
    expect(cart.cartItems[0].product).toMatchObject({ name: 'Shelcal 500', offerPrice: 19.99 });
  });

  it('refuses products that are out of stock, inactive or missing, and a zero quantity', async () => {
    const none = await createProduct(t.database.db, basics, { quantity: 0 });
    expect((await add(a, none.id, 1)).json().message).toMatch(/is out of stock\.$/);
    const hidden = await createProduct(t.database.db, basics, { isActive: false });
    expect((await add(a, hidden.id, 1)).statusCode).toBe(404);
    expect((await add(a, 999999, 1)).statusCode).toBe(404);
    expect((await add(a, none.id, 0)).statusCode).toBe(400);
  });

  it("decrements a line by id, removes the last unit, and never touches another user's line", async () => {
    const product = await createProduct(t.database.db, basics, { quantity: 10 });
    const line = (await add(b, product.id, 2)).json().cartItem;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/cart/${line.id}`, headers: a.auth }))
        .statusCode,
    ).toBe(404);
    const once = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/${line.id}`,
      headers: b.auth,
    });
    expect(once.json().cartItem.count).toBe(1);
    const last = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/${line.id}`,
      headers: b.auth,
    });
    expect(last.json().cartItem).toBeNull();
    expect((await cartOf(b)).cartItems).toHaveLength(0);
  });

  it('removes a product and empties the cart', async () => {
    const product = await createProduct(t.database.db, basics, { quantity: 10 });
    await add(b, product.id, 1);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/cart/remove/${product.id}`,
          headers: b.auth,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/cart/remove/${product.id}`,
          headers: b.auth,
        })
      ).statusCode,
    ).toBe(404);
    await add(b, product.id, 1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/cart/count/${a.id}`, headers: b.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/cart/count/${b.id}`, headers: b.auth }))
        .statusCode,
    ).toBe(200);
    expect((await cartOf(b)).cartItems).toHaveLength(0);
  });

  it('merges a guest cart: adds quantities, caps at stock, drops what is gone', async () => {
    const user = await createUser(t);
    const plenty = await createProduct(t.database.db, basics, { name: 'Plenty', quantity: 50 });
    const few = await createProduct(t.database.db, basics, { name: 'Few', quantity: 2 });
    const gone = await createProduct(t.database.db, basics, { name: 'Gone', quantity: 5 });
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, gone.id));
    await add(user, plenty.id, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: user.auth,
      payload: {
        items: [
          { productId: plenty.id, count: 3 },
          { productId: few.id, count: 5 },
          { productId: gone.id, count: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const counts = Object.fromEntries(
      res
        .json()
        .cartItems.map((i: { product: { name: string }; count: number }) => [
          i.product.name,
          i.count,
        ]),
    );
    expect(counts).toEqual({ Plenty: 5, Few: 2 });
    expect(res.json().notes).toEqual([
      'Only 2 of Few can be ordered; your cart was adjusted.',
      'A product in your cart is no longer available and was removed.',
    ]);
  });

  it('keeps a consistent count when one user clicks plus in two tabs at once', async () => {
    const user = await createUser(t);
    const product = await createProduct(t.database.db, basics, { quantity: 5 });
    const results = await Promise.all(Array.from({ length: 8 }, () => add(user, product.id, 1)));
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(5);
    expect((await cartOf(user)).cartItems[0].count).toBe(5);
  });
});
