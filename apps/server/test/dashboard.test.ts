import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  ORDER_STATUS,
  shopDay,
  type DashboardResponse,
  type OrderStatusId,
} from '@pharmacy/shared';
import {
  contactMessages,
  orderLines,
  orders,
  products,
  stockBatches,
  users,
} from '../src/db/schema/index';
import { createBasics, createProduct } from './catalog-factories';
import { createAdmin, createUser, validAddress, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/** Noon in India on Thursday 26 November 2026: the shop's day 2026-11-26 began at 18:30 UTC. */
const NOW = new Date('2026-11-26T06:30:00.000Z');

interface SeedLine {
  productId: number | null;
  name: string;
  unitPriceMinor: number;
  units: number;
}

/**
 * Issue 18 point 1: the operations dashboard's figures against sums worked out by hand from
 * the orders below, and the admin order list's filters the dashboard's queues link to.
 */

/** The owner's dashboard: every block present (issue 32 leaves some out for other roles). */
type OwnersDashboard = Required<DashboardResponse> & {
  queues: Required<DashboardResponse['queues']>;
};
describe(`operations dashboard and order list filters (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  const ids: Record<string, number> = {};
  let deltaId = 0;
  /** The app's clock: NOW, except where a test moves it to India's midnight and back. */
  let clock = NOW;

  const db = () => t.database.db;
  const inject = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url: `/api${url}`, headers: user?.auth ?? {}, payload });

  async function setCreatedAt(table: typeof orders | typeof users, id: number, at: string) {
    await db().execute(
      sql`update ${table} set created_at = ${at}::timestamptz where ${table.id} = ${id}`,
    );
  }

  async function insertOrder(
    key: string,
    user: TestUser,
    order: {
      createdAt: string;
      statusId: OrderStatusId;
      totalMinor: number;
      expectedDeliveryDate?: string;
      deliveredAt?: string;
      lines?: SeedLine[];
    },
  ) {
    const [row] = await db()
      .insert(orders)
      .values({
        userId: user.id,
        statusId: order.statusId,
        totalOrderValueMinor: order.totalMinor,
        expectedDeliveryDate: order.expectedDeliveryDate ?? null,
        deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('no order');
    await setCreatedAt(orders, row.id, order.createdAt);
    for (const line of order.lines ?? []) {
      await db().insert(orderLines).values({
        orderId: row.id,
        productId: line.productId,
        productName: line.name,
        unitPriceMinor: line.unitPriceMinor,
        maximumRetailPriceMinor: line.unitPriceMinor,
        quantity: line.units,
        prescription: false,
      });
    }
    ids[key] = row.id;
  }

  async function customerOpenedAt(at: string) {
    const user = await createUser(t);
    await setCreatedAt(users, user.id, at);
    return user;
  }

  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false }, now: () => clock });
    admin = await createAdmin(t);
    // Accounts opened at the real time of the run must not fall into the periods by chance.
    await setCreatedAt(users, admin.id, '2026-11-26T00:00:00Z');
    member = await customerOpenedAt('2026-11-25T18:30:00.000Z'); // today, its first instant
    await customerOpenedAt('2026-11-25T18:29:59.999Z'); // yesterday, its last millisecond
    await customerOpenedAt('2026-11-22T10:00:00Z'); // in the last 7 days
    await customerOpenedAt('2026-11-15T10:00:00Z'); // the 7 days before
    await customerOpenedAt('2026-10-01T10:00:00Z'); // the 30 days before the last 30
    const buyer = await customerOpenedAt('2026-06-01T10:00:00Z');

    const basics = await createBasics(db());
    const alpha = await createProduct(db(), basics, { name: 'Alpha 500 mg' });
    const beta = await createProduct(db(), basics, { name: 'Beta Syrup' });
    const gamma = await createProduct(db(), basics, { name: 'Gamma Injection' });
    const delta = await createProduct(db(), basics, { name: 'Delta Drops', quantity: 5 });
    deltaId = delta.id;
    const line = (product: { id: number; name: string } | null, price: number, units: number) => ({
      productId: product?.id ?? null,
      name: product?.name ?? 'Old Syrup (deleted)',
      unitPriceMinor: price,
      units,
    });

    // Today (2026-11-26 in India).
    await insertOrder('A', buyer, {
      createdAt: '2026-11-25T18:30:00.000Z', // midnight in India: today, not yesterday
      statusId: ORDER_STATUS.DELIVERED,
      totalMinor: 10_000,
      expectedDeliveryDate: '2026-11-01', // past, but delivered: not overdue
      lines: [line(alpha, 1_000, 3)],
    });
    await insertOrder('C', buyer, {
      createdAt: '2026-11-26T05:00:00Z',
      statusId: ORDER_STATUS.CANCELLED,
      totalMinor: 50_000,
      expectedDeliveryDate: '2026-11-01', // past, but cancelled: not overdue
      lines: [line(alpha, 1_000, 50)],
    });
    await insertOrder('D', buyer, {
      createdAt: '2026-11-26T02:00:00Z',
      statusId: ORDER_STATUS.WAITING_TO_ACCEPT,
      totalMinor: 7_000,
    });
    await insertOrder('E', buyer, {
      createdAt: '2026-11-26T01:00:00Z',
      statusId: ORDER_STATUS.PAYMENT, // still in checkout: neither an order nor a cancellation
      totalMinor: 9_999,
    });
    // Yesterday, its last millisecond.
    await insertOrder('B', buyer, {
      createdAt: '2026-11-25T18:29:59.999Z',
      statusId: ORDER_STATUS.PACKING,
      totalMinor: 20_000,
    });
    // The rest of the last 7 days (2026-11-20 to 26).
    await insertOrder('M', buyer, {
      createdAt: '2026-11-24T06:00:00Z',
      statusId: ORDER_STATUS.PACKING,
      totalMinor: 1_000,
      expectedDeliveryDate: '2026-11-25',
      lines: [line(null, 250, 4)],
    });
    await insertOrder('F', buyer, {
      createdAt: '2026-11-19T18:30:00.000Z', // 2026-11-20 in India, the period's first instant
      statusId: ORDER_STATUS.DISPATCHED,
      totalMinor: 30_000,
      expectedDeliveryDate: '2026-11-24',
      lines: [line(beta, 500, 10)],
    });
    // The 7 days before (2026-11-13 to 19).
    await insertOrder('G', buyer, {
      createdAt: '2026-11-19T18:29:00Z',
      statusId: ORDER_STATUS.DELIVERED,
      totalMinor: 40_000,
      lines: [line(alpha, 900, 2)],
    });
    await insertOrder('H', buyer, {
      createdAt: '2026-11-13T04:00:00Z',
      statusId: ORDER_STATUS.ACCEPTED,
      totalMinor: 5_000,
      expectedDeliveryDate: '2099-12-01',
    });
    // The rest of the last 30 days (2026-10-28 to 2026-11-26).
    await insertOrder('I', buyer, {
      createdAt: '2026-10-27T18:40:00Z', // 00:10 on 2026-10-28 in India
      statusId: ORDER_STATUS.DELIVERED,
      totalMinor: 60_000,
      lines: [line(gamma, 20_000, 1)],
    });
    // The 30 days before (2026-09-28 to 2026-10-27).
    await insertOrder('J', buyer, {
      createdAt: '2026-10-27T18:29:00Z',
      statusId: ORDER_STATUS.CANCELLED,
      totalMinor: 15_000,
      lines: [line(beta, 500, 30)],
    });
    // Before every period.
    await insertOrder('K', buyer, {
      createdAt: '2026-09-27T10:00:00Z',
      statusId: ORDER_STATUS.DELIVERED,
      totalMinor: 99_000,
      lines: [line(gamma, 20_000, 9)],
    });

    // One order through the real flow: placed, paid cash on delivery, cancelled by the admin,
    // its units back on the shelf. It counts as a cancellation of today, never as revenue.
    expect(
      (await inject(member, 'POST', '/cart', { productId: delta.id, quantity: 2 })).statusCode,
    ).toBe(200);
    const placed = await inject(member, 'POST', '/order');
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().orderId as number;
    const addressId = (await inject(member, 'POST', '/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await inject(member, 'PUT', `/order/${orderId}`, { addressId })).statusCode).toBe(200);
    const paid = await inject(member, 'PUT', `/order/${orderId}`, { payment: 'Cash on Delivery' });
    expect(paid.statusCode).toBe(200);
    const cancelled = await inject(admin, 'PUT', `/order/${orderId}`, {
      statusId: ORDER_STATUS.CANCELLED,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await setCreatedAt(orders, orderId, '2026-11-26T04:00:00Z');
    ids.R = orderId;

    await db()
      .insert(contactMessages)
      .values([
        // Open however old: a month-old message nobody answered still waits.
        {
          name: 'Open',
          email: 'open@example.com',
          message: 'Hello',
          createdAt: new Date('2026-10-01T10:00:00.000Z'),
        },
        {
          name: 'Open today',
          email: 'today@example.com',
          message: 'Hello',
          createdAt: new Date('2026-11-26T05:00:00.000Z'),
        },
        // Handled by the admin: no longer in the queue.
        {
          name: 'Handled',
          email: 'handled@example.com',
          message: 'Hello',
          createdAt: new Date('2026-11-26T04:00:00.000Z'),
          handledAt: new Date('2026-11-26T05:30:00.000Z'),
          handledByUserId: admin.id,
        },
      ]);
  });
  afterAll(async () => t.close());

  async function dashboard(): Promise<OwnersDashboard> {
    const response = await inject(admin, 'GET', '/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return response.json() as OwnersDashboard;
  }

  it('answers only admins: 401 without a session, 403 for a customer', async () => {
    expect((await inject(null, 'GET', '/dashboard')).statusCode).toBe(401);
    expect((await inject(member, 'GET', '/dashboard')).statusCode).toBe(403);
  });

  it('returned the cancelled order’s units to the shelf', async () => {
    const [row] = await db()
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, deltaId));
    expect(row?.quantity).toBe(5);
  });

  it('counts the work queues', async () => {
    const body = await dashboard();
    expect(body.today).toBe('2026-11-26');
    expect(body.timeZone).toBe('Asia/Kolkata');
    expect(body.queues).toEqual({
      prescriptionReview: 1, // D
      approved: 1, // H
      packing: 2, // B, M
      overdue: 2, // F (expected 24th), M (expected 25th); not A (delivered) nor C (cancelled)
      dueToday: 0, // nothing awaiting dispatch is promised for the 26th
      late: 2, // M (Packing, promised the 25th), F (Dispatched, promised the 24th)
      openContactMessages: 2, // not the handled one
      openReturns: 0,
    });
  });

  it('gives today, 7 and 30 days against the periods before, worked out by hand', async () => {
    const [today, week, month] = (await dashboard()).periods;
    expect(today).toEqual({
      days: 1,
      from: '2026-11-26',
      to: '2026-11-26',
      previousFrom: '2026-11-25',
      previousTo: '2026-11-25',
      // A + D; C and R cancelled; E still in checkout.
      current: {
        revenueMinor: 17_000,
        orders: 2,
        averageOrderValueMinor: 8_500,
        newCustomers: 1,
        cancelledOrders: 2,
        cancellationRate: 0.5,
        // No delivery carries a time yet (the dispatch desk's tests below add some).
        deliveredOrders: 0,
        deliveredOnTime: 0,
        onTimeRate: null,
      },
      // B only, on the last millisecond of yesterday.
      previous: {
        revenueMinor: 20_000,
        orders: 1,
        averageOrderValueMinor: 20_000,
        newCustomers: 1,
        cancelledOrders: 0,
        cancellationRate: 0,
        deliveredOrders: 0,
        deliveredOnTime: 0,
        onTimeRate: null,
      },
    });
    expect(week).toMatchObject({
      from: '2026-11-20',
      previousFrom: '2026-11-13',
      previousTo: '2026-11-19',
      // A + D + B + M + F = 10,000 + 7,000 + 20,000 + 1,000 + 30,000.
      current: {
        revenueMinor: 68_000,
        orders: 5,
        averageOrderValueMinor: 13_600,
        newCustomers: 3,
        cancelledOrders: 2,
        cancellationRate: 2 / 7,
      },
      // G + H.
      previous: {
        revenueMinor: 45_000,
        orders: 2,
        averageOrderValueMinor: 22_500,
        newCustomers: 1,
        cancelledOrders: 0,
        cancellationRate: 0,
      },
    });
    expect(month).toMatchObject({
      from: '2026-10-28',
      previousFrom: '2026-09-28',
      previousTo: '2026-10-27',
      // The week's 68,000 + G 40,000 + H 5,000 + I 60,000.
      current: {
        revenueMinor: 173_000,
        orders: 8,
        averageOrderValueMinor: 21_625,
        newCustomers: 4,
        cancelledOrders: 2,
        cancellationRate: 0.2,
      },
      // J only, cancelled; K is before it.
      previous: {
        revenueMinor: 0,
        orders: 0,
        averageOrderValueMinor: null,
        newCustomers: 1,
        cancelledOrders: 1,
        cancellationRate: 1,
      },
    });
  });

  it('gives every one of the last 30 days, and the statuses of their orders', async () => {
    const body = await dashboard();
    expect(body.daily).toHaveLength(30);
    expect(body.daily[0]).toEqual({ day: '2026-10-28', orders: 1, revenueMinor: 60_000 });
    expect(body.daily.at(-1)).toEqual({ day: '2026-11-26', orders: 2, revenueMinor: 17_000 });
    expect(body.daily.at(-2)).toEqual({ day: '2026-11-25', orders: 1, revenueMinor: 20_000 });
    expect(body.daily.find((day) => day.day === '2026-11-21')).toEqual({
      day: '2026-11-21',
      orders: 0,
      revenueMinor: 0,
    });
    expect(body.daily.reduce((sum, day) => sum + day.revenueMinor, 0)).toBe(173_000);
    expect(body.ordersByStatus).toEqual([
      { statusId: ORDER_STATUS.WAITING_TO_ACCEPT, orders: 1 },
      { statusId: ORDER_STATUS.ACCEPTED, orders: 1 },
      { statusId: ORDER_STATUS.DISPATCHED, orders: 1 },
      { statusId: ORDER_STATUS.DELIVERED, orders: 3 },
      { statusId: ORDER_STATUS.CANCELLED, orders: 2 },
      { statusId: ORDER_STATUS.PAYMENT, orders: 1 },
      { statusId: ORDER_STATUS.PACKING, orders: 2 },
    ]);
  });

  it('ranks the best sellers of the confirmed orders by units and by revenue', async () => {
    const body = await dashboard();
    const brief = (list: OwnersDashboard['topProductsByUnits']) =>
      list.map(({ name, units, revenueMinor }) => [name, units, revenueMinor]);
    // Alpha: A 3 × 1,000 + G 2 × 900; its 50 units of cancelled C do not count, nor Delta's.
    expect(brief(body.topProductsByUnits)).toEqual([
      ['Beta Syrup', 10, 5_000],
      ['Alpha 500 mg', 5, 4_800],
      ['Old Syrup (deleted)', 4, 1_000],
      ['Gamma Injection', 1, 20_000],
    ]);
    expect(brief(body.topProductsByRevenue)).toEqual([
      ['Gamma Injection', 1, 20_000],
      ['Beta Syrup', 10, 5_000],
      ['Alpha 500 mg', 5, 4_800],
      ['Old Syrup (deleted)', 4, 1_000],
    ]);
    expect(body.topProductsByUnits[2]?.productId).toBeNull();
  });

  it('carries the inventory module’s stock lists', async () => {
    // Every batch a year and more from the shop's day, except Delta Drops' (5 units), which
    // expires in 45 days; a reorder level of 10 puts Delta Drops on the low-stock list too.
    await db()
      .update(stockBatches)
      .set({ expiryDate: addDays('2026-11-26', 400) });
    await db()
      .update(stockBatches)
      .set({ expiryDate: addDays('2026-11-26', 45) })
      .where(eq(stockBatches.productId, deltaId));
    await db().update(products).set({ reorderLevel: 10 }).where(eq(products.id, deltaId));
    const body = await dashboard();
    expect(body.lowStock).toEqual([
      { productId: deltaId, name: 'Delta Drops', quantity: 5, reorderLevel: 10, shortfall: 5 },
    ]);
    expect(body.lowStockCount).toBe(1);
    expect(body.nearExpiry).toEqual([
      expect.objectContaining({
        productId: deltaId,
        productName: 'Delta Drops',
        expiryDate: '2027-01-10',
        daysToExpiry: 45,
        onHand: 5,
      }),
    ]);
    expect(body.nearExpiryCount).toBe(1);
  });

  describe('the order list filters', () => {
    async function listed(query: string): Promise<string[]> {
      const response = await inject(admin, 'GET', `/order/all?pageSize=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
      return (response.json().orderList as { id: number }[]).map(
        (order) => byId.get(order.id) ?? `#${order.id}`,
      );
    }

    it.each([
      ['a status', 'statusId=10', ['B', 'M']],
      ['prescription pending', 'prescriptionPending=true', ['D']],
      ['overdue', 'overdue=true', ['M', 'F']],
      [
        'one day in India, from its midnight',
        'from=2026-11-26&to=2026-11-26',
        ['C', 'R', 'D', 'E', 'A'],
      ],
      ['the day before, to its last millisecond', 'from=2026-11-25&to=2026-11-25', ['B']],
      ['from only', 'from=2026-11-24', ['C', 'R', 'D', 'E', 'A', 'B', 'M']],
      ['to only', 'to=2026-10-27', ['J', 'K']],
      ['status and overdue', 'statusId=10&overdue=true', ['M']],
      ['status and dates', 'statusId=7&from=2026-11-01&to=2026-11-30', ['A', 'G']],
      ['flags off', 'overdue=false&prescriptionPending=false&statusId=5', ['H']],
      ['nothing matching', 'prescriptionPending=true&from=2026-10-01&to=2026-10-31', []],
    ])('%s', async (_name, query, expected) => {
      expect(await listed(query)).toEqual(expected);
    });

    it('pages through a filtered list', async () => {
      const response = await inject(admin, 'GET', '/order/all?statusId=7&pageSize=2&page=2');
      expect(response.json().pagination).toMatchObject({ page: 2, pageCount: 2, rowCount: 4 });
      expect((response.json().orderList as { id: number }[]).map((order) => order.id)).toEqual([
        ids.I,
        ids.K,
      ]);
    });

    it.each([
      ['from=2026-02-30', 'from: The start date must be a day on the calendar, like 2026-11-25.'],
      ['to=26-11-2026', 'to: The end date must be a day on the calendar, like 2026-11-25.'],
      ['from=2026-11-26&to=2026-11-25', 'to: The end date is before the start date.'],
      ['overdue=yes', 'overdue: Use true or false.'],
      ['prescriptionPending=1', 'prescriptionPending: Use true or false.'],
      ['dueToday=yes', 'dueToday: Use true or false.'],
      ['late=1', 'late: Use true or false.'],
    ])('refuses %s with 400 naming the field', async (query, message) => {
      const response = await inject(admin, 'GET', `/order/all?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('filters a customer’s own orders, never another’s', async () => {
      expect(await listedAs(member, 'from=2026-11-26&to=2026-11-26')).toEqual([ids.R]);
    });

    async function listedAs(user: TestUser, query: string) {
      const response = await inject(user, 'GET', `/order/all?${query}`);
      return (response.json().orderList as { id: number }[]).map((order) => order.id);
    }
  });

  /**
   * Issue 29 point 5: the dispatch desk. Its orders are added here and removed after, so the
   * figures above keep their hand-worked sums; they were placed long before every period.
   */
  describe('the dispatch desk: due today, late, on-time rate', () => {
    const placed = '2026-08-01T10:00:00Z';
    const deskKeys: string[] = [];

    async function deskOrder(
      key: string,
      statusId: OrderStatusId,
      expectedDeliveryDate?: string,
      deliveredAt?: string,
    ) {
      await insertOrder(key, member, {
        createdAt: placed,
        statusId,
        totalMinor: 1_000,
        ...(expectedDeliveryDate ? { expectedDeliveryDate } : {}),
        ...(deliveredAt ? { deliveredAt } : {}),
      });
      deskKeys.push(key);
    }

    beforeAll(async () => {
      const S = ORDER_STATUS;
      // Not dispatched yet, promised for the 26th: due today.
      await deskOrder('Q1', S.WAITING_TO_ACCEPT, '2026-11-26');
      await deskOrder('Q2', S.ACCEPTED, '2026-11-26');
      await deskOrder('Q3', S.PACKING, '2026-11-26');
      // Promised for the 25th, not delivered: late, dispatched or not.
      await deskOrder('Q4', S.PACKING, '2026-11-25');
      await deskOrder('Q5', S.DISPATCHED, '2026-11-25');
      // Neither: on its way and promised for today; promised tomorrow; still in checkout;
      // no promise; done.
      await deskOrder('Q6', S.DISPATCHED, '2026-11-26');
      await deskOrder('Q7', S.PACKING, '2026-11-27');
      await deskOrder('Q8', S.PAYMENT, '2026-11-20');
      await deskOrder('Q9', S.PACKING);
      await deskOrder('Q10', S.CANCELLED, '2026-11-20');

      // Deliveries: the day of delivered_at in India against the promised day.
      await deskOrder('V1', S.DELIVERED, '2026-11-26', '2026-11-26T05:00:00Z'); // today, on time
      // 00:01 on the 26th in India for a promise of the 25th: late, and delivered today.
      await deskOrder('V2', S.DELIVERED, '2026-11-25', '2026-11-25T18:31:00Z');
      // 23:59 on the 25th in India for the same promise: on time, delivered yesterday.
      await deskOrder('V3', S.DELIVERED, '2026-11-25', '2026-11-25T18:29:00Z');
      await deskOrder('V4', S.DELIVERED, undefined, '2026-11-26T04:00:00Z'); // no promise
      await deskOrder('V5', S.DELIVERED, '2026-11-16', '2026-11-18T10:00:00Z'); // the week before
      await deskOrder('V6', S.DELIVERED, '2026-10-20', '2026-10-20T10:00:00Z'); // 30 days before
    });
    afterAll(async () => {
      await db()
        .delete(orders)
        .where(
          inArray(
            orders.id,
            deskKeys.map((key) => ids[key] ?? 0),
          ),
        );
      for (const key of deskKeys) delete ids[key];
    });

    async function dashboardAt(at: string) {
      clock = new Date(at);
      try {
        return await dashboard();
      } finally {
        clock = NOW;
      }
    }

    it('counts due today and late, never the same order twice', async () => {
      const { today, queues } = await dashboard();
      expect(today).toBe('2026-11-26');
      // Q1, Q2, Q3; late: Q4, Q5 and the seed's M (Packing) and F (Dispatched).
      expect(queues).toMatchObject({ dueToday: 3, late: 4 });
      // Overdue also counts Q8, still in checkout with a past date.
      expect(queues.overdue).toBe(5);
    });

    it('keeps today’s promises due until India’s midnight, then they are late', async () => {
      const lastInstant = await dashboardAt('2026-11-26T18:29:59.999Z'); // 23:59:59.999 in India
      expect(lastInstant.today).toBe('2026-11-26');
      expect(lastInstant.queues).toMatchObject({ dueToday: 3, late: 4 });
      const midnight = await dashboardAt('2026-11-26T18:30:00.000Z'); // 00:00 on the 27th
      expect(midnight.today).toBe('2026-11-27');
      // Q7 (promised the 27th) is due; Q1, Q2, Q3 and the dispatched Q6 joined the late ones.
      expect(midnight.queues).toMatchObject({ dueToday: 1, late: 8 });
    });

    it('rates each period’s promised deliveries by their day in India', async () => {
      const [today, week, month] = (await dashboard()).periods;
      // Today: V1 on time, V2 late by a minute past midnight; V4 had no promise.
      expect(today!.current).toMatchObject({
        deliveredOrders: 2,
        deliveredOnTime: 1,
        onTimeRate: 0.5,
      });
      // Yesterday: V3, at 23:59 in India.
      expect(today!.previous).toMatchObject({
        deliveredOrders: 1,
        deliveredOnTime: 1,
        onTimeRate: 1,
      });
      expect(week!.current).toMatchObject({
        deliveredOrders: 3,
        deliveredOnTime: 2,
        onTimeRate: 0.667,
      });
      // The week before: V5 only, late.
      expect(week!.previous).toMatchObject({
        deliveredOrders: 1,
        deliveredOnTime: 0,
        onTimeRate: 0,
      });
      expect(month!.current).toMatchObject({
        deliveredOrders: 4,
        deliveredOnTime: 2,
        onTimeRate: 0.5,
      });
      expect(month!.previous).toMatchObject({
        deliveredOrders: 1,
        deliveredOnTime: 1,
        onTimeRate: 1,
      });
      // The revenue and order figures are those of orders placed in the period: unchanged.
      expect(today!.current.revenueMinor).toBe(17_000);
    });

    it('moves a delivery of 18:30 UTC into the next day of India', async () => {
      const atMidnight = await dashboardAt('2026-11-26T18:30:00.000Z');
      // Today is the 27th: nothing delivered yet; yesterday (the 26th) holds V1 and V2.
      expect(atMidnight.periods[0]?.current).toMatchObject({
        deliveredOrders: 0,
        onTimeRate: null,
      });
      expect(atMidnight.periods[0]?.previous).toMatchObject({
        deliveredOrders: 2,
        deliveredOnTime: 1,
      });
    });

    /**
     * The order list reads the real clock (the orders module's service), so these orders are
     * promised relative to the real day in India; every order above is promised earlier.
     */
    describe('the order list behind each queue', () => {
      beforeAll(async () => {
        const realToday = shopDay(new Date());
        await deskOrder('L1', ORDER_STATUS.PACKING, realToday);
        await deskOrder('L2', ORDER_STATUS.DISPATCHED, realToday);
        await deskOrder('L3', ORDER_STATUS.DISPATCHED, addDays(realToday, -1));
        await deskOrder('L4', ORDER_STATUS.ACCEPTED, addDays(realToday, 1));
      });

      async function listedKeys(query: string): Promise<string[]> {
        const response = await inject(admin, 'GET', `/order/all?pageSize=100&${query}`);
        expect(response.statusCode, response.body).toBe(200);
        const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
        return (response.json().orderList as { id: number }[])
          .map((order) => byId.get(order.id) ?? `#${order.id}`)
          .toSorted();
      }

      it.each([
        ['due today', 'dueToday=true', ['L1']],
        ['late', 'late=true', ['F', 'L3', 'M', 'Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7']],
        ['late and dispatched', 'late=true&statusId=6', ['F', 'L3', 'Q5', 'Q6']],
        ['late and prescription pending', 'late=true&prescriptionPending=true', ['Q1']],
        ['due today and late: never both', 'dueToday=true&late=true', []],
      ])('%s', async (_name, query, expected) => {
        expect(await listedKeys(query)).toEqual(expected);
      });
    });
  });

  it('is in the OpenAPI document with the answers it gives', async () => {
    const document = (await inject(null, 'GET', '/docs/json')).json() as {
      paths: Record<
        string,
        Record<string, { tags: string[]; responses: object; parameters?: { name: string }[] }>
      >;
    };
    const operation = document.paths['/api/dashboard']?.get;
    expect(operation?.tags).toEqual(['dashboard']);
    expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '401', '403']);
    const listParameters = document.paths['/api/order/all']?.get?.parameters?.map((p) => p.name);
    expect(listParameters).toEqual(
      expect.arrayContaining(['from', 'to', 'prescriptionPending', 'overdue', 'dueToday', 'late']),
    );
  });
});
