import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUS,
  ORDER_STATUS_IDS,
  ORDER_TRANSITIONS,
  adminNextStatuses,
} from '@pharmacy/shared';
import { cartItems, orders, products, scheduleRegister, users } from '../src/db/schema/index';
import {
  createBasics,
  createProduct,
  productFormFields,
  type CatalogBasics,
} from './catalog-factories';
import {
  caller,
  createAdmin,
  createUser,
  multipart,
  transcriptionFor,
  uploadPrescription,
  validAddress,
  type TestUser,
} from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const PHARMACIST_NUMBER = 'MH/PH/2018/11223';
const prescriber = {
  prescriberName: 'Dr. Kavita Rao',
  prescriberRegistrationNumber: 'KMC 45872',
  patientName: 'Ravi Kumar',
};

describe(`dispensing safety (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  let pharmacist: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
    pharmacist = await createUser(t, { roleId: 1, name: 'Meera Iyer' });
    await t.database.db
      .update(users)
      .set({ pharmacistRegistrationNumber: PHARMACIST_NUMBER })
      .where(eq(users.id, pharmacist.id));
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = caller(() => t);
  const addToCart = (user: TestUser, productId: number, quantity: number) =>
    call(user, 'POST', '/api/cart', { productId, quantity });
  const detail = async (user: TestUser, orderId: number) =>
    (await call(user, 'GET', `/api/order/getOrderDetail/${orderId}`)).json();
  const setStatus = (orderId: number, statusId: number) =>
    call(admin, 'PUT', `/api/order/${orderId}`, { statusId });

  /** A placed order with its address confirmed: Collecting Prescription or Payment. */
  async function placedOrder(user: TestUser, lines: Array<{ productId: number; units: number }>) {
    for (const line of lines)
      expect((await addToCart(user, line.productId, line.units)).statusCode).toBe(200);
    const placed = await call(user, 'POST', '/api/order');
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().orderId as number;
    const addressId = (await call(user, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await call(user, 'PUT', `/api/order/${orderId}`, { addressId })).statusCode).toBe(200);
    return orderId;
  }

  /** Prescription uploaded and cash on delivery chosen: the order waits for the pharmacist. */
  async function waitingOrder(user: TestUser, productId: number, units = 1) {
    const orderId = await placedOrder(user, [{ productId, units }]);
    const uploaded = await uploadPrescription(t, user, orderId);
    expect(uploaded.statusCode).toBe(200);
    const paid = await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
    expect(paid.json().order.statusId).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);
    return orderId;
  }

  const review = (by: TestUser, orderId: number, body: object) =>
    call(by, 'POST', `/api/order/${orderId}/prescription-review`, body);
  /** The approval with the prescription transcribed for these products (issue 31). */
  const approval = (...productIds: number[]) => ({
    decision: 'approve',
    ...transcriptionFor(productIds, { patientName: prescriber.patientName }),
  });

  describe('the order state machine', () => {
    it('refuses every transition the table does not give the admin, and allows the others', async () => {
      const user = await createUser(t);
      const product = await createProduct(db(), basics, { quantity: 500 });
      const orderId = await placedOrder(user, [{ productId: product.id, units: 1 }]);
      const context = { hasPrescriptionItems: false, prescriptionApproved: false };
      let checked = 0;
      for (const from of ORDER_STATUS_IDS) {
        for (const to of ORDER_STATUS_IDS) {
          if (from === to) continue;
          // Put the order in `from` behind the API's back, then ask for `to`.
          await db().update(orders).set({ statusId: from }).where(eq(orders.id, orderId));
          const allowed = adminNextStatuses(from, context).includes(to);
          if (allowed && to === ORDER_STATUS.CANCELLED) continue; // checked below: it moves stock
          const res = await setStatus(orderId, to);
          expect(res.statusCode, `${from} → ${to}`).toBe(allowed ? 200 : 409);
          if (!allowed) expect(res.json().message, `${from} → ${to}`).toMatch(/\.$/);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(80);
    });

    it('keeps Delivered and Cancelled final, and the customer flow out of the admin list', async () => {
      expect(Object.keys(ORDER_TRANSITIONS[ORDER_STATUS.DELIVERED])).toHaveLength(0);
      expect(Object.keys(ORDER_TRANSITIONS[ORDER_STATUS.CANCELLED])).toHaveLength(0);
      const user = await createUser(t);
      const product = await createProduct(db(), basics, { quantity: 5 });
      const orderId = await placedOrder(user, [{ productId: product.id, units: 1 }]);
      const payment = await setStatus(orderId, ORDER_STATUS.PACKING);
      expect(payment.statusCode).toBe(409);
      expect(payment.json().message).toBe(
        'Packing follows from the customer’s own step; it cannot be set by hand.',
      );
      expect((await setStatus(orderId, ORDER_STATUS.CANCELLED)).statusCode).toBe(200);
      const again = await setStatus(orderId, ORDER_STATUS.PAYMENT);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        'This order is Cancelled and its status can no longer change.',
      );
    });

    it('holds a prescription order back from Packing, Dispatched and Delivered until a pharmacist approves', async () => {
      const user = await createUser(t);
      const product = await createProduct(db(), basics, { quantity: 20, prescription: true });
      const orderId = await waitingOrder(user, product.id);
      const admins = await detail(admin, orderId);
      expect(admins.dispensing.nextStatusIds).toEqual([ORDER_STATUS.CANCELLED]);
      const dispatched = await setStatus(orderId, ORDER_STATUS.DISPATCHED);
      expect(dispatched.statusCode).toBe(409);
      const accepted = await setStatus(orderId, ORDER_STATUS.ACCEPTED);
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().message).toContain('prescription review');
      // Even moved to Accepted behind the review's back, it cannot be packed unapproved.
      await db()
        .update(orders)
        .set({ statusId: ORDER_STATUS.ACCEPTED })
        .where(eq(orders.id, orderId));
      for (const to of [ORDER_STATUS.PACKING, ORDER_STATUS.DISPATCHED, ORDER_STATUS.DELIVERED]) {
        const res = await setStatus(orderId, to);
        expect(res.statusCode).toBe(409);
      }
      expect((await setStatus(orderId, ORDER_STATUS.PACKING)).json().message).toBe(
        'This order holds prescription medicine and cannot be Packing until a pharmacist has approved its prescription.',
      );
      await db()
        .update(orders)
        .set({ statusId: ORDER_STATUS.WAITING_TO_ACCEPT })
        .where(eq(orders.id, orderId));
      expect((await review(pharmacist, orderId, approval(product.id))).statusCode).toBe(200);
      expect((await detail(admin, orderId)).dispensing.nextStatusIds).toEqual([
        ORDER_STATUS.PACKING,
        ORDER_STATUS.CANCELLED,
      ]);
      expect((await setStatus(orderId, ORDER_STATUS.PACKING)).statusCode).toBe(200);
      expect((await setStatus(orderId, ORDER_STATUS.DISPATCHED)).statusCode).toBe(200);
      expect((await setStatus(orderId, ORDER_STATUS.DELIVERED)).statusCode).toBe(200);
    });
  });

  describe('the pharmacist', () => {
    it('lets only an admin with a registration number decide, and records who', async () => {
      const user = await createUser(t, { name: 'Ravi Kumar' });
      const product = await createProduct(db(), basics, { quantity: 20, prescription: true });
      const orderId = await waitingOrder(user, product.id);
      const refused = await review(admin, orderId, approval(product.id));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain('registered pharmacist');
      expect((await review(user, orderId, approval(product.id))).statusCode).toBe(403);
      const missing = await review(pharmacist, orderId, {
        decision: 'approve',
        patientName: 'Ravi',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('prescriber');
      expect((await detail(user, orderId)).order.statusId).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);

      expect((await review(pharmacist, orderId, approval(product.id))).statusCode).toBe(200);
      const customer = await detail(user, orderId);
      expect(customer.order.statusId).toBe(ORDER_STATUS.ACCEPTED);
      expect(customer.dispensing.approval).toMatchObject({
        pharmacistName: 'Meera Iyer',
        pharmacistRegistrationNumber: PHARMACIST_NUMBER,
      });
      expect(customer.dispensing.nextStatusIds).toEqual([]);
      const [prescription] = (await call(user, 'GET', `/api/order/${orderId}/prescriptions`)).json()
        .prescriptions;
      expect(prescription).toMatchObject({ reviewStatus: 'approved', ...prescriber });
    });

    it('keeps the registration number in the admin profile only', async () => {
      const member = await createUser(t);
      const profile = (number: string) => ({
        name: 'Someone',
        email: `p-${Math.random().toString(36).slice(2)}@example.com`,
        phoneNumber: '9876543210',
        pharmacistRegistrationNumber: number,
      });
      const refused = await call(member, 'PUT', '/api/user/updateMyProfile', profile('AB/12345'));
      expect(refused.statusCode).toBe(403);
      const otherAdmin = await createAdmin(t);
      const saved = await call(otherAdmin, 'PUT', '/api/user/updateMyProfile', profile('AB/12345'));
      expect(saved.statusCode).toBe(200);
      expect(saved.json().user.pharmacistRegistrationNumber).toBe('AB/12345');
      const bad = await call(otherAdmin, 'PUT', '/api/user/updateMyProfile', profile('=cmd|'));
      expect(bad.statusCode).toBe(400);
      const cleared = await call(otherAdmin, 'PUT', '/api/user/updateMyProfile', profile(''));
      expect(cleared.json().user.pharmacistRegistrationNumber).toBeNull();
    });
  });

  describe('drug schedules', () => {
    it('lists the schedules as data, with India’s defaults', async () => {
      const res = await call(null, 'GET', '/api/schedules');
      expect(res.statusCode).toBe(200);
      expect(res.json().schedules.map((s: { code: string }) => s.code)).toEqual([
        'OTC',
        'H',
        'H1',
        'X',
      ]);
    });

    it('derives the prescription flag from the schedule, both ways', async () => {
      const create = async (fields: Record<string, string>) => {
        const body = await multipart({
          ...productFormFields(basics, `Sched ${Math.random()}`),
          ...fields,
        });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/product',
          payload: body.payload,
          headers: { ...body.headers, ...admin.auth },
        });
        expect(res.statusCode, res.body).toBe(201);
        return (await call(null, 'GET', `/api/product/${res.json().id}`)).json();
      };
      const h1 = await create({ scheduleCode: 'H1', prescription: 'false' });
      expect(h1.prescription).toBe(true);
      expect(h1.schedule).toMatchObject({ code: 'H1', name: 'Schedule H1', keepsRegister: true });
      const legacy = await create({ prescription: 'true' });
      expect(legacy.schedule.code).toBe('H');
      const otc = await create({});
      expect(otc).toMatchObject({ prescription: false, maxUnitsPerOrder: null });
      expect(otc.schedule.code).toBe('OTC');
      const limited = await create({ maxUnitsPerOrder: '3' });
      expect(limited.maxUnitsPerOrder).toBe(3);
      const body = await multipart({ ...productFormFields(basics, 'Bad'), scheduleCode: 'Q' });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/product',
        payload: body.payload,
        headers: { ...body.headers, ...admin.auth },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain('scheduleCode');
    });

    it('refuses Schedule X in the cart and in an order with 409', async () => {
      const user = await createUser(t);
      const product = await createProduct(db(), basics, { quantity: 10, scheduleCode: 'X' });
      expect((await call(null, 'GET', `/api/product/${product.id}`)).json()).toMatchObject({
        prescription: true,
        schedule: { code: 'X', onlineSale: false },
      });
      const add = await addToCart(user, product.id, 1);
      expect(add.statusCode).toBe(409);
      expect(add.json().message).toContain('cannot be ordered online');
      // A line that got into the cart before the product became Schedule X.
      await db().insert(cartItems).values({ userId: user.id, productId: product.id, count: 1 });
      const placed = await call(user, 'POST', '/api/order');
      expect(placed.statusCode).toBe(409);
      expect(placed.json().message).toContain('cannot be ordered online');
      const merged = await call(user, 'POST', '/api/cart/merge', {
        items: [{ productId: product.id, count: 1 }],
      });
      expect(merged.statusCode).toBe(200);
    });
  });

  describe('per-order limits', () => {
    it('accepts the limit and refuses limit + 1, in the cart and in the order', async () => {
      const user = await createUser(t);
      const product = await createProduct(db(), basics, {
        name: 'Codeine Linctus',
        quantity: 50,
        maxUnitsPerOrder: 2,
      });
      expect((await addToCart(user, product.id, 2)).statusCode).toBe(200);
      const over = await addToCart(user, product.id, 1);
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('Codeine Linctus is limited to 2 units per order.');
      const fresh = await createUser(t);
      const tooMany = await addToCart(fresh, product.id, 3);
      expect(tooMany.statusCode).toBe(409);
      // A cart line over the limit (the limit was lowered after it was added) cannot be ordered.
      await db().update(cartItems).set({ count: 3 }).where(eq(cartItems.userId, user.id));
      const placed = await call(user, 'POST', '/api/order');
      expect(placed.statusCode).toBe(409);
      expect(placed.json().message).toBe('Codeine Linctus is limited to 2 units per order.');
      await db().update(cartItems).set({ count: 2 }).where(eq(cartItems.userId, user.id));
      expect((await call(user, 'POST', '/api/order')).statusCode).toBe(201);
    });
  });

  describe('the H1 register', () => {
    it('writes each dispatched H1 line with its batch, once, and keeps it', async () => {
      const user = await createUser(t, { name: 'Ravi Kumar' });
      const h1 = await createProduct(db(), basics, {
        name: 'Cefixime 200',
        quantity: 10,
        scheduleCode: 'H1',
      });
      const otc = await createProduct(db(), basics, { quantity: 10 });
      const orderId = await placedOrder(user, [
        { productId: h1.id, units: 2 },
        { productId: otc.id, units: 1 },
      ]);
      // Collecting Prescription: upload, pay, approve, pack, dispatch.
      await uploadPrescription(t, user, orderId);
      await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
      expect((await review(pharmacist, orderId, approval(h1.id))).statusCode).toBe(200);
      expect((await setStatus(orderId, ORDER_STATUS.PACKING)).statusCode).toBe(200);
      expect((await setStatus(orderId, ORDER_STATUS.DISPATCHED)).statusCode).toBe(200);

      const rows = await db()
        .select()
        .from(scheduleRegister)
        .where(eq(scheduleRegister.orderId, orderId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        scheduleCode: 'H1',
        productName: 'Cefixime 200',
        units: 2,
        patientName: 'Ravi Kumar',
        prescriberName: 'Dr. Kavita Rao',
        prescriberRegistrationNumber: 'KMC 45872',
        pharmacistName: 'Meera Iyer',
        pharmacistRegistrationNumber: PHARMACIST_NUMBER,
      });
      expect(rows[0]?.batchNumber).toMatch(/^T/);
      const today = new Date().toISOString().slice(0, 10);
      const listed = await call(admin, 'GET', `/api/compliance/register?from=${today}&to=${today}`);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().entries.some((e: { orderId: number }) => e.orderId === orderId)).toBe(
        true,
      );
      const csv = await call(
        admin,
        'GET',
        `/api/compliance/register.csv?from=${today}&to=${today}`,
      );
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('Cefixime 200');
      expect(csv.body.split('\n')[0]).toContain('Prescriber registration no.');
      expect(
        (await call(user, 'GET', `/api/compliance/register?from=${today}&to=${today}`)).statusCode,
      ).toBe(403);
      const backwards = await call(
        admin,
        'GET',
        `/api/compliance/register?from=${today}&to=2020-01-01`,
      );
      expect(backwards.statusCode).toBe(400);

      // Kept: no update, no delete before the retention period ends.
      await expect(
        db()
          .update(scheduleRegister)
          .set({ units: 1 })
          .where(eq(scheduleRegister.orderId, orderId)),
      ).rejects.toThrow();
      await expect(
        db().delete(scheduleRegister).where(eq(scheduleRegister.orderId, orderId)),
      ).rejects.toThrow();
      await expect(
        db().execute(sql`delete from prescriptions where order_id = ${orderId}`),
      ).rejects.toThrow();
      expect(rows[0]!.retainUntil.getTime()).toBeGreaterThan(Date.now() + 2.9 * 365 * 86_400_000);
      // A product in the register cannot be deleted: it is deactivated instead.
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/product/${h1.id}`,
        headers: admin.auth,
      });
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().message).toContain('Mark it inactive instead');
    });
  });

  it('keeps every product’s prescription flag in step when a schedule row is edited', async () => {
    await db().execute(
      sql`update drug_schedules set requires_prescription = false where code = 'H1'`,
    );
    const product = await createProduct(db(), basics, { quantity: 1, scheduleCode: 'H1' });
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row?.prescription).toBe(false);
    await db().execute(
      sql`update drug_schedules set requires_prescription = true where code = 'H1'`,
    );
    const [after] = await db().select().from(products).where(eq(products.id, product.id));
    expect(after?.prescription).toBe(true);
  });
});
