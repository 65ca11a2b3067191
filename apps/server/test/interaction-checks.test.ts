import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERACTION_OVERRIDE_MESSAGES,
  ORDER_STATUS,
  cartResponseSchema,
  orderDetailResponseSchema,
  placeOrderResponseSchema,
  type InteractionFinding,
} from '@pharmacy/shared';
import { auditLog, interactionOverrides, orders, patients } from '../src/db/schema/index';
import { createBasics, createProduct, createSalt, type CatalogBasics } from './catalog-factories';
import {
  caller,
  createAdmin,
  createPharmacist,
  createUser,
  transcriptionFor,
  uploadPrescription,
  validAddress,
  type TestUser,
} from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const DAY_MS = 86_400_000;
const suffix = randomBytes(3).toString('hex');
/** Ingredient names of this run only, so no other test's rows or the seed can meet them. */
const ING = {
  anticoagulant: `Warfatest${suffix}`,
  antiplatelet: `Aspitest${suffix}`,
  acidReducer: `Omeptest${suffix}`,
  antibiotic: `Amoxtest${suffix}`,
};

/** What a finding says, in short: source, pair, severity, and what met. */
const brief = (found: InteractionFinding[] | undefined) =>
  (found ?? []).map((f) => ({
    source: f.source,
    pairKey: f.pairKey,
    severity: f.severity,
    with: f.between.map((pair) =>
      pair.with.kind === 'order' ? `order ${pair.with.orderId}` : pair.with.kind,
    ),
  }));

