import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, addDays, formatLongDate, utcDay } from '@pharmacy/shared';
import { buildApp } from '../src/app';
import { products, stockNotifications } from '../src/db/schema/index';
import { MAIL_QUEUE } from '../src/modules/notifications/mail-outbox';
import {
  createBasics,
  createProduct,
  productEditFields,
  setStock,
  type CatalogBasics,
} from './catalog-factories';
import { createPharmacist, createUser, multipart, validAddress, type TestUser } from './factories';
import { buildTestApp, createTestDatabase, testDriver, type TestApp } from './helpers';
import { loadConfig } from '../src/config/env';
import { readOutbox } from './support/outbox';

const mailsTo = async (t: TestApp, email: string) =>
  (await readOutbox(t.config.dataDir)).filter((mail) => mail.to === email);
const subjectsTo = async (t: TestApp, email: string) =>
  (await mailsTo(t, email)).map((mail) => mail.subject);

async function jobRows(t: TestApp, queue: string) {
  const { rows } = await t.database.executeSql(
    `SELECT id::text, state::text, retry_count, start_after, output FROM pgboss.job WHERE name = $1 ORDER BY created_on`,
    [queue],
  );
  return rows as Array<{
    id: string;
    state: string;
    retry_count: number;
    start_after: Date | string;
    output: unknown;
  }>;
}

/** Retry delays are real time; a test moves a waiting retry to now instead of sleeping. */
const makeRetriesDue = (t: TestApp) =>
  t.database.executeSql(
    `UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE state = 'retry'`,
  );

