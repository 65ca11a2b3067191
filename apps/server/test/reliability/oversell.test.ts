import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUS,
  PROVIDER,
  ROLE,
  addDays,
  allocateFefo,
  sellableCutoff,
  utcDay,
} from '@pharmacy/shared';
import { isCheckViolation } from '../../src/db/errors';
import {
  cartItems,
  orderLineBatches,
  orderLines,
  orders,
  products,
  stockBatches,
  stockMovements,
  users,
} from '../../src/db/schema/index';
import { hashPassword } from '../../src/lib/password';
import { createLocalStorage } from '../../src/lib/storage/index';
import { signSessionToken } from '../../src/lib/tokens';
import { OutOfStockError } from '../../src/lib/errors';
import { createEventBus } from '../../src/lib/event-bus';
import { createCartService } from '../../src/modules/cart/cart.service';
import { createCatalogService } from '../../src/modules/catalog/catalog.service';
import { createScheduleRegistry } from '../../src/modules/compliance/schedules';
import { createInventoryService } from '../../src/modules/inventory/inventory.service';
import type { OrderEventMap } from '../../src/modules/orders/order-events';
import { createPlaceOrder } from '../../src/modules/orders/place-order';
import { createAdmin, TEST_PASSWORD, type TestUser } from '../factories';
import { addBatch, createBasics, createProduct, type CatalogBasics } from '../catalog-factories';
import { buildTestApp, testDriver, type TestApp } from '../helpers';
import {
  assertStockInvariants,
  describeStockFigures,
  type StockInvariantOptions,
} from '../support/stock-invariants';

/**
 * Issue 7 · oversell under load (OWASP ASVS 2.3.4: limited stock is never double-booked).
 * 1,000 shoppers, each with one unit of the same product in the cart, place their orders at the
 * same moment against 100 units: exactly 100 orders, stock 0, units sold + stock = the initial
 * stock. OVERSELL_TRIALS repeats it (1 in `npm test`, 10 in `npm run test:stress`), each on a
 * new product. Then the invariants the cart cannot reach: two lines of one order on the same
 * product (through the order service), orders spanning two products taken all or nothing, and
 * cancellations racing new orders for the units they give back.
 *
 * Issue 15: stock lives in batches. Every product here holds several, with different expiry
 * dates, beside batches that must never be sold (expired, short-dated by a day, recalled with
 * units still on the shelf): orders take the earliest-expiring sellable units first (FEFO) under
 * concurrency, the unsellable batches lose nothing, and after every test the stock invariants
 * hold (support/stock-invariants.ts: no batch below zero, on hand = the ledger, allocated + on
 * hand adds up per batch, lines hold their quantity, quantity = the sellable sum). Recalls,
 * receipts, adjustments and write-offs race orders too.
 */

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const TRIALS = envNumber('OVERSELL_TRIALS', 1);
const SHOPPERS = envNumber('OVERSELL_SHOPPERS', 1000);
const STOCK = 100;

/** Many members at once: one insert, one password hash, tokens signed locally. */
async function createShoppers(t: TestApp, count: number, tag: string): Promise<TestUser[]> {
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Shopper ${tag} ${i}`,
        email: `shopper-${tag}-${i}@example.com`,
        phoneNumber: '9876543210',
        passwordHash,
        roleId: ROLE.MEMBER,
        providerName: PROVIDER.EMAIL,
      })),
    )
    .returning({
      id: users.id,
      email: users.email,
      name: users.name,
      roleId: users.roleId,
      tokenVersion: users.tokenVersion,
    });
  return Promise.all(
    rows.map(async (row) => {
      const token = await signSessionToken(t.config.jwtSecret, {
        userId: row.id,
        roleId: row.roleId,
        tokenVersion: row.tokenVersion,
      });
      return { ...row, token, auth: { authorization: `Bearer ${token}` } };
    }),
  );
}

/** Stock of the product and the units of it in orders that are not cancelled. */
async function ledger(t: TestApp, productId: number) {
  const db = t.database.db;
  const [product] = await db
    .select({ quantity: products.quantity, unitsSold: products.unitsSold })
    .from(products)
    .where(eq(products.id, productId));
  const [sold] = await db
    .select({
      units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
      orders: sql<number>`count(distinct ${orderLines.orderId})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.productId, productId),
        sql`${orders.statusId} <> ${ORDER_STATUS.CANCELLED}`,
      ),
    );
  return {
    stock: product?.quantity ?? -1,
    unitsSold: product?.unitsSold ?? -1,
    unitsInOrders: sold?.units ?? -1,
    orders: sold?.orders ?? -1,
  };
}

/** A batch a test put on the shelf: what it held, and whether the shop may sell it. */
interface ShelfBatch {
  id: number;
  batchNumber: string;
  expiryDate: string;
  units: number;
  sellable: boolean;
  why: 'sellable' | 'expired' | 'short-dated' | 'recalled';
}

/** One batch of a shelf layout: units, days from today to its expiry, and how it gets there. */
interface LayoutBatch {
  units: number;
  /** Days from today; or 'cutoff' for the last day still sellable, 'cutoff-1' for the first not. */
  expires: number | 'cutoff' | 'cutoff-1';
  recalled?: boolean;
}

/** A shelf of several batches of one product, earliest-expiring sellable units first. */
interface Shelf {
  productId: number;
  batches: ShelfBatch[];
  sellable: ShelfBatch[];
  unsellable: ShelfBatch[];
  sellableUnits: number;
}