/** Issue 31 point 4: interactions in the cart and order answers, and the approval's override. */
describe(`interaction checks (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  let pharmacist: TestUser;
  const product: Record<keyof typeof ING, number> = {
    anticoagulant: 0,
    antiplatelet: 0,
    acidReducer: 0,
    antibiotic: 0,
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
    pharmacist = await createPharmacist(t);
    for (const [key, ingredient] of Object.entries(ING) as [keyof typeof ING, string][]) {
      const salt = await createSalt(t.database.db, `${ingredient} (5mg)`);
      const row = await createProduct(t.database.db, basics, {
        name: `${ingredient} tablets`,
        saltCompositionId: salt.id,
        quantity: 500,
        // The anticoagulant is the prescription line the pharmacist reviews.
        prescription: key === 'anticoagulant',
      });
      product[key] = row.id;
    }
    for (const [a, b, severity] of [
      [ING.anticoagulant, ING.antiplatelet, 'major'],
      [ING.anticoagulant, ING.acidReducer, 'moderate'],
    ] as const) {
      const created = await call(admin, 'POST', '/api/drug-interactions', {
        ingredientA: a,
        ingredientB: b,
        severity,
        effect: `${a} with ${b} raises the risk of bleeding.`,
        advice: 'Talk to the pharmacist before taking them together.',
        source: 'Test table',
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = caller(() => t);

  async function cartOf(user: TestUser) {
    const response = await call(user, 'GET', `/api/cart/all/${user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    return cartResponseSchema.parse(response.json());
  }

  async function fill(user: TestUser, keys: (keyof typeof ING)[]) {
    for (const key of keys)
      expect(
        (await call(user, 'POST', '/api/cart', { productId: product[key], quantity: 1 }))
          .statusCode,
      ).toBe(200);
  }

  /** The cart placed as an order, its address confirmed. */
  async function place(user: TestUser, keys: (keyof typeof ING)[]) {
    await fill(user, keys);
    const placed = await call(user, 'POST', '/api/order');
    expect(placed.statusCode, placed.body).toBe(201);
    const body = placeOrderResponseSchema.parse(placed.json());
    const addressId = (await call(user, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await call(user, 'PUT', `/api/order/${body.orderId}`, { addressId })).statusCode).toBe(
      200,
    );
    return body;
  }

  /** An earlier order, moved behind the API's back to `statusId`, placed `daysAgo` days ago. */
  async function earlierOrder(
    user: TestUser,
    keys: (keyof typeof ING)[],
    daysAgo: number,
    statusId: number = ORDER_STATUS.DELIVERED,
  ) {
    const { orderId } = await place(user, keys);
    await db()
      .update(orders)
      .set({ statusId, createdAt: new Date(Date.now() - daysAgo * DAY_MS) })
      .where(eq(orders.id, orderId));
    return orderId;
  }

  async function detail(user: TestUser, orderId: number) {
    const response = await call(user, 'GET', `/api/order/getOrderDetail/${orderId}`);
    expect(response.statusCode, response.body).toBe(200);
    return orderDetailResponseSchema.parse(response.json());
  }

  it('finds an interaction between two lines of the cart, and of the order placed from it', async () => {
    const member = await createUser(t);
    expect((await cartOf(member)).interactions).toEqual([]);
    await fill(member, ['anticoagulant', 'antiplatelet', 'antibiotic']);
    const cart = await cartOf(member);
    expect(brief(cart.interactions)).toEqual([
      {
        source: 'cart',
        pairKey: `aspitest${suffix}|warfatest${suffix}`,
        severity: 'major',
        with: ['line'],
      },
    ]);
    const [found] = cart.interactions ?? [];
    const lineIds = cart.cartItems
      .filter((item) => item.productId !== product.antibiotic)
      .map((item) => item.id)
      .sort();
    expect(
      [found?.between[0]?.line.lineId, found?.between[0]?.with]
        .map((party) =>
          typeof party === 'number' ? party : party && 'lineId' in party ? party.lineId : null,
        )
        .sort(),
    ).toEqual(lineIds);
    expect(found).toMatchObject({
      effect: expect.stringContaining('bleeding'),
      advice: 'Talk to the pharmacist before taking them together.',
      reference: 'Test table',
    });

    const placed = await call(member, 'POST', '/api/order');
    expect(placed.statusCode).toBe(201);
    const { orderId, interactions } = placeOrderResponseSchema.parse(placed.json());
    expect(brief(interactions)).toEqual(brief(cart.interactions));
    const order = await detail(member, orderId);
    expect(brief(order.interactions)).toEqual(brief(cart.interactions));
    // The order's line ids, not the cart's.
    const orderLineIds = order.orderDetails.map((line) => line.id);
    expect(orderLineIds).toContain(order.interactions?.[0]?.between[0]?.line.lineId);
  });

  it('finds one against an order of 60 days ago, not of 120 days ago, and never a cancelled one', async () => {
    const member = await createUser(t);
    const recent = await earlierOrder(member, ['acidReducer'], 60);
    await fill(member, ['anticoagulant']);
    expect(brief((await cartOf(member)).interactions)).toEqual([
      {
        source: 'recent-order',
        pairKey: `omeptest${suffix}|warfatest${suffix}`,
        severity: 'moderate',
        with: [`order ${recent}`],
      },
    ]);

    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 120 * DAY_MS) })
      .where(eq(orders.id, recent));
    expect((await cartOf(member)).interactions).toEqual([]);

    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60 * DAY_MS), statusId: ORDER_STATUS.CANCELLED })
      .where(eq(orders.id, recent));
    expect((await cartOf(member)).interactions).toEqual([]);

    // The order placed now is checked against the 60-day-old one (delivered again) too.
    await db()
      .update(orders)
      .set({ statusId: ORDER_STATUS.DELIVERED })
      .where(eq(orders.id, recent));
    const placed = placeOrderResponseSchema.parse(
      (await call(member, 'POST', '/api/order')).json(),
    );
    expect(brief(placed.interactions)).toEqual([
      expect.objectContaining({ source: 'recent-order', with: [`order ${recent}`] }),
    ]);
    // The earlier order, looked at now, meets the later one once that one is paid for: a
    // checkout not finished is no medicine in the patient's hands.
    expect((await detail(member, recent)).interactions).toEqual([]);
    await db()
      .update(orders)
      .set({ statusId: ORDER_STATUS.WAITING_TO_ACCEPT })
      .where(eq(orders.id, placed.orderId));
    expect(brief((await detail(member, recent)).interactions)).toEqual([
      expect.objectContaining({ source: 'recent-order', with: [`order ${placed.orderId}`] }),
    ]);
  });

  it('finds an ingredient a patient on the account is allergic to, as major', async () => {
    const member = await createUser(t);
    await db()
      .insert(patients)
      .values({
        userId: member.id,
        name: 'Asha Verma',
        relation: 'self',
        ageYears: 40,
        sex: 'female',
        allergies: [ING.antibiotic.toLowerCase()],
      });
    await fill(member, ['antibiotic']);
    const cart = await cartOf(member);
    expect(brief(cart.interactions)).toEqual([
      {
        source: 'allergy',
        pairKey: `allergy:amoxtest${suffix}`,
        severity: 'major',
        with: ['allergy'],
      },
    ]);
    expect(cart.interactions?.[0]?.between[0]?.with).toMatchObject({
      kind: 'allergy',
      patientName: 'Asha Verma',
    });
  });

  it("never reads another member's orders or allergies", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await db()
      .insert(patients)
      .values({
        userId: owner.id,
        name: 'Owner',
        ageYears: 50,
        sex: 'male',
        allergies: [ING.anticoagulant.toLowerCase()],
      });
    const ownersOrder = await earlierOrder(owner, ['antiplatelet'], 10);
    await fill(other, ['anticoagulant']);
    expect((await cartOf(other)).interactions).toEqual([]);
    // Nor may the other member see the owner's order or its interactions.
    expect((await call(other, 'GET', `/api/order/getOrderDetail/${ownersOrder}`)).statusCode).toBe(
      404,
    );
    const placed = placeOrderResponseSchema.parse((await call(other, 'POST', '/api/order')).json());
    expect(placed.interactions).toEqual([]);
    expect((await detail(other, placed.orderId)).interactions).toEqual([]);
  });

  /** An order with its prescription uploaded and cash on delivery chosen: Waiting To Accept. */
  async function waitingOrder(user: TestUser, keys: (keyof typeof ING)[]) {
    const { orderId } = await place(user, keys);
    expect((await uploadPrescription(t, user, orderId)).statusCode).toBe(200);
    const paid = await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
    expect(paid.json().order.statusId).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);
    return orderId;
  }
  const approve = (orderId: number, extra: object = {}) =>
    call(pharmacist, 'POST', `/api/order/${orderId}/prescription-review`, {
      decision: 'approve',
      ...transcriptionFor([product.anticoagulant]),
      ...extra,
    });

  it('refuses the approval of an order with a major interaction without a reason, then records the override', async () => {
    const member = await createUser(t);
    const orderId = await waitingOrder(member, ['anticoagulant', 'antiplatelet']);

    const refused = await approve(orderId);
    expect(refused.statusCode, refused.body).toBe(409);
    const sentence = refused.json().message as string;
    expect(sentence).toContain(`${ING.anticoagulant} and ${ING.antiplatelet}`);
    expect(sentence).toContain(`${ING.anticoagulant} tablets with ${ING.antiplatelet} tablets`);
    expect(sentence).toBe(
      INTERACTION_OVERRIDE_MESSAGES.blocked(
        `${ING.anticoagulant} and ${ING.antiplatelet} (${ING.anticoagulant} tablets with ${ING.antiplatelet} tablets)`,
      ),
    );
    const tooShort = await approve(orderId, { interactionOverrideReason: 'ok' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toContain(INTERACTION_OVERRIDE_MESSAGES.reason);
    expect((await detail(admin, orderId)).order.statusId).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);
    expect(
      await db()
        .select()
        .from(interactionOverrides)
        .where(eq(interactionOverrides.orderId, orderId)),
    ).toEqual([]);

    const reason = 'Cardiologist confirmed both by phone; INR monitored weekly.';
    const approved = await approve(orderId, { interactionOverrideReason: reason });
    expect(approved.statusCode, approved.body).toBe(200);

    const [override] = await db()
      .select()
      .from(interactionOverrides)
      .where(eq(interactionOverrides.orderId, orderId));
    expect(override).toMatchObject({
      pairKey: `aspitest${suffix}|warfatest${suffix}`,
      severity: 'major',
      reason,
      pharmacistId: pharmacist.id,
    });
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'interaction.overridden'),
          eq(auditLog.entityId, String(override?.id)),
        ),
      );
    expect(audited).toMatchObject({
      actorUserId: pharmacist.id,
      entityType: 'interaction_override',
    });
    expect(audited?.details).toMatchObject({ orderId, reason, severity: 'major' });

    const forAdmin = await detail(admin, orderId);
    expect(forAdmin.order.statusId).toBe(ORDER_STATUS.ACCEPTED);
    expect(forAdmin.dispensing.interactionOverrides).toEqual([
      expect.objectContaining({
        pairKey: `aspitest${suffix}|warfatest${suffix}`,
        ingredients: [`aspitest${suffix}`, `warfatest${suffix}`],
        severity: 'major',
        reason,
        pharmacistName: 'Pharmacist Person',
      }),
    ]);
    expect((await detail(member, orderId)).dispensing.interactionOverrides).toBeUndefined();
  });

  it('approves an order whose interactions are moderate at most without a reason, recording nothing', async () => {
    const member = await createUser(t);
    const orderId = await waitingOrder(member, ['anticoagulant', 'acidReducer']);
    expect(brief((await detail(member, orderId)).interactions)).toEqual([
      expect.objectContaining({ source: 'cart', severity: 'moderate' }),
    ]);
    const approved = await approve(orderId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(
      await db()
        .select()
        .from(interactionOverrides)
        .where(eq(interactionOverrides.orderId, orderId)),
    ).toEqual([]);
  });

  it("checks the chosen patient's allergies only, and an allergy blocks the approval as a major one", async () => {
    const member = await createUser(t);
    const [allergic, other] = await db()
      .insert(patients)
      .values([
        {
          userId: member.id,
          name: 'Ravi Kumar',
          relation: 'parent',
          ageYears: 70,
          sex: 'male',
          allergies: [ING.antibiotic.toLowerCase()],
        },
        { userId: member.id, name: 'Meena Kumar', relation: 'spouse', ageYears: 65, sex: 'female' },
      ])
      .returning();
    const orderId = await waitingOrder(member, ['anticoagulant', 'antibiotic']);
    const allergy = [expect.objectContaining({ source: 'allergy', severity: 'major' })];
    // No patient named yet: everyone's allergies on the account.
    expect(brief((await detail(member, orderId)).interactions)).toEqual(allergy);
    await db().update(orders).set({ patientId: other?.id }).where(eq(orders.id, orderId));
    expect((await detail(member, orderId)).interactions).toEqual([]);
    await db().update(orders).set({ patientId: allergic?.id }).where(eq(orders.id, orderId));
    expect(brief((await detail(member, orderId)).interactions)).toEqual(allergy);

    const refused = await approve(orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(
      `${ING.antibiotic}, to which an allergy is recorded (${ING.antibiotic} tablets with Ravi Kumar's allergy to ${ING.antibiotic.toLowerCase()})`,
    );
    const approved = await approve(orderId, {
      interactionOverrideReason: 'Allergy was a rash decades ago; prescriber re-challenged it.',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await detail(admin, orderId)).dispensing.interactionOverrides).toEqual([
      expect.objectContaining({ pairKey: `allergy:amoxtest${suffix}`, severity: 'major' }),
    ]);
  });
});