/** Issue 17 part 1: mail through a durable queue written by the transaction that causes it. */
describe(`background jobs and mail (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    basics = await createBasics(t.database.db);
    admin = await createPharmacist(t);
  });
  afterAll(async () => t.close());

  const inject = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url: `/api${url}`, headers: user?.auth ?? {}, payload });

  async function placeOrder(user: TestUser, productId: number, units = 1) {
    expect((await inject(user, 'POST', '/cart', { productId, quantity: units })).statusCode).toBe(
      200,
    );
    const placed = await inject(user, 'POST', '/order');
    expect(placed.statusCode).toBe(201);
    return placed.json().orderId as number;
  }

  async function confirmCashOnDelivery(user: TestUser, orderId: number) {
    const addressId = (await inject(user, 'POST', '/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await inject(user, 'PUT', `/order/${orderId}`, { addressId })).statusCode).toBe(200);
    const paid = await inject(user, 'PUT', `/order/${orderId}`, { payment: 'Cash on Delivery' });
    expect(paid.statusCode).toBe(200);
  }

  const setStatus = (orderId: number, statusId: number, extra: object = {}) =>
    inject(admin, 'PUT', `/order/${orderId}`, { statusId, ...extra });

  it('sends the mail of a committed order once, after the worker runs, and nothing for a refused one', async () => {
    const user = await createUser(t);
    const product = await createProduct(t.database.db, basics, { quantity: 5 });
    const orderId = await placeOrder(user, product.id);
    // Queued with the order, not sent yet: no worker has run.
    expect(await mailsTo(t, user.email)).toHaveLength(0);
    await t.app.jobs.drain();
    const mails = await mailsTo(t, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`We received your order — order #${orderId}`);
    await t.app.jobs.drain();
    expect(await mailsTo(t, user.email)).toHaveLength(1);

    // An order the shop refuses (more than is in stock) rolls back, and with it its mail.
    const other = await createUser(t);
    await inject(other, 'POST', '/cart', { productId: product.id, quantity: 4 });
    // Units left the shelf between the cart and the order.
    await setStock(t.database.db, product.id, 1);
    const refused = await inject(other, 'POST', '/order');
    expect(refused.statusCode).toBe(409);
    await t.app.jobs.drain();
    expect(await mailsTo(t, other.email)).toHaveLength(0);
  });

  it('writes nothing when the transaction that queued a mail rolls back', async () => {
    const before = (await jobRows(t, MAIL_QUEUE)).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.jobs.enqueue(tx, MAIL_QUEUE, {
          kind: 'test',
          to: 'ghost@example.com',
          subject: 'never',
          text: 'never',
          queuedAt: new Date().toISOString(),
        });
        throw new Error('the change failed after queuing its mail');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobRows(t, MAIL_QUEUE)).toHaveLength(before);
    await t.app.jobs.drain();
    expect(await mailsTo(t, 'ghost@example.com')).toHaveLength(0);
  });

  it('mails confirmation, dispatch with the expected date, delivery; the customer may turn off the last two', async () => {
    const user = await createUser(t);
    const product = await createProduct(t.database.db, basics, { quantity: 10 });
    const orderId = await placeOrder(user, product.id);
    await confirmCashOnDelivery(user, orderId);
    const expected = addDays(utcDay(), 3);
    expect(
      (await setStatus(orderId, ORDER_STATUS.DISPATCHED, { expectedDeliveryDate: expected }))
        .statusCode,
    ).toBe(200);
    expect((await setStatus(orderId, ORDER_STATUS.DELIVERED)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const subjects = await subjectsTo(t, user.email);
    expect(subjects).toEqual([
      `We received your order — order #${orderId}`,
      `Order confirmed — order #${orderId}`,
      `Order dispatched — order #${orderId}`,
      `Order delivered — order #${orderId}`,
    ]);
    const dispatched = (await mailsTo(t, user.email))[2]?.text ?? '';
    expect(dispatched).toContain(`Expected delivery: ${formatLongDate(`${expected}T00:00:00Z`)}.`);
    expect(dispatched).toContain(`/order/${orderId}`);
    expect(dispatched).toContain(
      `turn off delivery updates in your profile: ${t.config.publicUrl}/dashboard\n`,
    );

    // Turned off: dispatch and delivery are not mailed; a cancellation still is.
    const quiet = await createUser(t);
    const off = await inject(quiet, 'PUT', '/user/mail-preferences', { orderProgressMails: false });
    expect(off.statusCode).toBe(200);
    expect((await inject(quiet, 'GET', '/user/mail-preferences')).json()).toEqual({
      orderProgressMails: false,
    });
    const first = await placeOrder(quiet, product.id);
    await confirmCashOnDelivery(quiet, first);
    await setStatus(first, ORDER_STATUS.DISPATCHED);
    await setStatus(first, ORDER_STATUS.DELIVERED);
    const second = await placeOrder(quiet, product.id);
    await confirmCashOnDelivery(quiet, second);
    expect((await setStatus(second, ORDER_STATUS.CANCELLED)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const quietSubjects = await subjectsTo(t, quiet.email);
    expect(quietSubjects).toEqual([
      `We received your order — order #${first}`,
      `Order confirmed — order #${first}`,
      `We received your order — order #${second}`,
      `Order confirmed — order #${second}`,
      `Order cancelled — order #${second}`,
    ]);
    expect(
      (await inject(quiet, 'PUT', '/user/mail-preferences', { orderProgressMails: 'no' }))
        .statusCode,
    ).toBe(400);
    expect((await inject(null, 'GET', '/user/mail-preferences')).statusCode).toBe(401);
  });

  it('mails every waiting shopper once when stock returns, also with two workers at once', async () => {
    const product = await createProduct(t.database.db, basics, {
      quantity: 0,
      name: 'Thyronorm 50 mcg',
    });
    const shoppers = await Promise.all(Array.from({ length: 200 }, () => createUser(t)));
    for (const shopper of shoppers) {
      expect((await inject(shopper, 'POST', `/product/${product.id}/notify`)).statusCode).toBe(200);
    }
    // Asking twice is one request.
    await inject(shoppers[0] ?? null, 'POST', `/product/${product.id}/notify`);
    expect(
      (await inject(shoppers[0] ?? null, 'GET', `/product/${product.id}/notify`)).json(),
    ).toEqual({
      waiting: true,
    });
    await t.app.jobs.drain();
    expect(await readOutbox(t.config.dataDir)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining('back in stock') }),
    );

    const received = await inject(admin, 'POST', '/inventory/receipts', {
      productId: product.id,
      units: 40,
      batchNumber: `BIS-${product.id}`,
      expiryDate: addDays(utcDay(), 400),
    });
    expect(received.statusCode).toBe(201);
    // A second server on the same database works the same queues at the same time.
    const second = await buildApp(t.config, {
      database: t.database,
      logger: false,
      jobs: { poll: false },
    });
    try {
      await Promise.all([t.app.jobs.drain(), second.jobs.drain()]);
      await Promise.all([t.app.jobs.drain(), second.jobs.drain()]);
    } finally {
      await second.close();
    }
    for (const shopper of shoppers) {
      const mails = await mailsTo(t, shopper.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Thyronorm 50 mcg is back in stock');
      expect(mails[0]?.text).toContain(`${t.config.publicUrl}/product/${product.id}`);
    }
    const waiting = await t.database.db
      .select()
      .from(stockNotifications)
      .where(
        and(eq(stockNotifications.productId, product.id), isNull(stockNotifications.notifiedAt)),
      );
    expect(waiting).toHaveLength(0);

    // The request is fulfilled: it shows so, and asking again later makes a new one.
    const mine = (await inject(shoppers[1] ?? null, 'GET', '/stock-alerts')).json().alerts;
    expect(mine).toEqual([
      expect.objectContaining({
        productId: product.id,
        inStock: true,
        notifiedAt: expect.any(String),
      }),
    ]);
    expect(
      (await inject(shoppers[1] ?? null, 'GET', `/product/${product.id}/notify`)).json(),
    ).toEqual({
      waiting: false,
    });
  }, 120_000);

  it('mails when a cancelled order brings the last units back, and lets a shopper cancel a request', async () => {
    const product = await createProduct(t.database.db, basics, { quantity: 2 });
    const buyer = await createUser(t);
    const orderId = await placeOrder(buyer, product.id, 2);
    const waiter = await createUser(t);
    const changedMind = await createUser(t);
    await inject(waiter, 'POST', `/product/${product.id}/notify`);
    await inject(changedMind, 'POST', `/product/${product.id}/notify`);
    const cancel = await inject(changedMind, 'DELETE', `/stock-alerts/${product.id}`);
    expect(cancel.statusCode).toBe(200);
    expect((await inject(changedMind, 'DELETE', `/stock-alerts/${product.id}`)).statusCode).toBe(
      404,
    );
    expect((await inject(changedMind, 'GET', '/stock-alerts')).json().alerts).toEqual([]);

    expect((await setStatus(orderId, ORDER_STATUS.CANCELLED)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(await subjectsTo(t, waiter.email)).toEqual([expect.stringContaining('back in stock')]);
    expect(await mailsTo(t, changedMind.email)).toHaveLength(0);
    // Asked while it is in stock: mailed at once.
    const late = await createUser(t);
    await inject(late, 'POST', `/product/${product.id}/notify`);
    await t.app.jobs.drain();
    expect(
      (await subjectsTo(t, late.email)).filter((subject) => subject.includes('back in stock')),
    ).toHaveLength(1);
    expect((await inject(null, 'POST', `/product/${product.id}/notify`)).statusCode).toBe(401);
    expect((await inject(late, 'POST', '/product/99999999/notify')).statusCode).toBe(404);
  });

  it('mails the waiting shoppers when a product restocked while off sale is put back on sale', async () => {
    const product = await createProduct(t.database.db, basics, { quantity: 0 });
    const waiter = await createUser(t);
    await inject(waiter, 'POST', `/product/${product.id}/notify`);
    // Taken off sale, then stocked: nobody is mailed about a product they cannot buy.
    await t.database.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, product.id));
    const received = await inject(admin, 'POST', '/inventory/receipts', {
      productId: product.id,
      units: 10,
      batchNumber: `OFF-${product.id}`,
      expiryDate: addDays(utcDay(), 400),
    });
    expect(received.statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(await subjectsTo(t, waiter.email)).toEqual([]);
    // Back on sale through the product form: now they are.
    const body = await multipart({
      ...productEditFields(basics, product.name),
      isActive: 'true',
    });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${product.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(edited.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(await subjectsTo(t, waiter.email)).toEqual([`${product.name} is back in stock`]);
  });

  it('shows the queues to admins only', async () => {
    const member = await createUser(t);
    expect((await inject(member, 'GET', '/jobs')).statusCode).toBe(403);
    const answer = await inject(admin, 'GET', '/jobs');
    expect(answer.statusCode).toBe(200);
    const mail = answer.json().queues.find((q: { queue: string }) => q.queue === MAIL_QUEUE);
    expect(mail.completed).toBeGreaterThan(200);
    expect(mail.failed).toBe(0);
    expect(
      (
        await inject(
          admin,
          'POST',
          `/jobs/${MAIL_QUEUE}/00000000-0000-4000-8000-000000000000/retry`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe(`job queue start (${testDriver})`, () => {
  it('lets several instances start at once on an empty database, each queue made once', async () => {
    const database = await createTestDatabase();
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
      {
        dataDir: mkdtempSync(path.join(tmpdir(), 'jobs-start-')),
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
        admin: undefined,
      },
    );
    try {
      const apps = await Promise.all(
        Array.from({ length: 4 }, () =>
          buildApp(config, { database, logger: false, jobs: { poll: false } }),
        ),
      );
      await Promise.all(apps.map((app) => app.close()));
      const { rows } = await database.executeSql(
        'SELECT name, count(*)::int AS n FROM pgboss.queue GROUP BY name ORDER BY name',
      );
      expect(rows.map((row) => row.n)).toEqual(rows.map(() => 1));
      expect(rows.map((row) => row.name)).toContain(MAIL_QUEUE);
    } finally {
      await database.destroy();
    }
  }, 120_000);
});

describe(`mail retries against a refusing SMTP server (${testDriver})`, () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let refusing = true;
  const accepted: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (refusing) {
          const error = new Error('Mailbox temporarily unavailable') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          accepted.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const base = await buildTestApp(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
      },
      { jobs: { poll: false } },
    );
    t = base;
    // Two retries after the first try, the first after 1 s (then 2 s…, with jitter).
    await t.database.executeSql(
      `UPDATE pgboss.queue SET retry_limit = 2, retry_delay = 1 WHERE name = $1`,
      [MAIL_QUEUE],
    );
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('retries with growing delays, ends failed and visible, and sends once when retried by hand', async () => {
    const user = await createUser(t, { email: 'retry-me@example.com' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);

    const delays: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const started = Date.now();
      await t.app.jobs.drain();
      const [job] = await jobRows(t, MAIL_QUEUE);
      if (attempt < 2) {
        expect(job?.state).toBe('retry');
        delays.push(new Date(job?.start_after as string).getTime() - started);
        await makeRetriesDue(t);
      } else {
        expect(job?.state).toBe('failed');
      }
    }
    // Backoff: the first wait is 1–2 s, the second 2–4 s.
    expect(delays[0]).toBeGreaterThanOrEqual(900);
    expect(delays[0]).toBeLessThan(2500);
    expect(delays[1]).toBeGreaterThanOrEqual(1900);
    expect(accepted).toHaveLength(0);

    const admin = await createPharmacist(t);
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/jobs?state=failed',
      headers: admin.auth,
    });
    expect(failed.statusCode).toBe(200);
    const [shown] = failed.json().jobs;
    expect(shown).toMatchObject({
      queue: MAIL_QUEUE,
      state: 'failed',
      retryCount: 2,
      retryLimit: 2,
    });
    expect(shown.summary).toContain('retry-me@example.com');
    expect(shown.lastError).toMatch(/451|temporarily unavailable/i);

    refusing = false;
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${MAIL_QUEUE}/${shown.id}/retry`,
      headers: admin.auth,
    });
    expect(retried.statusCode).toBe(200);
    await makeRetriesDue(t);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toContain('reset-password?token=');
    expect(accepted[0]).toMatch(new RegExp(`Message-ID: <${shown.id}@`, 'i'));
    const states = (await jobRows(t, MAIL_QUEUE)).map((job) => job.state);
    expect(states.filter((state) => state === 'failed')).toHaveLength(0);
  });
});
