import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  ORDER_STATUS,
  PRIVACY_TEXTS,
  PROVIDER,
  ROLE,
  addDays,
  consentUnsubscribePurpose,
  consentsResponseSchema,
  deleteAccountResponseSchema,
  utcDay,
} from '@pharmacy/shared';
import {
  addresses,
  auditLog,
  marketingConsents,
  newsletterSubscriptions,
  orders,
  patients,
  prescriptionFiles,
  prescriptions,
  refillReminders,
  users,
} from '../src/db/schema/index';
import { signMailLinkToken } from '../src/lib/mail-link-token';
import { REFILL_REMINDER_QUEUE } from '../src/modules/refills/refills.service';
import { createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import {
  TEST_PASSWORD,
  TINY_PNG,
  caller,
  createPharmacist,
  createUser,
  transcriptionFor,
  uploadPrescription,
  validAddress,
  type TestUser,
} from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/** Issue 32 points 5 and 6: data download, deletion, consents, unsubscribe, sessions. */
describe(`privacy (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let pharmacist: TestUser;
  let clock = new Date();

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => clock, jobs: { poll: false } });
    basics = await createBasics(t.database.db);
    pharmacist = await createPharmacist(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = caller(() => t);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const profileWith = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/myProfile', headers: bearer(token) });

  const decodeQuotedPrintable = (mail: string) =>
    mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

  /** The mails written to the outbox for this address whose subject contains `subject`. */
  function mailsTo(to: string, subject: string): string[] {
    let files: string[];
    try {
      files = readdirSync(path.join(t.config.dataDir, 'outbox'));
    } catch {
      return [];
    }
    const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
    return files
      .filter((file) => file.endsWith(`-${safe}.eml`))
      .map((file) =>
        decodeQuotedPrintable(readFileSync(path.join(t.config.dataDir, 'outbox', file), 'utf8')),
      )
      .filter((mail) => mail.includes(subject));
  }

  const drain = () => t.app.jobs.drain();

  /** A cash-on-delivery order of a prescription medicine with a prescription uploaded. */
  async function rxOrder(user: TestUser, productId: number) {
    expect((await call(user, 'POST', '/api/cart', { productId, quantity: 2 })).statusCode).toBe(
      200,
    );
    const orderId = (await call(user, 'POST', '/api/order')).json().orderId as number;
    const addressId = (await call(user, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await call(user, 'PUT', `/api/order/${orderId}`, { addressId })).statusCode).toBe(200);
    expect((await uploadPrescription(t, user, orderId)).statusCode).toBe(200);
    const paid = await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
    expect(paid.statusCode, paid.body).toBe(200);
    return orderId;
  }

  async function download(user: TestUser) {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/my-data', headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('documents every privacy route in the OpenAPI document', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(docs.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/user/my-data',
        'GET /api/user/consents',
        'PUT /api/user/consents',
        'POST /api/user/delete-account',
        'POST /api/user/sign-out-everywhere',
        'POST /api/unsubscribe',
        'POST /api/unsubscribe/one-click',
      ]),
    );
  });

  describe('the data download', () => {
    it('answers a ZIP with every section, a README and the prescription files, audited', async () => {
      const member = await createUser(t, { name: 'Asha Verma' });
      const medicine = await createProduct(db(), basics, { prescription: true, quantity: 50 });
      const patient = await call(member, 'POST', '/api/patients', {
        name: 'Kamala Verma',
        relation: 'parent',
        ageYears: 64,
        sex: 'female',
        allergies: ['penicillin'],
      });
      expect(patient.statusCode).toBe(201);
      const orderId = await rxOrder(member, medicine.id);
      const approved = await call(pharmacist, 'POST', `/api/order/${orderId}/prescription-review`, {
        decision: 'approve',
        ...transcriptionFor([medicine.id]),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const other = await createProduct(db(), basics, { quantity: 5 });
      expect((await call(member, 'POST', `/api/product/${other.id}/notify`)).statusCode).toBe(200);
      expect(
        (await call(member, 'PUT', '/api/user/consents', { newsletter: true })).statusCode,
      ).toBe(200);

      const res = await download(member);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="medikart-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const zip = unzipSync(new Uint8Array(res.rawPayload));
      const readme = strFromU8(zip['README.txt'] ?? new Uint8Array());
      const data = JSON.parse(strFromU8(zip['data.json'] ?? new Uint8Array())) as Record<
        string,
        unknown
      > & {
        profile: { email: string; name: string };
        addresses: unknown[];
        orders: Array<{
          id: number;
          lines: Array<{ unitPriceMinor: number }>;
          statusHistory: unknown[];
          payments: Array<{ method: string }>;
          refunds: unknown[];
        }>;
        prescriptions: Array<{ files: Array<{ path: string; name: string }> }>;
        savedPrescriptions: Array<{ validUntil: string; lines: unknown[] }>;
        patients: Array<{ name: string }>;
        consents: { current: Array<{ kind: string; granted: boolean }>; history: unknown[] };
        stockAlerts: unknown[];
      };
      for (const section of [
        'profile',
        'addresses',
        'orders',
        'prescriptions',
        'savedPrescriptions',
        'patients',
        'points',
        'couponsUsed',
        'returnRequests',
        'stockAlerts',
        'refillReminders',
        'consents',
      ]) {
        expect(data, section).toHaveProperty(section);
        expect(readme, section).toContain(`- ${section}:`);
      }
      expect(data.profile).toMatchObject({ email: member.email, name: 'Asha Verma' });
      expect(JSON.stringify(data.profile)).not.toContain('argon2');
      expect(data.addresses).toHaveLength(1);
      expect(data.orders).toHaveLength(1);
      const [order] = data.orders;
      expect(order?.id).toBe(orderId);
      expect(order?.lines[0]?.unitPriceMinor).toBeGreaterThan(0);
      expect(order?.statusHistory.length).toBeGreaterThan(0);
      expect(order?.payments[0]?.method).toBe('cash_on_delivery');
      expect(order?.refunds).toEqual([]);
      expect(data.savedPrescriptions).toHaveLength(1);
      expect(data.savedPrescriptions[0]?.lines).toHaveLength(1);
      expect(data.patients.map((each) => each.name)).toEqual(['Kamala Verma']);
      expect(data.stockAlerts).toHaveLength(1);
      expect(data.consents.current).toContainEqual(
        expect.objectContaining({ kind: 'newsletter', granted: true }),
      );
      expect(data.consents.history).toHaveLength(1);
      const file = data.prescriptions[0]?.files[0];
      expect(file?.name).toBe('rx.png');
      expect(Buffer.from(zip[file?.path ?? ''] ?? new Uint8Array())).toEqual(TINY_PNG);
      expect(readme).toContain('prescription-files/');

      const audited = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(member.id)));
      expect(audited.map((row) => row.action)).toContain('user.data_exported');
    });

    it('needs a session and is limited to 5 an hour', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/my-data' });
      expect(anonymous.statusCode).toBe(401);
      const member = await createUser(t);
      for (let i = 0; i < 5; i += 1) await download(member);
      const sixth = await t.app.inject({
        method: 'GET',
        url: '/api/user/my-data',
        headers: member.auth,
      });
      expect(sixth.statusCode).toBe(429);
    });
  });

  describe('deleting the account', () => {
    it('refuses while an order is open, then erases, keeps what the law keeps, and ends sign-in', async () => {
      const member = await createUser(t, { name: 'Ravi Kumar', phoneNumber: '9123456789' });
      const medicine = await createProduct(db(), basics, { prescription: true, quantity: 50 });
      await call(member, 'POST', '/api/patients', { name: 'Ravi', ageYears: 40, sex: 'male' });
      const orderId = await rxOrder(member, medicine.id);
      await call(member, 'PUT', '/api/user/consents', { newsletter: true });

      const wrong = await call(member, 'POST', '/api/user/delete-account', { password: 'nope' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(PRIVACY_TEXTS.wrongPassword);
      const open = await call(member, 'POST', '/api/user/delete-account', {
        password: TEST_PASSWORD,
      });
      expect(open.statusCode).toBe(409);
      expect(open.json().message).toBe(PRIVACY_TEXTS.openOrder);
      expect((await profileWith(member.token)).statusCode).toBe(200);

      // Delivered: nothing is open any more.
      await db()
        .update(orders)
        .set({ statusId: ORDER_STATUS.DELIVERED })
        .where(eq(orders.id, orderId));
      const deleted = await call(member, 'POST', '/api/user/delete-account', {
        password: TEST_PASSWORD,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const answer = deleteAccountResponseSchema.parse(deleted.json());
      const years = t.config.recordRetentionYears;
      expect(answer.retentionYears).toBe(years);
      expect(answer.keptUntil).toBe(
        `${new Date().getUTCFullYear() + years}${answer.keptUntil.slice(4)}`,
      );
      expect(answer.kept.join(' ')).toContain('prescriptions');
      expect(answer.erased.length).toBeGreaterThan(3);

      const [row] = await db().select().from(users).where(eq(users.id, member.id));
      expect(row).toMatchObject({
        name: 'Deleted customer',
        email: `deleted-${member.id}@erased.invalid`,
        phoneNumber: null,
        passwordHash: null,
        providerSubject: null,
      });
      expect(row?.erasedAt).toBeInstanceOf(Date);
      expect(await db().select().from(addresses).where(eq(addresses.userId, member.id))).toEqual(
        [],
      );
      expect(await db().select().from(patients).where(eq(patients.userId, member.id))).toEqual([]);
      // Kept and still linked to the anonymised row: the order with its address snapshot, the
      // prescription and its file.
      const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(order?.userId).toBe(member.id);
      expect(order?.shippingAddress).toMatchObject({ name: validAddress.name });
      const [prescription] = await db()
        .select()
        .from(prescriptions)
        .where(eq(prescriptions.orderId, orderId));
      expect(prescription?.userId).toBe(member.id);
      const [file] = await db()
        .select()
        .from(prescriptionFiles)
        .where(eq(prescriptionFiles.prescriptionId, prescription?.id ?? 0));
      expect(await t.app.storage.readPrivate(file?.storageKey ?? '')).toEqual(TINY_PNG);
      // Consents withdrawn, the history kept as proof.
      const consentRows = await db()
        .select()
        .from(marketingConsents)
        .where(eq(marketingConsents.userId, member.id));
      expect(consentRows.at(-1)).toMatchObject({ granted: false, source: 'account-deleted' });
      expect(
        await db()
          .select()
          .from(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.email, member.email)),
      ).toEqual([]);

      expect((await profileWith(member.token)).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBeGreaterThanOrEqual(400);
      const audited = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(member.id)));
      expect(audited.map((entry) => entry.action)).toContain('user.erased');
    });

    it('leaves a staff account to the owner', async () => {
      const staff = await createUser(t, { roleId: ROLE.PACKER });
      const res = await call(staff, 'POST', '/api/user/delete-account', {
        password: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PRIVACY_TEXTS.staffAccount);
      expect((await profileWith(staff.token)).statusCode).toBe(200);
    });

    it('asks a Google account to type DELETE', async () => {
      const member = await createUser(t, { providerName: PROVIDER.GOOGLE });
      const missing = await call(member, 'POST', '/api/user/delete-account', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(PRIVACY_TEXTS.confirmDelete);
      const done = await call(member, 'POST', '/api/user/delete-account', { confirm: 'DELETE' });
      expect(done.statusCode).toBe(200);
      expect((await profileWith(member.token)).statusCode).toBe(401);
    });
  });

  describe('consents and unsubscribe', () => {
    it('answers the defaults, records changes as history, and the newsletter sign-up', async () => {
      const member = await createUser(t);
      const initial = consentsResponseSchema.parse(
        (await call(member, 'GET', '/api/user/consents')).json(),
      );
      expect(initial.consents.map((c) => [c.kind, c.granted, c.source])).toEqual([
        ['newsletter', false, null],
        ['back_in_stock', true, null],
        ['refill_reminders', true, null],
      ]);
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/site/newsletter',
        payload: { email: member.email },
      });
      expect(signUp.statusCode).toBe(201);
      const after = (await call(member, 'GET', '/api/user/consents')).json();
      expect(after.consents[0]).toMatchObject({ granted: true, source: 'newsletter-form' });
      const changed = await call(member, 'PUT', '/api/user/consents', {
        newsletter: false,
        back_in_stock: false,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().consents.map((c: { granted: boolean }) => c.granted)).toEqual([
        false,
        false,
        true,
      ]);
      const [subscription] = await db()
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, member.email));
      expect(subscription?.unsubscribedAt).toBeInstanceOf(Date);
      // Signing up again clears the unsubscribe.
      await t.app.inject({
        method: 'POST',
        url: '/api/site/newsletter',
        payload: { email: member.email },
      });
      const [again] = await db()
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, member.email));
      expect(again?.unsubscribedAt).toBeNull();
      const history = await db()
        .select()
        .from(marketingConsents)
        .where(eq(marketingConsents.email, member.email));
      expect(history).toHaveLength(4);
    });

    it('mails back in stock with one-click unsubscribe headers, and not after the one-click POST', async () => {
      const member = await createUser(t);
      const product = await createProduct(db(), basics, { quantity: 5 });
      expect((await call(member, 'POST', `/api/product/${product.id}/notify`)).statusCode).toBe(
        200,
      );
      await drain();
      const [mail] = mailsTo(member.email, 'is back in stock');
      expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const target = /List-Unsubscribe:\s*<([^>]+)>/.exec(mail ?? '')?.[1];
      expect(target).toContain('/api/unsubscribe/one-click?token=');
      expect(mail).toMatch(/\/unsubscribe\?token=[\w.%-]+/);

      const url = new URL(target ?? '');
      const oneClick = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
      expect(oneClick.json()).toMatchObject({ kind: 'back_in_stock' });
      const consents = (await call(member, 'GET', '/api/user/consents')).json().consents;
      expect(consents[1]).toMatchObject({ granted: false, source: 'unsubscribe-link' });

      const second = await createProduct(db(), basics, { quantity: 5 });
      await call(member, 'POST', `/api/product/${second.id}/notify`);
      await drain();
      expect(mailsTo(member.email, 'is back in stock')).toHaveLength(1);
    });

    it('refuses a forged, expired or other-purpose token, and takes the JSON form', async () => {
      const member = await createUser(t);
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        payload: { token: 'abc.def.ghi' },
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe(PRIVACY_TEXTS.unsubscribeInvalid);
      const refill = await signMailLinkToken(t.config.jwtSecret, {
        purpose: 'refill-unsubscribe',
        subject: 1,
        userId: member.id,
      });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/unsubscribe',
            payload: { token: refill },
          })
        ).statusCode,
      ).toBe(400);
      const old = await signMailLinkToken(
        t.config.jwtSecret,
        { purpose: consentUnsubscribePurpose('newsletter'), subject: member.id, userId: member.id },
        new Date(Date.now() - 90 * 86_400_000),
      );
      const expired = await t.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        payload: { token: old },
      });
      expect(expired.json().message).toBe(PRIVACY_TEXTS.unsubscribeExpired);
      const token = await signMailLinkToken(t.config.jwtSecret, {
        purpose: consentUnsubscribePurpose('refill_reminders'),
        subject: member.id,
        userId: member.id,
      });
      const done = await t.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        payload: { token },
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().kind).toBe('refill_reminders');
    });

    it('queues no refill reminder once the consent is withdrawn; the mail carries both links', async () => {
      const TODAY = utcDay();
      clock = new Date(`${TODAY}T06:00:00.000Z`);
      const scan = async () => {
        await t.app.jobs.enqueue(db(), REFILL_REMINDER_QUEUE, {});
        await drain();
      };
      async function withReminder() {
        const user = await createUser(t);
        const product = await createProduct(db(), basics, { quantity: 100 });
        await call(user, 'POST', '/api/cart', { productId: product.id, quantity: 1 });
        const orderId = (await call(user, 'POST', '/api/order')).json().orderId as number;
        const addressId = (await call(user, 'POST', '/api/user/saveAddress', validAddress)).json()
          .addressId as number;
        await call(user, 'PUT', `/api/order/${orderId}`, { addressId });
        await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
        const detail = (await call(user, 'GET', `/api/order/getOrderDetail/${orderId}`)).json();
        const created = await call(user, 'POST', '/api/refills', {
          orderId,
          orderLineId: detail.orderDetails[0].id,
          intervalDays: 30,
        });
        expect(created.statusCode, created.body).toBe(201);
        return user;
      }
      const keeps = await withReminder();
      const withdrew = await withReminder();
      await call(withdrew, 'PUT', '/api/user/consents', { refill_reminders: false });
      clock = new Date(`${addDays(TODAY, 28)}T06:00:00.000Z`);
      await scan();
      const [mail] = mailsTo(keeps.email, 'Time to refill');
      expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(mail).toContain('To stop all refill reminder e-mails');
      expect(mailsTo(withdrew.email, 'Time to refill')).toEqual([]);
      const [reminder] = await db()
        .select()
        .from(refillReminders)
        .where(eq(refillReminders.userId, withdrew.id));
      expect(reminder?.remindedForDueOn).not.toBeNull();
      clock = new Date();
    });
  });

  describe('sessions', () => {
    it('signs out everywhere: older tokens 401, the fresh one works', async () => {
      const member = await createUser(t);
      const res = await call(member, 'POST', '/api/user/sign-out-everywhere');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(PRIVACY_TEXTS.signedOutEverywhere);
      const old = await profileWith(member.token);
      expect(old.statusCode).toBe(401);
      expect(old.json().message).toBe(MESSAGES.pleaseLogin);
      expect((await profileWith(res.json().token)).statusCode).toBe(200);
    });

    it('a password change ends every other session', async () => {
      const member = await createUser(t);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const otherDevice = login.json().token as string;
      expect((await profileWith(otherDevice)).statusCode).toBe(200);
      const changed = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/changePassword',
        headers: member.auth,
        payload: {
          oldPassword: TEST_PASSWORD,
          newPassword: 'another-secret-456',
          confirmPassword: 'another-secret-456',
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await profileWith(otherDevice)).statusCode).toBe(401);
      expect((await profileWith(member.token)).statusCode).toBe(401);
      expect((await profileWith(changed.json().token)).statusCode).toBe(200);
    });
  });
});
