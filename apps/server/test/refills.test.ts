import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_NOT_FOUND,
  REFILL_TEXTS,
  addDays,
  refillListSchema,
  refillOrderOptionsSchema,
  refillResponseSchema,
  refillUnsubscribeResponseSchema,
  utcDay,
} from '@pharmacy/shared';
import { cartItems, orders, refillReminders } from '../src/db/schema/index';
import type { JobQueue } from '../src/modules/jobs/job-queue';
import type { MailOutbox } from '../src/modules/notifications/mail-outbox';
import {
  REFILL_REMINDER_QUEUE,
  createRefillsService,
} from '../src/modules/refills/refills.service';
import {
  UNSUBSCRIBE_TOKEN_TTL_SECONDS,
  signUnsubscribeToken,
} from '../src/modules/refills/unsubscribe-token';
import { signFlowValue } from '../src/lib/tokens';
import { createBasics, createProduct, setStock, type CatalogBasics } from './catalog-factories';
import { createAdmin, createUser, validAddress, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const DAY_MS = 86_400_000;
/** The real day: orders are stamped by the database's clock. */
const TODAY = utcDay();

/** Issue 17 part 4: refill reminders, their scan and mail, and the unsubscribe link. */
describe(`refill reminders (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  /** The clock the app reads for 'today' (the scan, new due dates); tests move it. */
  let clock = new Date();
  const setDay = (day: string) => {
    clock = new Date(`${day}T06:00:00.000Z`);
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => clock, jobs: { poll: false } });
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = (
    user: TestUser | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

  async function placeOrder(user: TestUser, lines: Array<[productId: number, count: number]>) {
    for (const [productId, quantity] of lines) {
      const res = await call(user, 'POST', '/api/cart', { productId, quantity });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await call(user, 'POST', '/api/order');
    expect(res.statusCode, res.body).toBe(201);
    return res.json().orderId as number;
  }

  /** Address, then cash on delivery: the order is confirmed (checkout-steps completePayment). */
  async function confirmOrder(user: TestUser, orderId: number) {
    const address = await call(user, 'POST', '/api/user/saveAddress', validAddress);
    const addressId = address.json().addressId as number;
    expect((await call(user, 'PUT', `/api/order/${orderId}`, { addressId })).statusCode).toBe(200);
    const paid = await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
    expect(paid.statusCode, paid.body).toBe(200);
  }

  async function lineId(user: TestUser, orderId: number, productId: number) {
    const detail = await call(user, 'GET', `/api/order/getOrderDetail/${orderId}`);
    const line = (
      detail.json().orderDetails as Array<{ id: number; product: { id: number } | null }>
    ).find((each) => each.product?.id === productId);
    if (!line) throw new Error('no such line');
    return line.id;
  }

  const createRefill = async (
    user: TestUser | undefined,
    orderId: number,
    orderLineId: number,
    intervalDays = 30,
  ) => call(user, 'POST', '/api/refills', { orderId, orderLineId, intervalDays });

  /** A customer with an order of a fresh medicine and a 30-day reminder set from it. */
  async function customerWithRefill(intervalDays = 30, units = 2) {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 500 });
    const orderId = await placeOrder(user, [[product.id, units]]);
    const res = await createRefill(
      user,
      orderId,
      await lineId(user, orderId, product.id),
      intervalDays,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { refill } = refillResponseSchema.parse(res.json());
    return { user, product, orderId, refill };
  }

  async function stored(id: number) {
    const [row] = await db().select().from(refillReminders).where(eq(refillReminders.id, id));
    return row;
  }

  /** The scheduled job's work, as one scheduled slot runs it, with its mails sent. */
  async function scan() {
    await t.app.jobs.enqueue(db(), REFILL_REMINDER_QUEUE, {});
    await t.app.jobs.drain();
  }

  const decodeQuotedPrintable = (mail: string) =>
    mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

  /** The refill reminder mails written to the outbox for this address, oldest first. */
  function refillMails(to: string): string[] {
    const outbox = path.join(t.config.dataDir, 'outbox');
    let files: string[];
    try {
      files = readdirSync(outbox);
    } catch {
      return [];
    }
    const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
    return files
      .filter((file) => file.endsWith(`-${safe}.eml`))
      .sort()
      .map((file) => decodeQuotedPrintable(readFileSync(path.join(outbox, file), 'utf8')))
      .filter((mail) => mail.includes('Subject: Time to refill'));
  }

  const tokenIn = (mail: string) => {
    const token = /\/unsubscribe\?token=([\w.-]+)/.exec(mail)?.[1];
    if (!token) throw new Error('no unsubscribe link');
    return token;
  };

  describe('setting a reminder from an order', () => {
    it('asks a signed-out caller to sign in', async () => {
      for (const [method, url] of [
        ['GET', '/api/refills'],
        ['POST', '/api/refills'],
        ['PATCH', '/api/refills/1'],
        ['DELETE', '/api/refills/1'],
        ['POST', '/api/refills/1/add-to-cart'],
        ['GET', '/api/refills/order/1'],
      ] as const) {
        const res = await call(undefined, method, url, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it("refuses another member's order, and the admin on a customer's order, with 404", async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const product = await createProduct(db(), basics, { quantity: 50 });
      const orderId = await placeOrder(owner, [[product.id, 1]]);
      const orderLineId = await lineId(owner, orderId, product.id);
      for (const caller of [other, admin]) {
        const res = await createRefill(caller, orderId, orderLineId);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(ORDER_NOT_FOUND);
        expect((await call(caller, 'GET', `/api/refills/order/${orderId}`)).statusCode).toBe(404);
      }
      expect((await createRefill(other, 999_999, orderLineId)).statusCode).toBe(404);
      expect(await db().select().from(refillReminders)).toHaveLength(0);
    });

    it('refuses a line that is not a medicine, or not in the order, with a sentence', async () => {
      const user = await createUser(t);
      const soap = await createProduct(db(), basics, {
        name: 'Refill Test Soap',
        saltCompositionId: null,
        quantity: 50,
      });
      const medicine = await createProduct(db(), basics, { quantity: 50 });
      const orderId = await placeOrder(user, [
        [soap.id, 1],
        [medicine.id, 1],
      ]);
      const notMedicine = await createRefill(user, orderId, await lineId(user, orderId, soap.id));
      expect(notMedicine.statusCode).toBe(400);
      expect(notMedicine.json().message).toBe(REFILL_TEXTS.notMedicine);

      const elsewhere = await placeOrder(user, [[medicine.id, 1]]);
      const notInOrder = await createRefill(
        user,
        orderId,
        await lineId(user, elsewhere, medicine.id),
      );
      expect(notInOrder.statusCode).toBe(400);
      expect(notInOrder.json().message).toBe(REFILL_TEXTS.lineNotInOrder);

      const medicineLine = await lineId(user, orderId, medicine.id);
      for (const intervalDays of [6, 181, 30.5]) {
        const bad = await createRefill(user, orderId, medicineLine, intervalDays);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toContain(REFILL_TEXTS.intervalInvalid);
      }

      // The order page offers the medicine only.
      const options = refillOrderOptionsSchema.parse(
        (await call(user, 'GET', `/api/refills/order/${orderId}`)).json(),
      );
      expect(options.lines.map((line) => line.productId)).toEqual([medicine.id]);
      expect(options.lines[0]?.refill).toBeNull();
    });

    it('sets one reminder per product: due one interval after the order, listed with its name', async () => {
      const { user, product, orderId, refill } = await customerWithRefill(30, 3);
      expect(refill).toMatchObject({
        productId: product.id,
        productName: product.name,
        productAvailable: true,
        quantity: 3,
        intervalDays: 30,
        nextDueOn: addDays(TODAY, 30),
        remindOn: addDays(TODAY, 27),
        paused: false,
        sourceOrderId: orderId,
      });
      const again = await createRefill(user, orderId, await lineId(user, orderId, product.id), 60);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `You already have a refill reminder for ${product.name}. You can change it in My Refills.`,
      );

      const list = refillListSchema.parse((await call(user, 'GET', '/api/refills')).json());
      expect(list.refills).toEqual([refill]);
      const options = refillOrderOptionsSchema.parse(
        (await call(user, 'GET', `/api/refills/order/${orderId}`)).json(),
      );
      expect(options.lines[0]?.refill).toEqual(refill);
      // Nobody else sees it.
      const other = await createUser(t);
      expect(
        refillListSchema.parse((await call(other, 'GET', '/api/refills')).json()).refills,
      ).toEqual([]);
    });

    it('counts from the delivery day of a delivered order, and never asks for a refill in the past', async () => {
      const user = await createUser(t);
      const product = await createProduct(db(), basics, { quantity: 50 });
      const orderId = await placeOrder(user, [[product.id, 1]]);
      const delivered = addDays(TODAY, -40);
      await db()
        .update(orders)
        .set({ deliveredAt: new Date(`${delivered}T10:00:00.000Z`) })
        .where(eq(orders.id, orderId));
      const res = await createRefill(user, orderId, await lineId(user, orderId, product.id), 30);
      // Delivered 40 days ago: due 10 days ago, so the next one in 20 days.
      expect(refillResponseSchema.parse(res.json()).refill.nextDueOn).toBe(addDays(TODAY, 20));
    });
  });

  describe('the scan and its mail', () => {
    it('mails each due date once, however often it runs, and moves on after the due date', async () => {
      setDay(TODAY);
      const { user, product, refill } = await customerWithRefill(30);
      const due = addDays(TODAY, 30);

      setDay(addDays(due, -4));
      await scan();
      expect(refillMails(user.email)).toHaveLength(0);

      setDay(addDays(due, -3));
      await scan();
      await scan();
      const mails = refillMails(user.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0] ?? '';
      expect(mail).toContain(`Subject: Time to refill ${product.name}`);
      expect(mail).toContain(`${t.config.publicUrl}/refill/${refill.id}`);
      expect(mail).toContain(`${t.config.publicUrl}/dashboard/refills`);
      expect(mail).toMatch(
        /List-Unsubscribe:\s*<http:\/\/[^>]+\/api\/refills\/unsubscribe\/one-click\?token=[\w.-]+>/,
      );
      expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(await stored(refill.id)).toMatchObject({ nextDueOn: due, remindedForDueOn: due });

      setDay(due);
      await scan();
      setDay(addDays(due, 1));
      await scan();
      expect(refillMails(user.email)).toHaveLength(1);
      expect(await stored(refill.id)).toMatchObject({
        nextDueOn: addDays(due, 30),
        remindedForDueOn: due,
      });

      setDay(addDays(due, 27));
      await scan();
      await scan();
      expect(refillMails(user.email)).toHaveLength(2);
      setDay(TODAY);
    });

    it('sends nothing while paused, and goes on after resuming', async () => {
      setDay(TODAY);
      const { user, refill } = await customerWithRefill(30);
      const paused = await call(user, 'PATCH', `/api/refills/${refill.id}`, { paused: true });
      expect(paused.statusCode).toBe(200);
      expect(paused.json().message).toBe(`Refill reminders for ${refill.productName} are paused.`);

      setDay(addDays(refill.nextDueOn, -1));
      await scan();
      expect(refillMails(user.email)).toHaveLength(0);

      // Resumed 5 days after the due date it slept through: the next in its rhythm.
      setDay(addDays(refill.nextDueOn, 5));
      const resumed = await call(user, 'PATCH', `/api/refills/${refill.id}`, { paused: false });
      const { refill: after } = refillResponseSchema.parse(resumed.json());
      expect(after).toMatchObject({ paused: false, nextDueOn: addDays(refill.nextDueOn, 30) });
      await scan();
      expect(refillMails(user.email)).toHaveLength(0);
      setDay(addDays(after.nextDueOn, -3));
      await scan();
      expect(refillMails(user.email)).toHaveLength(1);
      setDay(TODAY);
    });

    it('moves the due date on when the customer confirms a new order of the product', async () => {
      setDay(TODAY);
      const { user, product, refill } = await customerWithRefill(30);
      const later = addDays(TODAY, 12);
      setDay(later);
      const orderId = await placeOrder(user, [[product.id, 2]]);
      // Placed but not confirmed: nothing moves yet.
      expect((await stored(refill.id))?.nextDueOn).toBe(refill.nextDueOn);
      await confirmOrder(user, orderId);
      expect((await stored(refill.id))?.nextDueOn).toBe(addDays(later, 30));

      // Another customer's order of the same product moves only their own reminders.
      const other = await createUser(t);
      const theirs = await placeOrder(other, [[product.id, 1]]);
      await confirmOrder(other, theirs);
      expect((await stored(refill.id))?.nextDueOn).toBe(addDays(later, 30));
      setDay(TODAY);
    });

    it('queues each due reminder once when several scans run at the same time', async () => {
      setDay(TODAY);
      const people = await Promise.all(Array.from({ length: 12 }, () => customerWithRefill(30)));
      setDay(addDays(TODAY, 28));
      const queued: string[] = [];
      // Scanners as several server instances would run them, each on the shared database.
      const scanners = Array.from({ length: 3 }, () =>
        createRefillsService({
          db: db(),
          jobs: { work: () => undefined } as unknown as JobQueue,
          outbox: {
            enqueue: async (_tx, _kind, message) => {
              queued.push(message.to);
            },
          } as MailOutbox,
          orders: { getDetail: async () => Promise.reject(new Error('unused')) },
          catalog: { productsByIds: async () => new Map() },
          reorder: { putInCart: async () => Promise.reject(new Error('unused')) },
          publicUrl: t.config.publicUrl,
          shopName: 'Test',
          jwtSecret: t.config.jwtSecret,
          daysBefore: 3,
          now: () => clock,
        }),
      );
      const counts = await Promise.all(scanners.map((scanner) => scanner.scan()));
      const emails = people.map((person) => person.user.email);
      const ours = queued.filter((to) => emails.includes(to));
      expect(ours.sort()).toEqual([...emails].sort());
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(queued.length);
      setDay(TODAY);
    });
  });

  describe('changing, deleting and the cart link', () => {
    it('changes the interval from the same last refill, and the quantity; only the owner', async () => {
      setDay(TODAY);
      const { user, refill } = await customerWithRefill(30);
      const other = await createUser(t);
      for (const caller of [other, admin]) {
        const res = await call(caller, 'PATCH', `/api/refills/${refill.id}`, { intervalDays: 60 });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(REFILL_TEXTS.notFound);
        expect((await call(caller, 'DELETE', `/api/refills/${refill.id}`)).statusCode).toBe(404);
      }
      expect((await call(user, 'PATCH', `/api/refills/${refill.id}`, {})).statusCode).toBe(400);
      const res = await call(user, 'PATCH', `/api/refills/${refill.id}`, {
        intervalDays: 60,
        quantity: 4,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(refillResponseSchema.parse(res.json()).refill).toMatchObject({
        intervalDays: 60,
        quantity: 4,
        nextDueOn: addDays(TODAY, 60),
        paused: false,
      });
      const deleted = await call(user, 'DELETE', `/api/refills/${refill.id}`);
      expect(deleted.json()).toEqual({ message: REFILL_TEXTS.deleted });
      expect((await call(user, 'DELETE', `/api/refills/${refill.id}`)).statusCode).toBe(404);
    });

    it("puts the reminder's product in the owner's cart, capped at the stock, saying why", async () => {
      const { user, product, refill } = await customerWithRefill(30, 3);
      const other = await createUser(t);
      expect((await call(other, 'POST', `/api/refills/${refill.id}/add-to-cart`)).statusCode).toBe(
        404,
      );
      const added = await call(user, 'POST', `/api/refills/${refill.id}/add-to-cart`);
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toMatchObject({
        message: `${product.name} is in your cart.`,
        lines: [{ productId: product.id, added: 3, inCart: 3, reason: null }],
      });
      // The link opened again (a second tab, the next day): the cart still holds the refill once.
      const again = await call(user, 'POST', `/api/refills/${refill.id}/add-to-cart`);
      expect(again.json()).toMatchObject({
        message: `${product.name} is in your cart.`,
        lines: [{ productId: product.id, added: 0, inCart: 3, reason: null }],
      });

      await call(user, 'DELETE', `/api/cart/remove/${product.id}`);
      await setStock(db(), product.id, 2);
      const capped = await call(user, 'POST', `/api/refills/${refill.id}/add-to-cart`);
      expect(capped.json()).toMatchObject({
        lines: [{ added: 2, reason: 'fewer_left' }],
      });
      await setStock(db(), product.id, 0);
      await call(user, 'DELETE', `/api/cart/remove/${product.id}`);
      const none = await call(user, 'POST', `/api/refills/${refill.id}/add-to-cart`);
      expect(none.json()).toMatchObject({
        message: `${product.name} could not be added to your cart.`,
        lines: [{ added: 0, reason: 'out_of_stock' }],
      });
      const cart = await db().select().from(cartItems).where(eq(cartItems.userId, user.id));
      expect(cart).toEqual([]);
    });
  });

  describe('the unsubscribe link', () => {
    async function mailedRefill() {
      setDay(TODAY);
      const person = await customerWithRefill(30);
      setDay(addDays(person.refill.nextDueOn, -3));
      await scan();
      setDay(TODAY);
      const [mail] = refillMails(person.user.email);
      if (!mail) throw new Error('no reminder mail');
      return { ...person, mail, token: tokenIn(mail) };
    }
    const unsubscribe = (token: string) =>
      call(undefined, 'POST', '/api/refills/unsubscribe', { token });

    it("pauses the mail's reminder without signing in, and says so again when used twice", async () => {
      const { refill, token } = await mailedRefill();
      for (let i = 0; i < 2; i++) {
        const res = await unsubscribe(token);
        expect(res.statusCode, res.body).toBe(200);
        expect(refillUnsubscribeResponseSchema.parse(res.json())).toEqual({
          message: `You will get no more refill reminders for ${refill.productName}. You can resume them any time in My Refills.`,
          productName: refill.productName,
        });
      }
      expect((await stored(refill.id))?.paused).toBe(true);
    });

    it("takes a mail client's RFC 8058 one-click POST to the List-Unsubscribe address", async () => {
      const { refill, mail } = await mailedRefill();
      const target = /List-Unsubscribe:\s*<([^>]+)>/.exec(mail)?.[1];
      if (!target) throw new Error('no List-Unsubscribe header');
      const res = await t.app.inject({
        method: 'POST',
        url: target.replace(t.config.publicUrl, ''),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await stored(refill.id))?.paused).toBe(true);
    });

    it('refuses a tampered, foreign, expired or other-purpose token with 400 and changes nothing', async () => {
      const { refill, user, token } = await mailedRefill();
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
      const otherReminder = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString(
        'base64url',
      );
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      const secret = t.config.jwtSecret;
      // The app's clock, which verifies the tokens.
      const now = clock.getTime();
      const cases: Array<[string, string, string]> = [
        ['signature changed', `${header}.${payload}.${flipped}`, REFILL_TEXTS.unsubscribeInvalid],
        [
          'claims changed',
          `${header}.${otherReminder}.${signature}`,
          REFILL_TEXTS.unsubscribeInvalid,
        ],
        ['not a token', 'not-a-token', REFILL_TEXTS.unsubscribeInvalid],
        [
          'signed with another key',
          await signUnsubscribeToken('another-secret-that-is-long-enough-for-hs256', {
            reminderId: refill.id,
            userId: user.id,
          }),
          REFILL_TEXTS.unsubscribeInvalid,
        ],
        [
          'another purpose, same key',
          await signUnsubscribeToken(
            secret,
            { reminderId: refill.id, userId: user.id },
            { purpose: 'password-reset' },
          ),
          REFILL_TEXTS.unsubscribeInvalid,
        ],
        ['a session token', user.token, REFILL_TEXTS.unsubscribeInvalid],
        [
          'a flow value of another audience',
          await signFlowValue(secret, 'medikart-oidc', { sub: String(refill.id) }, 600),
          REFILL_TEXTS.unsubscribeInvalid,
        ],
        [
          'expired',
          await signUnsubscribeToken(
            secret,
            { reminderId: refill.id, userId: user.id },
            { now: new Date(now - (UNSUBSCRIBE_TOKEN_TTL_SECONDS * 1000 + DAY_MS)) },
          ),
          REFILL_TEXTS.unsubscribeExpired,
        ],
        [
          'another customer',
          await signUnsubscribeToken(secret, { reminderId: refill.id, userId: admin.id }),
          REFILL_TEXTS.unsubscribeGone,
        ],
      ];
      for (const [label, bad, message] of cases) {
        const res = await unsubscribe(bad);
        expect(res.json().message, label).toBe(message);
        expect(res.statusCode, label).toBe(message === REFILL_TEXTS.unsubscribeGone ? 200 : 400);
      }
      expect((await unsubscribe('')).statusCode).toBe(400);
      expect((await stored(refill.id))?.paused).toBe(false);

      // Still valid a day before it expires.
      const nearlyExpired = await signUnsubscribeToken(
        secret,
        { reminderId: refill.id, userId: user.id },
        { now: new Date(now - (UNSUBSCRIBE_TOKEN_TTL_SECONDS * 1000 - DAY_MS)) },
      );
      expect((await unsubscribe(nearlyExpired)).statusCode).toBe(200);
    });

    it('answers a link whose reminder was deleted with what holds: no more mail', async () => {
      const { user, refill, token } = await mailedRefill();
      await call(user, 'DELETE', `/api/refills/${refill.id}`);
      const res = await unsubscribe(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: REFILL_TEXTS.unsubscribeGone, productName: null });
    });
  });
});
