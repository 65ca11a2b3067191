import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@pharmacy/shared';
import { products } from '../src/db/schema/index';
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
import { givePoints, insertCoupon } from './support/promotions';

/**
 * Issue 27: how many server module files one cancellation passes through, measured rather than
 * read. V8's precise coverage counts every function that ran; taking it resets the counts, so the
 * files with a function that ran between two takes are exactly the files the request used. The
 * order is paid by card with a coupon and points, so every subscriber has work to do (stock,
 * credit note, refund, coupon, points, mail, audit). Docs/architecture.md lists the files.
 */
const MODULES_DIR = path.resolve(import.meta.dirname, '../src/modules');
/**
 * Measured the same way before issue 27 (at 31e4da6), the customer's and the admin's cancel each
 * ran 29 module files, all of them on the cancel's own call path. Half of that, at most.
 */
const MAX_PATH_FILES = 14;

describe(`The cancel path (${testDriver})`, () => {
  let t: TestApp;
  let provider: TestPaymentProvider;
  let basics: CatalogBasics;
  let admin: TestUser;
  let user: TestUser;
  const inspector = new Session();

  beforeAll(async () => {
    provider = createTestPaymentProvider();
    t = await buildTestApp({}, { jobs: { poll: false }, paymentProvider: provider });
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
    user = await createUser(t);
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  });
  afterAll(async () => {
    await inspector.post('Profiler.stopPreciseCoverage');
    inspector.disconnect();
    await t.close();
  });

  const call = caller(() => t);

  async function paidOrderWithCouponAndPoints(buyer: TestUser) {
    const product = await createProduct(t.database.db, basics, {
      quantity: 0,
      offerPriceMinor: 19900,
      maximumRetailPriceMinor: 21000,
    });
    await addBatch(t.database.db, product.id, 5, { expiryDate: '2031-01-31' });
    await t.database.db.update(products).set({ quantity: 5 }).where(eq(products.id, product.id));
    const coupon = await insertCoupon(t.database.db);
    await givePoints(t.database.db, buyer.id, 50);
    await call(buyer, 'POST', '/api/cart', { productId: product.id, quantity: 2 });
    const orderId = (await call(buyer, 'POST', '/api/order')).json().orderId as number;
    const addressId = (await call(buyer, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    await call(buyer, 'PUT', `/api/order/${orderId}`, { addressId });
    const discounts = await call(buyer, 'PUT', `/api/order/${orderId}/discounts`, {
      couponCode: coupon.code,
      points: 20,
    });
    expect(discounts.statusCode).toBe(200);
    await payByTestCard(call, provider, buyer, orderId);
    return orderId;
  }

  /** The module files (relative to modules/) with a function that ran since the last take. */
  async function filesRunSinceLastTake(): Promise<Set<string>> {
    const { result } = await inspector.post('Profiler.takePreciseCoverage');
    const files = new Set<string>();
    for (const script of result) {
      const file = script.url.startsWith('file://')
        ? new URL(script.url).pathname
        : script.url.split('?')[0];
      if (!file?.startsWith(MODULES_DIR + path.sep)) continue;
      if (script.functions.some((fn) => fn.ranges.some((range) => range.count > 0)))
        files.add(path.relative(MODULES_DIR, file));
    }
    return files;
  }

  /**
   * The files `request` ran, split in two: the cancellation's own path (everything outside the
   * order events' subscribers) and the subscribers' (what runs inside a publish, at any depth).
   */
  async function filesUsedBy(request: () => Promise<void>) {
    const events = t.app.orderEvents;
    const publish = events.publish;
    const own = new Set<string>();
    const subscribers = new Set<string>();
    let depth = 0;
    events.publish = async (tx, name, event) => {
      if (depth === 0) for (const file of await filesRunSinceLastTake()) own.add(file);
      depth += 1;
      try {
        await publish(tx, name, event);
      } finally {
        depth -= 1;
      }
      if (depth === 0) for (const file of await filesRunSinceLastTake()) subscribers.add(file);
    };
    try {
      await filesRunSinceLastTake();
      await request();
      for (const file of await filesRunSinceLastTake()) own.add(file);
    } finally {
      events.publish = publish;
    }
    return { path: [...own].sort(), subscribers: [...subscribers].sort() };
  }

  it.each(['customer', 'admin'] as const)(
    "the %s's cancel of a paid order passes through at most half the files it did",
    async (who) => {
      const orderId = await paidOrderWithCouponAndPoints(user);
      const files = await filesUsedBy(async () => {
        const res =
          who === 'customer'
            ? await call(user, 'POST', `/api/order/${orderId}/cancel`, {
                reasonCode: 'changed_mind',
              })
            : await call(admin, 'PUT', `/api/order/${orderId}`, {
                statusId: ORDER_STATUS.CANCELLED,
                note: 'Out of stock at the wholesaler',
              });
        expect(res.statusCode).toBe(200);
      });
      console.warn(
        [
          `cancel path (${who}): ${files.path.length} module files`,
          ...files.path,
          `its subscribers: ${files.subscribers.length} module files`,
          ...files.subscribers,
        ].join('\n  '),
      );
      expect(files.path).toContain('orders/order-lifecycle.ts');
      expect(files.path.length).toBeLessThanOrEqual(MAX_PATH_FILES);
      // The consequences did happen, in their own modules.
      for (const module of ['inventory', 'invoices', 'refunds', 'loyalty', 'promotions', 'audit'])
        expect(files.subscribers.some((file) => file.startsWith(`${module}/`))).toBe(true);
    },
  );
});