/** Units on hand per batch id. */
async function onHand(t: TestApp, batchIds: number[]): Promise<Map<number, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await t.database.db
    .select({ id: stockBatches.id, onHand: stockBatches.onHand })
    .from(stockBatches)
    .where(inArray(stockBatches.id, batchIds));
  return new Map(rows.map((row) => [row.id, row.onHand]));
}

describe(`oversell under load (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let shoppers: TestUser[];
  let admin: TestUser;
  const figures: string[] = [];
  /** Every product a test stocked, and the batches none may sell: checked again at the end. */
  const stocked: number[] = [];
  const neverSold: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
    shoppers = await createShoppers(t, SHOPPERS, 'rush');
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    // The whole database once more, every product of every test at once.
    if (t) {
      const all = await assertStockInvariants(t.database.db, {
        minShelfLifeDays: t.config.minShelfLifeDays,
        untouchableBatchIds: neverSold,
      });
      figures.push(`stock invariants over the whole database: ${describeStockFigures(all)}`);
    }
    const summary = figures.join('; ');
    console.warn(`oversell (${testDriver}): ${summary}`);
    // The stress runner's summary (scripts/stress/run.mjs).
    const dir = process.env.STRESS_REPORT_DIR;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      appendFileSync(
        path.join(dir, 'oversell.jsonl'),
        `${JSON.stringify({ driver: testDriver, trials: TRIALS, shoppers: SHOPPERS, summary })}\n`,
      );
    }
    await t?.close();
  });

  const db = () => t.database.db;
  const placeAll = (buyers: TestUser[]) =>
    Promise.all(
      buyers.map((buyer) =>
        t.app.inject({ method: 'POST', url: '/api/order', headers: buyer.auth }),
      ),
    );
  const outOfStock = (r: LightMyRequestResponse) =>
    r.statusCode === 409 && /out of stock|left in stock/.test(String(r.json().message));

  /** The invariants for the given products (and the batches none may sell), after a test. */
  async function invariants(productIds: number[], options: StockInvariantOptions = {}) {
    stocked.push(...productIds);
    neverSold.push(...(options.untouchableBatchIds ?? []));
    return assertStockInvariants(db(), {
      productIds,
      minShelfLifeDays: t.config.minShelfLifeDays,
      ...options,
    });
  }

  /** A goods receipt through the API, as the pharmacist makes it; answers the batch. */
  async function receive(productId: number, units: number, expiryDate: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/receipts',
      headers: admin.auth,
      payload: {
        productId,
        units,
        expiryDate,
        batchNumber: `R-${productId}-${Math.random().toString(36).slice(2, 8)}`,
        supplier: 'Oversell Pharma Distributors',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().batch as { id: number; batchNumber: string };
  }

  /**
   * A new product whose stock is the layout's batches: the ones with a future expiry received
   * through the API (which recomputes the shop's quantity), expired ones and recalled ones with
   * units still on the shelf written straight into the database (no receipt can make them).
   */
  async function stockShelf(
    layout: LayoutBatch[],
    overrides: Partial<typeof products.$inferInsert> = {},
  ): Promise<Shelf> {
    const product = await createProduct(db(), basics, { ...overrides, quantity: 0 });
    const today = utcDay();
    const cutoff = sellableCutoff(today, t.config.minShelfLifeDays);
    const dayOf = (expires: LayoutBatch['expires']) =>
      expires === 'cutoff'
        ? cutoff
        : expires === 'cutoff-1'
          ? addDays(cutoff, -1)
          : addDays(today, expires);
    const batches: ShelfBatch[] = [];
    // Straight into the database first, so the last receipt's recount sees them (and skips them).
    for (const entry of layout) {
      const expiryDate = dayOf(entry.expires);
      if (!(entry.recalled || expiryDate < today)) continue;
      const batch = await addBatch(db(), product.id, entry.units, { expiryDate });
      if (entry.recalled)
        await db()
          .update(stockBatches)
          .set({
            recalledAt: new Date(),
            recallReason: 'Oversell suite: recalled, units still on the shelf',
          })
          .where(eq(stockBatches.id, batch.id));
      batches.push({
        id: batch.id,
        batchNumber: batch.batchNumber,
        expiryDate,
        units: entry.units,
        sellable: false,
        why: entry.recalled ? 'recalled' : 'expired',
      });
    }
    for (const entry of layout) {
      const expiryDate = dayOf(entry.expires);
      if (entry.recalled || expiryDate < today) continue;
      const { id, batchNumber } = await receive(product.id, entry.units, expiryDate);
      const sellable = expiryDate >= cutoff;
      batches.push({
        id,
        batchNumber,
        expiryDate,
        units: entry.units,
        sellable,
        why: sellable ? 'sellable' : 'short-dated',
      });
    }
    // First expiry, first out: the order the shop must sell them in.
    const sellable = batches
      .filter((b) => b.sellable)
      .sort((a, b) =>
        a.expiryDate === b.expiryDate ? a.id - b.id : a.expiryDate < b.expiryDate ? -1 : 1,
      );
    const shelf = {
      productId: product.id,
      batches,
      sellable,
      unsellable: batches.filter((b) => !b.sellable),
      sellableUnits: sellable.reduce((sum, b) => sum + b.units, 0),
    };
    expect((await ledger(t, product.id)).stock).toBe(shelf.sellableUnits);
    return shelf;
  }

  /** What FEFO leaves in each sellable batch once `sold` units have gone (no returns). */
  function fefoLeft(shelf: Shelf, sold: number): Map<number, number> {
    const taken = allocateFefo(
      shelf.sellable.map((b) => ({ id: b.id, expiryDate: b.expiryDate, onHand: b.units })),
      sold,
    );
    if (!taken) throw new Error(`${sold} units do not fit the shelf`);
    const left = new Map(shelf.sellable.map((b) => [b.id, b.units]));
    for (const take of taken) left.set(take.batchId, (left.get(take.batchId) ?? 0) - take.units);
    return left;
  }

  /** The unsellable batches hold every unit they were given. */
  async function expectUnsellableUntouched(shelf: Shelf) {
    const now = await onHand(
      t,
      shelf.unsellable.map((b) => b.id),
    );
    for (const batch of shelf.unsellable)
      expect(now.get(batch.id), `${batch.why} batch ${batch.id} (${batch.expiryDate})`).toBe(
        batch.units,
      );
  }

  /**
   * The orders of a product in the order they were served (the id of each one's first sale row:
   * ledger rows are numbered under the product's lock), each with the FEFO ranks of the batches it
   * got. FEFO held if no order took from a later batch than the next one's earliest.
   */
  async function fefoOrderViolations(shelf: Shelf): Promise<string[]> {
    const rank = new Map(shelf.sellable.map((b, i) => [b.id, i]));
    const rows = await db()
      .select({
        id: stockMovements.id,
        orderId: stockMovements.orderId,
        batchId: stockMovements.batchId,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, shelf.productId), eq(stockMovements.kind, 'sale')))
      .orderBy(asc(stockMovements.id));
    const perOrder = new Map<number, { first: number; low: number; high: number }>();
    const problems: string[] = [];
    for (const row of rows) {
      const r = rank.get(row.batchId);
      if (r === undefined) {
        problems.push(`order ${row.orderId} took units of unsellable batch ${row.batchId}`);
        continue;
      }
      const entry = perOrder.get(row.orderId ?? 0) ?? { first: row.id, low: r, high: r };
      entry.low = Math.min(entry.low, r);
      entry.high = Math.max(entry.high, r);
      perOrder.set(row.orderId ?? 0, entry);
    }
    const served = [...perOrder.entries()].sort((a, b) => a[1].first - b[1].first);
    for (let i = 1; i < served.length; i++) {
      const [prevId, prev] = served[i - 1] as [number, { high: number }];
      const [id, cur] = served[i] as [number, { low: number }];
      if (cur.low < prev.high)
        problems.push(
          `order ${id} took batch rank ${cur.low} after order ${prevId} had reached rank ${prev.high}`,
        );
    }
    return problems;
  }

  /**
   * The rush's shelf: 100 sellable units in four batches (the last sellable day, then later, two
   * on the same day), beside an expired batch, one short by a single day of shelf life and a
   * recalled one still holding units.
   */
  const RUSH_LAYOUT: LayoutBatch[] = [
    { units: 40, expires: -1 },
    { units: 30, expires: 'cutoff-1' },
    { units: 25, expires: 200, recalled: true },
    { units: 20, expires: 'cutoff' },
    { units: 35, expires: 90 },
    { units: 25, expires: 365 },
    { units: 20, expires: 365 },
  ];

  it(
    `sells exactly ${STOCK} units to ${SHOPPERS} simultaneous shoppers, ${TRIALS} time(s)`,
    async () => {
      for (let trial = 1; trial <= TRIALS; trial++) {
        const shelf = await stockShelf(RUSH_LAYOUT);
        expect(shelf.sellableUnits).toBe(STOCK);
        const product = { id: shelf.productId };
        const ids = shoppers.map((s) => s.id);
        await db().delete(cartItems).where(inArray(cartItems.userId, ids));
        await db()
          .insert(cartItems)
          .values(shoppers.map((s) => ({ userId: s.id, productId: product.id, count: 1 })));

        const started = performance.now();
        const results = await placeAll(shoppers);
        const ms = Math.round(performance.now() - started);
        const statuses = results.map((r) => r.statusCode);
        const won = results.filter((r) => r.statusCode === 201);
        expect(
          statuses.filter((s) => s >= 500),
          `trial ${trial}: server errors`,
        ).toEqual([]);
        expect(won, `trial ${trial}`).toHaveLength(STOCK);
        expect(results.every((r) => r.statusCode === 201 || outOfStock(r))).toBe(true);

        const after = await ledger(t, product.id);
        expect(after).toEqual({ stock: 0, unitsSold: STOCK, unitsInOrders: STOCK, orders: STOCK });
        expect(after.stock + after.unitsInOrders).toBe(STOCK);
        const winners = new Set(won.map((r) => r.json().orderId as number));
        expect(winners.size).toBe(STOCK);
        const lines = await db()
          .select({ orderId: orderLines.orderId, quantity: orderLines.quantity })
          .from(orderLines)
          .where(inArray(orderLines.orderId, [...winners]));
        expect(lines.length).toBe(STOCK);
        expect(lines.every((line) => line.quantity === 1)).toBe(true);
        // The 900 who missed out keep their carts.
        const kept = await db()
          .select({ id: cartItems.id })
          .from(cartItems)
          .where(eq(cartItems.productId, product.id));
        expect(kept).toHaveLength(SHOPPERS - STOCK);

        // Every sellable batch emptied, each unit to exactly one order; nothing else touched.
        const left = await onHand(
          t,
          shelf.sellable.map((b) => b.id),
        );
        expect([...left.values()]).toEqual(shelf.sellable.map(() => 0));
        await expectUnsellableUntouched(shelf);
        expect(await fefoOrderViolations(shelf)).toEqual([]);
        const checked = await invariants([product.id], {
          untouchableBatchIds: shelf.unsellable.map((b) => b.id),
        });
        expect(checked.allocations).toBeGreaterThanOrEqual(STOCK);
        figures.push(
          `trial ${trial}: ${won.length} of ${SHOPPERS} won in ${ms} ms, stock ${after.stock}, ` +
            `${shelf.sellable.length} sellable batches emptied, ${shelf.unsellable.length} unsellable untouched`,
        );
      }
    },
    120_000 * TRIALS,
  );

  it('takes the earliest-expiring sellable units first while shoppers race (FEFO)', async () => {
    const shelf = await stockShelf([
      { units: 50, expires: 'cutoff-1' },
      { units: 40, expires: -3 },
      { units: 120, expires: 400 },
      { units: 100, expires: 90 },
      { units: 80, expires: 'cutoff' },
    ]);
    expect(shelf.sellableUnits).toBe(300);
    const buyers = await createShoppers(t, 150, 'fefo');
    // Half buy one unit, half two: 225 of the 300, so the last batch keeps some and orders of
    // two units straddle the batches' edges.
    await db()
      .insert(cartItems)
      .values(
        buyers.map((b, i) => ({ userId: b.id, productId: shelf.productId, count: 1 + (i % 2) })),
      );
    const started = performance.now();
    const results = await placeAll(buyers);
    const ms = Math.round(performance.now() - started);
    expect(results.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    const sold = 225;
    expect(await ledger(t, shelf.productId)).toEqual({
      stock: shelf.sellableUnits - sold,
      unitsSold: sold,
      unitsInOrders: sold,
      orders: 150,
    });
    const expected = fefoLeft(shelf, sold);
    expect(await onHand(t, [...expected.keys()])).toEqual(expected);
    await expectUnsellableUntouched(shelf);
    expect(await fefoOrderViolations(shelf)).toEqual([]);
    // Orders whose units came from two batches.
    const [split] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(
        db()
          .select({ lineId: orderLineBatches.orderLineId })
          .from(orderLineBatches)
          .innerJoin(stockBatches, eq(stockBatches.id, orderLineBatches.batchId))
          .where(eq(stockBatches.productId, shelf.productId))
          .groupBy(orderLineBatches.orderLineId)
          .having(sql`count(*) > 1`)
          .as('split'),
      );
    await invariants([shelf.productId], { untouchableBatchIds: shelf.unsellable.map((b) => b.id) });
    figures.push(
      `FEFO: 150 of 150 orders (${sold} units) in ${ms} ms, left ${[...expected.values()].join('/')} ` +
        `in expiry order, ${split?.n ?? 0} lines split over two batches`,
    );
  }, 60_000);

  it('refuses a stock level below zero in the database itself', async () => {
    const product = await createProduct(db(), basics, { quantity: 5 });
    const attempt = await db()
      .update(products)
      .set({ quantity: sql`${products.quantity} - 6` })
      .where(eq(products.id, product.id))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isCheckViolation(attempt)).toBe(true);
    expect((await ledger(t, product.id)).stock).toBe(5);
    // And the units of a batch: the CHECK on stock_batches.on_hand.
    const [batch] = await db()
      .select({ id: stockBatches.id, onHand: stockBatches.onHand })
      .from(stockBatches)
      .where(eq(stockBatches.productId, product.id));
    expect(batch?.onHand).toBe(5);
    const below = await db()
      .update(stockBatches)
      .set({ onHand: sql`${stockBatches.onHand} - 6` })
      .where(eq(stockBatches.id, batch?.id ?? -1))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isCheckViolation(below)).toBe(true);
    expect((await onHand(t, [batch?.id ?? -1])).get(batch?.id ?? -1)).toBe(5);
    await invariants([product.id]);
  });

  it('takes two lines of one order on the same product together, or not at all', async () => {
    // The cart keeps one line per product, so the order service is given such a cart directly.
    const storage = createLocalStorage(t.config.dataDir);
    const inventory = createInventoryService(db(), {
      minShelfLifeDays: t.config.minShelfLifeDays,
      nearExpiryDays: t.config.nearExpiryDays,
      onStockChanged: () => {},
    });
    const schedules = createScheduleRegistry(db());
    await schedules.load();
    const catalog = createCatalogService(db(), storage, {
      openingStock: inventory.receiveInTx,
      schedules,
    });
    // No interaction check: it reads nothing this test is about (issue 31 point 4).
    const noInteractions = { forCart: async () => [], forOrder: async () => [] };
    const realCart = createCartService(db(), catalog, noInteractions);
    let lines: Array<{ id: number; productId: number; count: number }> = [];
    // The real one answers a query builder; the service only awaits it.
    const cart = {
      ...realCart,
      linesForOrder: (async () => lines) as unknown as typeof realCart.linesForOrder,
    };
    const ordersService = {
      placeOrder: createPlaceOrder({
        db: db(),
        cart,
        inventory,
        clinical: noInteractions,
        // No subscribers: the placed mail is not what this test is about.
        events: createEventBus<OrderEventMap>(),
        onStockChanged: () => {},
      }),
    };
    const [buyer] = await createShoppers(t, 1, 'two-lines');
    if (!buyer) throw new Error('no buyer');
    // 100 units in four batches of odd sizes: lines of 3 keep crossing from one to the next.
    const shelf = await stockShelf([
      { units: 7, expires: 'cutoff' },
      { units: 13, expires: 60 },
      { units: 10, expires: 'cutoff-1' },
      { units: 25, expires: 120 },
      { units: 10, expires: -1 },
      { units: 55, expires: 300 },
    ]);
    expect(shelf.sellableUnits).toBe(STOCK);
    const product = { id: shelf.productId };

    lines = [
      { id: 1, productId: product.id, count: 60 },
      { id: 2, productId: product.id, count: 60 },
    ];
    await expect(ordersService.placeOrder(buyer.id, undefined)).rejects.toBeInstanceOf(
      OutOfStockError,
    );
    expect(await ledger(t, product.id)).toMatchObject({ stock: STOCK, unitsInOrders: 0 });
    expect(await db().select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(0);

    // 40 buyers at once, each ordering two lines of 3 units: 16 orders fit in 100 units.
    lines = [
      { id: 1, productId: product.id, count: 3 },
      { id: 2, productId: product.id, count: 3 },
    ];
    const buyers = await createShoppers(t, 40, 'two-lines-rush');
    const outcomes = await Promise.allSettled(
      buyers.map((b) => ordersService.placeOrder(b.id, undefined)),
    );
    const placed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(placed).toHaveLength(16);
    expect(refused.every((o) => o.reason instanceof OutOfStockError)).toBe(true);
    const after = await ledger(t, product.id);
    expect(after).toEqual({ stock: 4, unitsSold: 96, unitsInOrders: 96, orders: 16 });
    const perOrder = await db()
      .select({ orderId: orderLines.orderId, n: sql<number>`count(*)::int` })
      .from(orderLines)
      .where(eq(orderLines.productId, product.id))
      .groupBy(orderLines.orderId);
    expect(perOrder.every((row) => row.n === 2)).toBe(true);
    const expected = fefoLeft(shelf, 96);
    expect(await onHand(t, [...expected.keys()])).toEqual(expected);
    await expectUnsellableUntouched(shelf);
    expect(await fefoOrderViolations(shelf)).toEqual([]);
    await invariants([product.id], { untouchableBatchIds: shelf.unsellable.map((b) => b.id) });
    figures.push(`two lines of one product: ${placed.length} of 40 orders, stock ${after.stock}`);
  }, 60_000);

  it('takes an order of two products all or nothing, whatever order the lines are in', async () => {
    const buyers = await createShoppers(t, 300, 'pair');
    const plentyShelf = await stockShelf([
      { units: 50, expires: 'cutoff' },
      { units: 30, expires: -1 },
      { units: 100, expires: 200 },
    ]);
    const scarceShelf = await stockShelf([
      { units: 40, expires: 500 },
      { units: 20, expires: 'cutoff-1' },
      { units: 60, expires: 45 },
      { units: 10, expires: 100, recalled: true },
    ]);
    const plenty = { id: plentyShelf.productId };
    const scarce = { id: scarceShelf.productId };
    expect([plentyShelf.sellableUnits, scarceShelf.sellableUnits]).toEqual([150, 100]);
    // Half the carts list the scarce product first: lock ordering must not deadlock.
    for (const [i, buyer] of buyers.entries()) {
      const pair = i % 2 === 0 ? [plenty.id, scarce.id] : [scarce.id, plenty.id];
      for (const productId of pair)
        await db().insert(cartItems).values({ userId: buyer.id, productId, count: 1 });
    }
    const results = await placeAll(buyers);
    expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(100);
    expect(await ledger(t, scarce.id)).toEqual({
      stock: 0,
      unitsSold: 100,
      unitsInOrders: 100,
      orders: 100,
    });
    expect(await ledger(t, plenty.id)).toEqual({
      stock: 50,
      unitsSold: 100,
      unitsInOrders: 100,
      orders: 100,
    });
    for (const shelf of [plentyShelf, scarceShelf]) {
      const expected = fefoLeft(shelf, 100);
      expect(await onHand(t, [...expected.keys()])).toEqual(expected);
      await expectUnsellableUntouched(shelf);
    }
    await invariants([plenty.id, scarce.id], {
      untouchableBatchIds: [...plentyShelf.unsellable, ...scarceShelf.unsellable].map((b) => b.id),
    });
    figures.push('two products: 100 of 300 orders, both lines in each');
  }, 120_000);

  it('never deadlocks cancellations of two-product orders against new ones (was 500 on PostgreSQL)', async () => {
    // Cancelling gives stock back line by line; placing locks products in id order. Lines listed
    // in the other order used to take the same two rows the other way round: a deadlock.
    const layout: LayoutBatch[] = [
      { units: 400, expires: 60 },
      { units: 600, expires: 300 },
      { units: 50, expires: 'cutoff-1' },
    ];
    const lowShelf = await stockShelf(layout);
    const highShelf = await stockShelf(layout);
    const low = { id: lowShelf.productId };
    const high = { id: highShelf.productId };
    const first = await createShoppers(t, 60, 'deadlock-first');
    for (const buyer of first) {
      for (const productId of [high.id, low.id])
        await db().insert(cartItems).values({ userId: buyer.id, productId, count: 1 });
    }
    const placed = await placeAll(first);
    expect(placed.every((r) => r.statusCode === 201)).toBe(true);
    const second = await createShoppers(t, 120, 'deadlock-second');
    for (const [i, buyer] of second.entries()) {
      const pair = i % 2 === 0 ? [low.id, high.id] : [high.id, low.id];
      for (const productId of pair)
        await db().insert(cartItems).values({ userId: buyer.id, productId, count: 1 });
    }
    const results = await Promise.all([
      ...placed.map((r) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/order/${r.json().orderId as number}`,
          headers: admin.auth,
          payload: { statusId: ORDER_STATUS.CANCELLED },
        }),
      ),
      ...second.map((buyer) =>
        t.app.inject({ method: 'POST', url: '/api/order', headers: buyer.auth }),
      ),
    ]);
    expect(results.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    for (const product of [low, high]) {
      const after = await ledger(t, product.id);
      expect(after.stock + after.unitsInOrders).toBe(1000);
      expect(after.orders).toBe(120);
    }
    await invariants([low.id, high.id], {
      untouchableBatchIds: [...lowShelf.unsellable, ...highShelf.unsellable].map((b) => b.id),
    });
  }, 120_000);

  it('keeps stock exact when cancellations race new orders for the units they free', async () => {
    // Cancelled units go back to the batches they came from, which expire first: the new orders
    // take them before the later batches.
    const shelf = await stockShelf([
      { units: 30, expires: 'cutoff' },
      { units: 15, expires: 250, recalled: true },
      { units: 30, expires: 100 },
      { units: 40, expires: 300 },
    ]);
    expect(shelf.sellableUnits).toBe(STOCK);
    const product = { id: shelf.productId };
    const first = await createShoppers(t, STOCK, 'first');
    await db()
      .insert(cartItems)
      .values(first.map((s) => ({ userId: s.id, productId: product.id, count: 1 })));
    const placed = await placeAll(first);
    expect(placed.every((r) => r.statusCode === 201)).toBe(true);
    expect((await ledger(t, product.id)).stock).toBe(0);

    const second = await createShoppers(t, 200, 'second');
    await db()
      .insert(cartItems)
      .values(second.map((s) => ({ userId: s.id, productId: product.id, count: 1 })));
    const toCancel = placed.slice(0, 50).map((r) => r.json().orderId as number);
    const cancel = (orderId: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/order/${orderId}`,
        headers: admin.auth,
        payload: { statusId: ORDER_STATUS.CANCELLED, note: 'race' },
      });
    // Five rounds, each with 10 cancellations (every one sent twice) and 40 new orders in flight
    // together: later rounds buy the units earlier rounds gave back, while cancelling.
    const cancels: LightMyRequestResponse[] = [];
    const bought: LightMyRequestResponse[] = [];
    for (let round = 0; round < 5; round++) {
      const roundCancels = toCancel.slice(round * 10, round * 10 + 10);
      const [a, b, c] = await Promise.all([
        Promise.all(roundCancels.map(cancel)),
        Promise.all(
          second
            .slice(round * 40, round * 40 + 40)
            .map((buyer) =>
              t.app.inject({ method: 'POST', url: '/api/order', headers: buyer.auth }),
            ),
        ),
        Promise.all(roundCancels.map(cancel)),
      ]);
      cancels.push(...a, ...c);
      bought.push(...b);
    }
    expect([...cancels, ...bought].filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(cancels.every((r) => r.statusCode === 200)).toBe(true);
    expect(bought.every((r) => r.statusCode === 201 || outOfStock(r))).toBe(true);
    const newOrders = bought.filter((r) => r.statusCode === 201).length;
    const after = await ledger(t, product.id);
    expect(newOrders).toBeGreaterThan(0);
    expect(newOrders).toBeLessThanOrEqual(50);
    expect(after.stock).toBeGreaterThanOrEqual(0);
    expect(after.stock + after.unitsInOrders).toBe(STOCK);
    expect(after.unitsSold).toBe(after.unitsInOrders);
    expect(after.orders).toBe(STOCK - 50 + newOrders);
    // Each cancelled order gave back exactly what it got, once, though cancelled twice.
    const [returns] = await db()
      .select({
        rows: sql<number>`count(*)::int`,
        units: sql<number>`coalesce(sum(${stockMovements.units}), 0)::int`,
      })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.productId, product.id),
          eq(stockMovements.kind, 'cancellation_return'),
        ),
      );
    expect(returns?.units).toBe(50);
    await expectUnsellableUntouched(shelf);
    await invariants([product.id], { untouchableBatchIds: shelf.unsellable.map((b) => b.id) });
    figures.push(
      `cancel race: 50 cancelled twice (${returns?.rows ?? 0} return rows), ${newOrders} of 200 new orders, stock ${after.stock}`,
    );
  }, 120_000);

  it('sells no unit of a batch once its recall is committed, while shoppers race it', async () => {
    const shelf = await stockShelf([
      { units: 100, expires: 60 },
      { units: 100, expires: 200 },
      { units: 100, expires: 300 },
    ]);
    const [first, second, third] = shelf.sellable as [ShelfBatch, ShelfBatch, ShelfBatch];
    const buyers = await createShoppers(t, 250, 'recall-race');
    await db()
      .insert(cartItems)
      .values(buyers.map((b) => ({ userId: b.id, productId: shelf.productId, count: 1 })));
    const order = (buyer: TestUser) =>
      t.app.inject({ method: 'POST', url: '/api/order', headers: buyer.auth });
    // 50 orders are served, then the recall goes out ahead of 50 more and the last 150 follow:
    // some units of the batch are sold before it, and none may be after.
    const early = await Promise.all(buyers.slice(0, 50).map(order));
    const [recall, ...middle] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/inventory/batches/${first.id}/recall`,
        headers: admin.auth,
        payload: { reason: 'Supplier recall: seal defect (oversell suite)' },
      }),
      // In groups of ten a few milliseconds apart, so the recall lands among them.
      ...buyers
        .slice(50, 100)
        .map((buyer, i) =>
          new Promise((resolve) => setTimeout(resolve, Math.floor(i / 10) * 3)).then(() =>
            order(buyer),
          ),
        ),
    ]);
    const late = await Promise.all(buyers.slice(100).map(order));
    if (!recall) throw new Error('no recall answer');
    const results = [...early, ...middle, ...late];
    expect(recall.statusCode, recall.body).toBe(200);
    expect(results.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(results.every((r) => r.statusCode === 201 || outOfStock(r))).toBe(true);
    const won = results.filter((r) => r.statusCode === 201).length;

    const sales = await db()
      .select({
        id: stockMovements.id,
        batchId: stockMovements.batchId,
        units: stockMovements.units,
        orderId: stockMovements.orderId,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, shelf.productId), eq(stockMovements.kind, 'sale')))
      .orderBy(asc(stockMovements.id));
    const [recallRow] = await db()
      .select({ id: stockMovements.id, units: stockMovements.units })
      .from(stockMovements)
      .where(and(eq(stockMovements.batchId, first.id), eq(stockMovements.kind, 'recall')));
    const soldOf = (batch: ShelfBatch) =>
      -sales.filter((s) => s.batchId === batch.id).reduce((sum, s) => sum + s.units, 0);
    const soldFirst = soldOf(first);
    // The recall took what was left of the batch, and no sale of it came after.
    if (soldFirst < first.units) {
      expect(recallRow?.units).toBe(-(first.units - soldFirst));
      const recallId = recallRow?.id ?? 0;
      expect(sales.filter((s) => s.batchId === first.id && s.id > recallId)).toEqual([]);
      // The next batch sold only once the first was recalled.
      expect(sales.filter((s) => s.batchId === second.id && s.id < recallId)).toEqual([]);
    } else {
      expect(recallRow).toBeUndefined();
    }
    expect(won).toBe(Math.min(250, soldFirst + second.units + third.units));
    expect(soldFirst + soldOf(second) + soldOf(third)).toBe(won);
    // The third batch sold only once the second was empty.
    const firstOfThird = sales.find((s) => s.batchId === third.id)?.id;
    if (firstOfThird !== undefined)
      expect(
        -sales
          .filter((s) => s.batchId === second.id && s.id < firstOfThird)
          .reduce((sum, s) => sum + s.units, 0),
      ).toBe(second.units);
    // The recall's answer lists exactly the orders that got units of the batch.
    const answered = (recall.json().orders as Array<{ orderId: number; units: number }>)
      .map((o) => `${o.orderId}:${o.units}`)
      .sort();
    const got = sales
      .filter((s) => s.batchId === first.id)
      .map((s) => `${s.orderId}:${-s.units}`)
      .sort();
    expect(answered).toEqual(got);
    expect((await onHand(t, [first.id])).get(first.id)).toBe(0);
    expect((await ledger(t, shelf.productId)).stock).toBe(
      second.units + third.units - soldOf(second) - soldOf(third),
    );
    await invariants([shelf.productId]);
    figures.push(
      `recall race: ${soldFirst} units of the recalled batch sold before the recall, ` +
        `${won} of 250 orders, none after it`,
    );
  }, 120_000);

  it("keeps every batch's units and ledger exact while the pharmacist's stock changes race orders and cancellations", async () => {
    const layout: LayoutBatch[] = [
      { units: 150, expires: 'cutoff' },
      { units: 200, expires: 150 },
      { units: 30, expires: 'cutoff-1' },
      { units: 20, expires: -2 },
    ];
    const shelves = [await stockShelf(layout), await stockShelf(layout)];
    const [p, q] = shelves as [Shelf, Shelf];
    const pair = (i: number) =>
      i % 2 === 0 ? [p.productId, q.productId] : [q.productId, p.productId];
    // Orders to cancel during the storm.
    const earlier = await createShoppers(t, 40, 'storm-first');
    for (const [i, buyer] of earlier.entries())
      await db()
        .insert(cartItems)
        .values(pair(i).map((productId) => ({ userId: buyer.id, productId, count: 2 })));
    const placed = await placeAll(earlier);
    expect(placed.every((r) => r.statusCode === 201)).toBe(true);
    const buyers = await createShoppers(t, 200, 'storm');
    for (const [i, buyer] of buyers.entries())
      await db()
        .insert(cartItems)
        .values(pair(i).map((productId) => ({ userId: buyer.id, productId, count: 1 + (i % 3) })));

    const as = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: admin.auth, payload });
    const earliest = (s: Shelf) => s.sellable[0] as ShelfBatch;
    const later = (s: Shelf) => s.sellable[1] as ShelfBatch;
    const short = (s: Shelf) => s.unsellable.find((b) => b.why === 'short-dated') as ShelfBatch;
    const expired = (s: Shelf) => s.unsellable.find((b) => b.why === 'expired') as ShelfBatch;
    const in60Days = addDays(utcDay(), 60);
    /** Each stock change with the refusals the pharmacist may meet when the race goes one way. */
    const changes: Array<{
      what: string;
      send: () => Promise<LightMyRequestResponse>;
      mayRefuse?: RegExp;
    }> = shelves.flatMap((s) => [
      // New batches that expire between the two sellable ones: orders turn to them in turn.
      ...[1, 2, 3].map((n) => ({
        what: `receipt of a new batch ${n} of ${s.productId}`,
        send: () =>
          as('POST', '/api/inventory/receipts', {
            productId: s.productId,
            units: 10,
            batchNumber: `STORM-${s.productId}-${n}`,
            expiryDate: in60Days,
          }),
      })),
      // More of a batch already on the shelf (its number, its expiry); refused once recalled.
      ...[1, 2].map((n) => ({
        what: `receipt ${n} of more of batch ${later(s).id}`,
        send: () =>
          as('POST', '/api/inventory/receipts', {
            productId: s.productId,
            units: 15,
            batchNumber: later(s).batchNumber,
            expiryDate: later(s).expiryDate,
          }),
        mayRefuse: /was recalled; its units cannot be received/,
      })),
      // Counts corrected on the batch the orders are emptying; taking off more than is left is refused.
      ...[5, -2, 4, -3].map((units) => ({
        what: `adjustment ${units} of batch ${earliest(s).id}`,
        send: () =>
          as('POST', `/api/inventory/batches/${earliest(s).id}/adjustments`, {
            units,
            reason: units > 0 ? 'count_correction' : 'damaged',
          }),
        mayRefuse: /can be taken off/,
      })),
      // Written off twice at once: the second finds nothing left.
      ...[1, 2].map((n) => ({
        what: `write-off ${n} of short-dated batch ${short(s).id}`,
        send: () =>
          as('POST', `/api/inventory/batches/${short(s).id}/write-off`, { note: `storm ${n}` }),
        mayRefuse: /holds no units to write off/,
      })),
      {
        what: `write-off of expired batch ${expired(s).id}`,
        send: () => as('POST', `/api/inventory/batches/${expired(s).id}/write-off`, {}),
      },
    ]);
    // And the second product's later batch is recalled in the middle of it all.
    changes.splice(Math.floor(changes.length / 2), 0, {
      what: `recall of batch ${later(q).id}`,
      send: () =>
        as('POST', `/api/inventory/batches/${later(q).id}/recall`, { reason: 'Storm recall' }),
    });
    const started = performance.now();
    const [orderAnswers, cancelAnswers, changeAnswers] = await Promise.all([
      placeAll(buyers),
      Promise.all(
        placed.slice(0, 20).map((r) =>
          as('PUT', `/api/order/${r.json().orderId as number}`, {
            statusId: ORDER_STATUS.CANCELLED,
          }),
        ),
      ),
      Promise.all(changes.map((change) => change.send())),
    ]);
    const ms = Math.round(performance.now() - started);
    const every = [...orderAnswers, ...cancelAnswers, ...changeAnswers];
    expect(every.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(
      orderAnswers.filter((r) => !(r.statusCode === 201 || outOfStock(r))).map((r) => r.body),
    ).toEqual([]);
    expect(cancelAnswers.every((r) => r.statusCode === 200)).toBe(true);
    const unexpected = changes
      .map((change, i) => ({ change, res: changeAnswers[i] as LightMyRequestResponse }))
      .filter(
        ({ change, res }) =>
          res.statusCode >= 300 &&
          !(res.statusCode < 500 && change.mayRefuse?.test(String(res.json().message))),
      )
      .map(({ change, res }) => `${change.what}: ${res.statusCode} ${res.body}`);
    expect(unexpected).toEqual([]);
    // Of two write-offs of one batch at once, exactly one took the units.
    for (const s of shelves) {
      const twice = changes
        .map((change, i) => ({ change, res: changeAnswers[i] as LightMyRequestResponse }))
        .filter(({ change }) => change.what.includes(`short-dated batch ${short(s).id}`));
      expect(twice.map(({ res }) => res.statusCode).sort()).toEqual([200, 409]);
    }
    // No unit of an expired or short-dated batch was sold: both hold nothing now, by write-off.
    for (const s of shelves) {
      const left = await onHand(t, [short(s).id, expired(s).id]);
      expect([...left.values()]).toEqual([0, 0]);
    }
    const refused = changeAnswers.filter((r) => r.statusCode >= 400).length;
    const checked = await invariants([p.productId, q.productId], {
      untouchableBatchIds: shelves.flatMap((s) => [short(s).id, expired(s).id]),
    });
    const won = orderAnswers.filter((r) => r.statusCode === 201).length;
    figures.push(
      `stock storm: ${won} of 200 orders, 20 cancellations and ${changes.length} stock changes ` +
        `(${refused} refused as the race went) in ${ms} ms; ${describeStockFigures(checked)}`,
    );
  }, 120_000);
});
