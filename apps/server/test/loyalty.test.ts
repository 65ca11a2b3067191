import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, loyaltySummarySchema, pointsExpiryDate } from '@pharmacy/shared';
import { loyaltyLedger } from '../src/db/schema/index';
import { ConflictError } from '../src/lib/errors';
import {
  LOYALTY_EXPIRY_QUEUE,
  createLoyaltyService,
  type LoyaltyService,
} from '../src/modules/loyalty/loyalty.service';
import { createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import { createAdmin, createUser, validAddress, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const DAY_MS = 86_400_000;

/** Issue 19 item 3: the loyalty ledger, its balance, and the member's GET /api/loyalty. */
describe(`loyalty points (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  let loyalty: LoyaltyService;
  /** The clock the app and the service read (a fixed day, so expiry dates are exact). */
  const clock = new Date('2026-03-15T10:00:00.000Z');

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => clock, jobs: { poll: false } });
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
    loyalty = createLoyaltyService({
      db: t.database.db,
      policy: t.config.loyalty,
      now: () => clock,
    });
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = (
    user: TestUser | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

  /** A cash-on-delivery order of `units` × ₹250, confirmed (Packing). */
  async function confirmedOrder(user: TestUser, units = 2): Promise<number> {
    const product = await createProduct(db(), basics, {
      offerPriceMinor: 25_000,
      maximumRetailPriceMinor: 30_000,
    });
    expect(
      (await call(user, 'POST', '/api/cart', { productId: product.id, quantity: units }))
        .statusCode,
    ).toBe(200);
    const placed = await call(user, 'POST', '/api/order');
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().orderId as number;
    const address = await call(user, 'POST', '/api/user/saveAddress', validAddress);
    const addressId = address.json().addressId as number;
    expect((await call(user, 'PUT', `/api/order/${orderId}`, { addressId })).statusCode).toBe(200);
    const paid = await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
    expect(paid.statusCode, paid.body).toBe(200);
    return orderId;
  }

  async function deliver(orderId: number) {
    for (const statusId of [ORDER_STATUS.DISPATCHED, ORDER_STATUS.DELIVERED]) {
      const res = await call(admin, 'PUT', `/api/order/${orderId}`, { statusId });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  const balance = (userId: number) => loyalty.balance(db(), userId);
  const rowsOf = (userId: number) =>
    db().select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId));

  async function earn(userId: number, points: number, expiresAt: Date, orderId?: number) {
    await db()
      .insert(loyaltyLedger)
      .values({ userId, kind: 'earned', points, expiresAt, orderId: orderId ?? null });
  }

  it('credits a delivered order once, one point per full ₹100 paid, lapsing in 12 months', async () => {
    const member = await createUser(t);
    const orderId = await confirmedOrder(member, 3); // ₹750
    expect(await balance(member.id)).toBe(0);
    await deliver(orderId);
    const rows = await rowsOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'earned', points: 7, orderId });
    expect(rows[0]?.expiresAt?.toISOString()).toBe(pointsExpiryDate(clock, 12).toISOString());
    // Told twice (a retried delivery report): still one earning.
    expect(
      await db().transaction((tx) =>
        loyalty.onOrderDelivered(tx, { orderId, userId: member.id, paidMinor: 75_000 }),
      ),
    ).toBe(0);
    expect(await balance(member.id)).toBe(7);
  });

  it('redeems within the balance, refuses more with a sentence and writes nothing', async () => {
    const member = await createUser(t);
    const orderId = await confirmedOrder(member);
    await earn(member.id, 10, new Date(clock.getTime() + 100 * DAY_MS));
    await db().transaction((tx) =>
      loyalty.redeemForOrder(tx, { userId: member.id, orderId, points: 4 }),
    );
    expect(await balance(member.id)).toBe(6);
    const refused = db().transaction((tx) =>
      loyalty.redeemForOrder(tx, { userId: member.id, orderId, points: 7 }),
    );
    await expect(refused).rejects.toThrow(ConflictError);
    await expect(refused).rejects.toThrow('You have only 6 points.');
    expect(await balance(member.id)).toBe(6);
    for (const points of [-1, 1.5])
      await expect(
        db().transaction((tx) =>
          loyalty.redeemForOrder(tx, { userId: member.id, orderId, points }),
        ),
      ).rejects.toThrow('Choose a whole number of points to use.');
    expect((await rowsOf(member.id)).filter((row) => row.kind === 'redeemed')).toHaveLength(1);
  });

  it('gives the points back when the order is cancelled, once, and takes back what it earned', async () => {
    const member = await createUser(t);
    const earning = await confirmedOrder(member, 4); // ₹1000 → 10 points
    await deliver(earning);
    const spending = await confirmedOrder(member);
    await db().transaction((tx) =>
      loyalty.redeemForOrder(tx, { userId: member.id, orderId: spending, points: 8 }),
    );
    expect(await balance(member.id)).toBe(2);
    const first = await db().transaction((tx) =>
      loyalty.onOrderCancelled(tx, { orderId: spending, userId: member.id }),
    );
    expect(first).toEqual({ released: 8, reversed: 0 });
    expect(await balance(member.id)).toBe(10);
    expect(await db().transaction((tx) => loyalty.releaseRedemption(tx, spending))).toBe(0);
    expect(await balance(member.id)).toBe(10);
    const reversal = await db()
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.orderId, spending), eq(loyaltyLedger.kind, 'reversed')));
    expect(reversal).toHaveLength(1);
    expect(reversal[0]).toMatchObject({ reverses: 'redeemed', points: 8 });

    // The earning order's points go when it is cancelled, but never below a zero balance.
    const other = await confirmedOrder(member);
    await db().transaction((tx) =>
      loyalty.redeemForOrder(tx, { userId: member.id, orderId: other, points: 7 }),
    );
    const earned = await db().transaction((tx) =>
      loyalty.onOrderCancelled(tx, { orderId: earning, userId: member.id }),
    );
    expect(earned).toEqual({ released: 0, reversed: 3 });
    expect(await balance(member.id)).toBe(0);
  });

  it('takes back earned points in proportion to refunds, rounded up, capped at the balance', async () => {
    const member = await createUser(t);
    const orderId = await confirmedOrder(member, 4); // ₹1000 → 10 points
    await deliver(orderId);
    const refund = (refundedMinorAfter: number) =>
      db().transaction((tx) =>
        loyalty.onRefunded(tx, {
          orderId,
          userId: member.id,
          paidMinor: 100_000,
          refundedMinorAfter,
        }),
      );
    expect(await refund(25_000)).toBe(3); // 2.5 → 3
    expect(await balance(member.id)).toBe(7);
    expect(await refund(25_000)).toBe(0); // the same refund total again takes nothing more
    expect(await refund(50_000)).toBe(2);
    expect(await balance(member.id)).toBe(5);
    // Spend some; the full refund then takes only what is left.
    const other = await confirmedOrder(member);
    await db().transaction((tx) =>
      loyalty.redeemForOrder(tx, { userId: member.id, orderId: other, points: 4 }),
    );
    expect(await refund(100_000)).toBe(1);
    expect(await balance(member.id)).toBe(0);
  });

  it('expires lapsed lots first in, first out, once, and warns of the next 30 days', async () => {
    const member = await createUser(t);
    const spending = await confirmedOrder(member);
    const lapsed = new Date(clock.getTime() - DAY_MS);
    const soon = new Date(clock.getTime() + 10 * DAY_MS);
    const later = new Date(clock.getTime() + 200 * DAY_MS);
    await earn(member.id, 10, lapsed);
    await earn(member.id, 20, soon);
    await earn(member.id, 5, later);
    await db()
      .insert(loyaltyLedger)
      .values({ userId: member.id, kind: 'redeemed', points: -4, orderId: spending });
    expect(await balance(member.id)).toBe(31);

    // Spending took the oldest points first: 6 of the lapsed lot are left to expire.
    expect(await loyalty.expireDue(clock)).toBeGreaterThanOrEqual(6);
    expect(await balance(member.id)).toBe(25);
    const expired = (await rowsOf(member.id)).filter((row) => row.kind === 'expired');
    expect(expired.map((row) => row.points)).toEqual([-6]);
    await loyalty.expireDue(clock);
    expect(await balance(member.id)).toBe(25);

    const summary = await loyalty.summary(member.id);
    expect(summary.expiringSoon).toEqual([{ points: 20, expiresAt: soon.toISOString() }]);

    // Eleven days on, the second lot lapses too; the third stays.
    const after = new Date(clock.getTime() + 11 * DAY_MS);
    await loyalty.expireDue(after);
    expect(await balance(member.id)).toBe(5);
  });

  it('runs the expiry as the daily job of the app', async () => {
    const member = await createUser(t);
    await earn(member.id, 9, new Date(clock.getTime() - 1));
    await earn(member.id, 2, new Date(clock.getTime() + DAY_MS));
    await t.app.jobs.enqueue(db(), LOYALTY_EXPIRY_QUEUE, {});
    await t.app.jobs.drain();
    expect(await balance(member.id)).toBe(2);
  });

  it('lets a redemption spend only unlapsed points', async () => {
    const member = await createUser(t);
    const orderId = await confirmedOrder(member);
    await earn(member.id, 10, new Date(clock.getTime() - DAY_MS));
    await earn(member.id, 3, new Date(clock.getTime() + 50 * DAY_MS));
    const refused = db().transaction((tx) =>
      loyalty.redeemForOrder(tx, { userId: member.id, orderId, points: 10 }),
    );
    await expect(refused).rejects.toThrow('You have only 3 points.');
  });

  it('spends the same points once when several orders redeem the whole balance at the same time', async () => {
    const member = await createUser(t);
    const orderIds: number[] = [];
    for (let i = 0; i < 4; i += 1) orderIds.push(await confirmedOrder(member));
    await earn(member.id, 12, new Date(clock.getTime() + 100 * DAY_MS));
    // On PostgreSQL each transaction has its own connection, so they truly overlap.
    const results = await Promise.allSettled(
      orderIds.map((orderId) =>
        db().transaction((tx) =>
          loyalty.redeemForOrder(tx, { userId: member.id, orderId, points: 12 }),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected).toHaveLength(3);
    for (const result of rejected)
      expect(String((result as PromiseRejectedResult).reason)).toContain(
        'You have no points to use.',
      );
    expect(await balance(member.id)).toBe(0);
    expect((await rowsOf(member.id)).filter((row) => row.kind === 'redeemed')).toHaveLength(1);
  });

  describe('GET /api/loyalty', () => {
    it("answers the member's balance, its value, expiry, history and the programme", async () => {
      const member = await createUser(t);
      const orderId = await confirmedOrder(member, 4);
      await deliver(orderId);
      const res = await call(member, 'GET', '/api/loyalty');
      expect(res.statusCode, res.body).toBe(200);
      const body = loyaltySummarySchema.parse(res.json());
      expect(body).toMatchObject({
        userId: member.id,
        balance: 10,
        balanceValueMinor: 1000,
        expiringSoon: [],
        policy: {
          earnPerMinor: 10_000,
          pointValueMinor: 100,
          maxRedeemPercent: 20,
          expiryMonths: 12,
        },
        pagination: { page: 1, rowCount: 1, pageCount: 1 },
      });
      expect(body.history).toEqual([
        expect.objectContaining({ kind: 'earned', points: 10, orderId, reverses: null }),
      ]);
      expect(body.history[0]?.expiresAt).toBe(pointsExpiryDate(clock, 12).toISOString());

      const page2 = await call(member, 'GET', '/api/loyalty?page=2');
      expect(page2.json().history).toEqual([]);
      const bad = await call(member, 'GET', '/api/loyalty?page=0');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Page must be a whole number from 1.');
    });

    it('is in the OpenAPI document with its query and answers', async () => {
      const document = (await call(undefined, 'GET', '/api/docs/json')).json() as {
        paths: Record<
          string,
          Record<string, { tags: string[]; responses: object; parameters?: { name: string }[] }>
        >;
      };
      const route = document.paths['/api/loyalty']?.get;
      expect(route?.tags).toEqual(['loyalty points']);
      expect(Object.keys(route?.responses ?? {}).toSorted()).toEqual(['200', '400', '401', '404']);
      expect(route?.parameters?.map((parameter) => parameter.name).toSorted()).toEqual([
        'page',
        'userId',
      ]);
    });

    it("shows another member's points to the pharmacy only (404 to a member)", async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      await earn(owner.id, 4, new Date(clock.getTime() + 5 * DAY_MS));
      const stranger = await call(other, 'GET', `/api/loyalty?userId=${owner.id}`);
      expect(stranger.statusCode).toBe(404);
      expect((await call(other, 'GET', '/api/loyalty')).json().balance).toBe(0);
      const admins = await call(admin, 'GET', `/api/loyalty?userId=${owner.id}`);
      expect(admins.statusCode).toBe(200);
      expect(admins.json()).toMatchObject({ userId: owner.id, balance: 4 });
      expect(admins.json().expiringSoon).toHaveLength(1);
      expect((await call(admin, 'GET', '/api/loyalty?userId=99999999')).statusCode).toBe(404);
      expect((await call(undefined, 'GET', '/api/loyalty')).statusCode).toBe(401);
    });
  });
});
