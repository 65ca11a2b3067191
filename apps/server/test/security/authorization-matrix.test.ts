import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_CSV_COLUMNS,
  MESSAGES,
  ORDER_STATUS,
  PERMISSIONS,
  ROLE,
  ROLE_PERMISSIONS,
  addDays,
  errorResponseSchema,
  utcDay,
  type Permission,
  type RoleId,
} from '@pharmacy/shared';
import { buildApp, type RouteSummary } from '../../src/app';
import {
  contactMessages,
  coupons,
  couriers,
  deliveryAreas,
  shipments,
  loyaltyLedger,
  medicineMonographs,
  drugInteractions,
  orderLines,
  orders,
  patients,
  payments,
  prescriptionRecordLines,
  prescriptionRecords,
  refillReminders,
  returnRequestLines,
  returnRequests,
  saltCompositions,
  stockNotifications,
  staffInvitations,
  users,
} from '../../src/db/schema/index';
import { signUnsubscribeToken } from '../../src/modules/refills/unsubscribe-token';
import { consentTokenOfA, renewAfterSignOut } from './support/privacy-cells';
import {
  multipart,
  TEST_PASSWORD,
  TINY_PNG,
  transcriptionFor,
  validAddress,
  type TestUser,
} from '../factories';
import { buildTestApp, testDriver, type TestApp } from '../helpers';
import { installDbWatch, type DbWatch } from './support/db-watch';
import { apiRoutes } from './support/routes';
import {
  ROLES,
  STAFF_ROLES,
  batchOf,
  createWorld,
  freshEntry,
  insertAddress,
  insertOrder,
  insertPrescription,
  nextRemoteAddress,
  putInCart,
  userOf,
  type Role,
  type StaffRole,
  type World,
} from './support/world';

/**
 * Issue 7 · authorization matrix (OWASP ASVS 8.2, API Security Top 10 API1/API3/API5), issue 32's
 * staff roles.
 *
 * Every route the running app registers under /api is called as seven people:
 *   anonymous  — no token;
 *   memberA    — the owner of every object the request names (A's order, address, cart line,
 *                prescription file, A's user id);
 *   memberB    — another member sending the very same request for A's objects;
 *   owner      — the shop's owner (role 1, every permission);
 *   pharmacist, packer, support — staff, each holding the permissions of STAFF_PERMISSIONS below.
 * The table below is the one place where the expected answer of each is written. The first four
 * columns are written out; the staff columns are derived from the permission an entry names and
 * the role table written in this file (an independent copy of the shared package's, so a change
 * to one that is not made to the other fails the suite):
 *   ADMIN_ONLY(ok, p)      — the route's guard asks for p: a holder gets ok, anyone else 403;
 *   OWNER_OR_ADMIN(ok, p)  — A's object, opened to staff holding p; anyone else 404;
 *   PHARMACY(ok, p) / ON_BEHALF(ok, p) — a change to A's order: staff who see orders
 *                            (orders.view) but lack p get 403, everyone else without it 404.
 * An entry naming no permission is one no handler widens for staff: a member of staff is just
 * another signed-in person there, and gets memberB's answer. Every cell is sent, on both
 * databases (issue 32 asks for every route × every role): 1,281 cells against 1,026 when those
 * were derived and skipped, 13.0 s against 10.8 s on PGlite on a busy two-core machine (668 cells
 * and 8.7 s before the staff columns).
 * Each cell runs against fresh objects of A, so one person's success never changes another's
 * answer. A route the app serves but the table does not classify fails the suite, and so does an
 * entry for a route that no longer exists. Another user's object always answers 404 (existence is
 * not revealed), and a refused request (any 4xx) never writes to the database.
 */

interface Request {
  method: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}
type Build = (world: World, actor: TestUser | undefined) => Request | Promise<Request>;
/**
 * What staff need for an entry: `see` to find A's object at all (else 404), `act` for the
 * request itself (else 403). No rule: staff get memberB's answer.
 */
interface StaffRule {
  see?: Permission;
  act?: Permission;
}
/**
 * Expected status codes: [anonymous, memberA (owner of the objects), memberB (another member),
 * owner (the shop's)], with the rule the staff columns are derived from.
 */
type Expect = readonly [number, number, number, number] & { readonly staff?: StaffRule };
interface Case {
  note: string;
  expect: Expect;
  request: Build;
}

const unique = () => randomBytes(4).toString('hex');
const get = (url: string): Request => ({ method: 'GET', url });
const json = (method: Request['method'], url: string, payload: object): Request => ({
  method,
  url,
  payload,
});
async function form(
  method: Request['method'],
  url: string,
  fields: Record<string, string>,
  image = false,
): Promise<Request> {
  const body = await multipart(
    fields,
    image ? [{ field: 'image', name: 'picture.png', type: 'image/png', content: TINY_PNG }] : [],
  );
  return { method, url, payload: body.payload, headers: body.headers };
}
const productFields = (w: World) => ({
  name: `Matrix product ${unique()}`,
  maximumRetailPrice: '120',
  offerPrice: '100',
  divisionId: String(w.basics.divisionId),
  manufacturerId: String(w.basics.manufacturerId),
  saltCompositionId: String(w.basics.saltCompositionId),
});
/** A catalogue CSV adding one product (issue 18 point 4), as the body of a request. */
const catalogueCsv = (url: string): Request => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'text/csv' },
  payload: `${Object.values(CATALOG_CSV_COLUMNS).join(',')}\n,Matrix import ${unique()},Matrix division,Matrix maker,Matrix salt,90,100,OTC,no,,,,,,3004,5,5,yes,yes,0\n`,
});
const deliveryCsv = (url: string): Request => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'text/csv' },
  payload: 'pincode_from,pincode_to,zone,delivery_days\n560001,560009,Matrix,2\n',
});
/** A visitor's Contact Us message, open or already handled by the world's admin (issue 18). */
async function contactMessage(w: World, handled: boolean): Promise<number> {
  const [row] = await w.db
    .insert(contactMessages)
    .values({
      name: 'Matrix visitor',
      email: 'visitor@example.com',
      message: `Hello ${unique()}`,
      ...(handled ? { handledAt: new Date(), handledByUserId: w.owner.id } : {}),
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('no contact message');
  return row.id;
}
/** A's delivered order paid cash on delivery, and its line (issue 19 returns). */
async function deliveredOrderA(w: World): Promise<{ orderId: number; lineId: number }> {
  const orderId = await insertOrder(w.db, w.memberA.id, {
    statusId: ORDER_STATUS.DELIVERED,
    productId: w.productId,
    addressId: w.addressA,
  });
  await w.db.update(orders).set({ deliveredAt: new Date() }).where(eq(orders.id, orderId));
  await w.db.insert(payments).values({
    orderId,
    method: 'cash_on_delivery',
    provider: 'none',
    amountMinor: 9000,
    status: 'pending',
  });
  const [line] = await w.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  if (!line) throw new Error('no order line');
  return { orderId, lineId: line.id };
}
/** A return request (or damage report) of A's, in the given status, for one unit. */
async function returnRequestA(
  w: World,
  status: 'requested' | 'approved' | 'received',
  kind: 'return' | 'damage' = 'return',
): Promise<number> {
  const { orderId, lineId } = await deliveredOrderA(w);
  const [row] = await w.db
    .insert(returnRequests)
    .values({
      orderId,
      userId: w.memberA.id,
      kind,
      status,
      reasonCode: kind === 'return' ? 'not_needed' : 'damaged',
    })
    .returning({ id: returnRequests.id });
  if (!row) throw new Error('no return request');
  await w.db
    .insert(returnRequestLines)
    .values({ returnRequestId: row.id, orderLineId: lineId, units: 1 });
  return row.id;
}
/** A's damage report with one photo, made through the API; answers the photo's URL. */
async function damagePhotoA(w: World): Promise<string> {
  const { orderId, lineId } = await deliveredOrderA(w);
  const body = await multipart(
    {
      kind: 'damage',
      reasonCode: 'damaged',
      lines: JSON.stringify([{ orderLineId: lineId, units: 1 }]),
    },
    [{ field: 'photo', name: 'damage.png', type: 'image/png', content: TINY_PNG }],
  );
  const created = await w.t.app.inject({
    method: 'POST',
    url: `/api/order/${orderId}/returns`,
    payload: body.payload,
    headers: { ...body.headers, ...w.memberA.auth },
  });
  return (created.json() as { request: { photos: Array<{ url: string }> } }).request.photos[0]!.url;
}
/** A new product's form: its opening stock arrives as a first batch (issue 15). */
const newProductFields = (w: World) => ({
  ...productFields(w),
  quantity: '10',
  batchNumber: `M-${unique()}`,
  expiryDate: addDays(utcDay(), 400),
});
/** A card payment of A's order, confirmed with the test provider, ready to be saved. */
async function confirmedIntent(w: World, orderId: number): Promise<string> {
  const intent = await w.t.app.inject({
    method: 'POST',
    url: `/api/payment/create-intent/${orderId}`,
    headers: w.memberA.auth,
  });
  const { intentId, clientSecret } = intent.json() as { intentId: string; clientSecret: string };
  await w.t.app.inject({
    method: 'POST',
    url: '/api/payment/test/confirm',
    headers: w.memberA.auth,
    payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  return intentId;
}

/** A refill reminder of A's, for a product of its own (one reminder per customer and product). */
async function refillOfA(w: World): Promise<number> {
  const productId = await freshEntry.product(w);
  const [row] = await w.db
    .insert(refillReminders)
    .values({
      userId: w.memberA.id,
      productId,
      quantity: 1,
      intervalDays: 30,
      nextDueOn: addDays(utcDay(), 30),
    })
    .returning({ id: refillReminders.id });
  if (!row) throw new Error('no refill reminder');
  return row.id;
}

/** The unsubscribe link's token of a fresh reminder of A's, as the reminder mail carries it. */
async function unsubscribeTokenOfA(w: World): Promise<string> {
  const reminderId = await refillOfA(w);
  return signUnsubscribeToken(w.t.config.jwtSecret, { reminderId, userId: w.memberA.id });
}

/**
 * A's order confirmed for cash on delivery, so it has its GST invoice (issue 18); cancelled by
 * the admin too when a credit note is wanted.
 */
async function invoicedOrderOfA(w: World, cancelled = false): Promise<number> {
  const orderId = await insertOrder(w.db, w.memberA.id, {
    statusId: ORDER_STATUS.PAYMENT,
    productId: w.productId,
    addressId: await insertAddress(w.db, w.memberA.id),
  });
  const steps = [
    { headers: w.memberA.auth, payload: { payment: 'Cash on Delivery' } },
    ...(cancelled
      ? [{ headers: w.owner.auth, payload: { statusId: ORDER_STATUS.CANCELLED } }]
      : []),
  ];
  for (const step of steps) {
    const res = await w.t.app.inject({ method: 'PUT', url: `/api/order/${orderId}`, ...step });
    if (res.statusCode !== 200) throw new Error(`invoiced order fixture: ${res.body}`);
  }
  return orderId;
}

/** A coupon the admin would write (issue 19), with a code of its own. */
const couponFields = () => ({
  code: `MATRIX-${unique().toUpperCase()}`,
  kind: 'percent',
  percentOff: 10,
  startsAt: new Date(Date.now() - 86_400_000).toISOString(),
});

async function couponRow(w: World): Promise<number> {
  const [row] = await w.db
    .insert(coupons)
    .values({
      code: `MATRIX-${unique().toUpperCase()}`,
      kind: 'percent',
      percentOff: 10,
      startsAt: new Date(Date.now() - 86_400_000),
    })
    .returning({ id: coupons.id });
  if (!row) throw new Error('no coupon');
  return row.id;
}

/** A courier of its own, for the routes that need one. */
async function courierRow(w: World): Promise<number> {
  const [row] = await w.db
    .insert(couriers)
    .values({ name: `Matrix ${unique()}`, trackingUrlTemplate: 'https://track.example/{awb}' })
    .returning({ id: couriers.id });
  if (!row) throw new Error('no courier');
  return row.id;
}

/** A fresh order of A's in Packing with one parcel on its way. */
async function packedOrderOfA(w: World) {
  const orderId = await insertOrder(w.db, w.memberA.id, {
    statusId: ORDER_STATUS.PACKING,
    productId: w.productId,
    addressId: w.addressA,
  });
  const [shipment] = await w.db
    .insert(shipments)
    .values({ orderId, courierId: await courierRow(w), awb: `MX-${unique()}`.slice(0, 40) })
    .returning({ id: shipments.id });
  if (!shipment) throw new Error('no shipment');
  return { orderId, shipmentId: shipment.id };
}

/** Issue 31: an interaction row of its own (a fresh pair each call) for the table's routes. */
let interactionPairs = 0;
const interactionBody = () => {
  interactionPairs += 1;
  return {
    ingredientA: `Matrix Ingredient ${interactionPairs}`,
    ingredientB: 'Matrix Partner',
    severity: 'moderate',
    effect: 'An effect.',
    advice: 'An advice.',
  };
};
const interactionCsv = (url: string): Request => {
  const row = interactionBody();
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'text/csv' },
    payload: `ingredient_a,ingredient_b,severity,effect,advice\n${row.ingredientA},${row.ingredientB},${row.severity},${row.effect},${row.advice}\n`,
  };
};
async function interactionId(w: World): Promise<number> {
  const [row] = await w.db
    .insert(drugInteractions)
    .values({ ...interactionBody(), pairKey: `matrix-${interactionPairs}|partner` })
    .returning({ id: drugInteractions.id });
  if (!row) throw new Error('no interaction');
  return row.id;
}

/** A salt of its own for the medicine information routes, with a draft waiting when asked. */
async function medicineSlug(w: World, withDraft = false): Promise<string> {
  const [salt] = await w.db
    .insert(saltCompositions)
    .values({ name: `Matrix salt ${unique()}` })
    .returning({ id: saltCompositions.id, slug: saltCompositions.slug });
  if (!salt) throw new Error('no salt');
  if (withDraft)
    await w.db.insert(medicineMonographs).values({
      saltCompositionId: salt.id,
      ...MEDICINE_CONTENT,
    });
  return salt.slug;
}
const SAFE = { level: 'caution', advice: 'Ask your doctor.' } as const;
const MEDICINE_CONTENT = {
  summary: 'Matrix summary.',
  uses: ['Fever'],
  howItWorks: 'It works.',
  sideEffectsCommon: [],
  sideEffectsSerious: [],
  safety: {
    alcohol: SAFE,
    pregnancy: SAFE,
    breastfeeding: SAFE,
    driving: SAFE,
    kidney: SAFE,
    liver: SAFE,
  },
  howToTake: 'With water.',
  missedDose: 'Skip it.',
  storage: 'Below 30°C.',
  interactions: [],
};

/** A delivery area of its own, for the admin routes that change one. */
async function deliveryAreaRow(w: World): Promise<number> {
  const [row] = await w.db
    .insert(deliveryAreas)
    .values({ pincodeFrom: 560001, pincodeTo: 560001, zone: 'Matrix', deliveryDays: 2 })
    .returning({ id: deliveryAreas.id });
  if (!row) throw new Error('no delivery area');
  return row.id;
}

/** A fresh order of A's at the Payment step, nothing paid. */
const orderAtPaymentOfA = (w: World) =>
  insertOrder(w.db, w.memberA.id, {
    statusId: ORDER_STATUS.PAYMENT,
    productId: w.productId,
    addressId: w.addressA,
  });

const PATIENT_BODY = { name: 'Leela Verma', ageYears: 64, sex: 'female', allergies: ['Aspirin'] };

async function patientOfA(w: World): Promise<number> {
  const [row] = await w.db
    .insert(patients)
    .values({ userId: w.memberA.id, name: 'Kamala Verma', ageYears: 60, sex: 'female' })
    .returning({ id: patients.id });
  if (!row) throw new Error('no patient');
  return row.id;
}

/** Issue 32: a packer's account to change on the Staff page (deactivated when asked). */
async function packerRow(w: World, deactivated = false): Promise<number> {
  const [row] = await w.db
    .insert(users)
    .values({
      name: 'Matrix packer',
      email: `packer-${unique()}@example.com`,
      roleId: 4,
      providerName: 'Email',
      deactivatedAt: deactivated ? new Date() : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no packer');
  return row.id;
}

/** Issue 32: an open invitation and its link's token. */
async function staffInvitation(w: World): Promise<{ id: number; token: string }> {
  const token = `matrix-invitation-${unique()}`;
  const [row] = await w.db
    .insert(staffInvitations)
    .values({
      name: 'Matrix invitee',
      email: `invitee-${unique()}@example.com`,
      roleId: 4,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: staffInvitations.id });
  if (!row) throw new Error('no invitation');
  return { id: row.id, token };
}

/** A saved prescription of A covering the prescription product, valid for 100 days. */
async function savedPrescriptionOfA(w: World): Promise<number> {
  const [record] = await w.db
    .insert(prescriptionRecords)
    .values({
      userId: w.memberA.id,
      patientName: 'Asha Verma',
      prescriberName: 'Dr. Kavita Rao',
      prescriberQualification: 'MBBS',
      prescriberRegistrationNumber: 'KMC 45872',
      prescriberCouncil: 'Karnataka Medical Council',
      issuedOn: utcDay(),
      validUntil: addDays(utcDay(), 100),
      approvedByName: 'Pharmacist Person',
      approvedByRegistrationNumber: 'KA/PH/2020/00042',
      retainUntil: new Date(Date.now() + 3 * 365 * 86_400_000),
    })
    .returning({ id: prescriptionRecords.id });
  if (!record) throw new Error('no saved prescription');
  await w.db.insert(prescriptionRecordLines).values({
    recordId: record.id,
    productId: w.rxProductId,
    medicineName: 'Fixture product',
    dose: '1 tablet',
    frequency: 'daily',
    durationDays: 30,
    quantityAllowed: 100,
  });
  return record.id;
}

const EVERYONE: Expect = [200, 200, 200, 200];
const SIGNED_IN: Expect = [401, 200, 200, 200];
const ruled = (cells: readonly [number, number, number, number], staff: StaffRule): Expect =>
  Object.assign([...cells] as const, { staff });
/** The route's guard asks for `permission` (its `config: { access }`): members get 403. */
const ADMIN_ONLY = (ok: number, permission: Permission): Expect =>
  ruled([401, 403, 403, ok], { act: permission });
/** Object owner only: B and even the shop's owner get 404 (carts, addresses, payments). */
const OWNER_ONLY = (ok: number): Expect => [401, ok, 404, 404];
/** A's object, and staff holding `permission` (orders, prescriptions); anyone else 404. */
const OWNER_OR_ADMIN = (ok: number, permission: Permission): Expect =>
  ruled([401, ok, 404, ok], { see: permission });
/** A change only the pharmacy makes to A's order (status, delivery date): A gets 403 too. */
const PHARMACY = (ok: number, permission: Permission): Expect =>
  ruled([401, 403, 404, ok], { see: 'orders.view', act: permission });
/** A's own change to A's order, which staff holding `permission` make on A's behalf. */
const ON_BEHALF = (ok: number, permission: Permission): Expect =>
  ruled([401, ok, 404, ok], { see: 'orders.view', act: permission });

/**
 * Issue 32's role table, written again here on purpose (the shared ROLE_PERMISSIONS is checked
 * against it below): the owner holds every permission, a member none.
 */
const STAFF_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  pharmacist: [
    'orders.view',
    'prescriptions.review',
    'patients.view',
    'h1.view',
    'medicines.review',
    'interactions.manage',
  ],
  packer: ['orders.view', 'orders.fulfil'],
  support: [
    'orders.view',
    'orders.cancel',
    'money.view',
    'returns.manage',
    'customers.view',
    'support.inbox',
  ],
};
const STAFF_ROLE_ID: Readonly<Record<StaffRole, RoleId>> = {
  owner: ROLE.ADMIN,
  pharmacist: ROLE.PHARMACIST,
  packer: ROLE.PACKER,
  support: ROLE.SUPPORT,
};
const holds = (role: StaffRole, permission: Permission | undefined) =>
  permission === undefined || STAFF_PERMISSIONS[role].includes(permission);

/** The expected answer of one person: written (the first four) or derived (staff). */
function expectedOf(expected: Expect, role: Role): number {
  const [anonymous, memberA, memberB, owner] = expected;
  if (role === 'anonymous') return anonymous;
  if (role === 'memberA') return memberA;
  if (role === 'memberB') return memberB;
  if (role === 'owner') return owner;
  const rule = expected.staff;
  if (!rule) return memberB;
  if (!holds(role, rule.see)) return 404;
  if (!holds(role, rule.act)) return 403;
  return owner;
}

export const MATRIX: Record<string, Case | Case[]> = {
  // Site and sign-in: public.
  'GET /api/health': { note: 'readiness', expect: EVERYONE, request: () => get('/api/health') },
  'GET /api/health/ready': {
    note: 'readiness',
    expect: EVERYONE,
    request: () => get('/api/health/ready'),
  },
  'GET /api/health/live': {
    note: 'liveness',
    expect: EVERYONE,
    request: () => get('/api/health/live'),
  },
  'GET /api/settings': {
    note: 'shop settings',
    expect: EVERYONE,
    request: () => get('/api/settings'),
  },
  'POST /api/site/newsletter': {
    note: 'subscribe',
    expect: [201, 201, 201, 201],
    request: () => json('POST', '/api/site/newsletter', { email: `n-${unique()}@example.com` }),
  },
  'POST /api/site/contact': {
    note: 'contact form',
    expect: [201, 201, 201, 201],
    request: () =>
      json('POST', '/api/site/contact', { name: 'Asha', email: 'a@example.com', message: 'Hi' }),
  },
  'POST /api/auth/login': {
    note: 'credentials decide, not the caller',
    expect: EVERYONE,
    request: (w) =>
      json('POST', '/api/auth/login', { email: w.memberA.email, password: TEST_PASSWORD }),
  },
  'POST /api/auth/signup': {
    note: 'always a member',
    expect: [201, 201, 201, 201],
    request: () =>
      json('POST', '/api/auth/signup', {
        name: 'New Person',
        email: `s-${unique()}@example.com`,
        phoneNumber: '9876543210',
        password: 'longenough',
        confirmPassword: 'longenough',
      }),
  },
  'POST /api/auth/forgot-password': {
    note: 'same answer for every address',
    expect: EVERYONE,
    request: (w) => json('POST', '/api/auth/forgot-password', { email: w.memberA.email }),
  },
  'POST /api/auth/reset-password': {
    note: 'only a mailed link resets',
    expect: [400, 400, 400, 400],
    request: () =>
      json('POST', '/api/auth/reset-password', {
        token: 'not-a-real-reset-token',
        newPassword: 'brandnew1',
        confirmPassword: 'brandnew1',
      }),
  },
  'GET /api/auth/google': {
    note: 'redirect',
    expect: [302, 302, 302, 302],
    request: () => get('/api/auth/google'),
  },
  'GET /api/auth/google/callback': {
    note: 'redirect',
    expect: [302, 302, 302, 302],
    request: () => get('/api/auth/google/callback?code=x&state=y'),
  },

  // Accounts.
  'GET /api/user/myProfile': {
    note: 'own profile',
    expect: SIGNED_IN,
    request: () => get('/api/user/myProfile'),
  },
  // Issue 32 points 5 and 6: the caller's own data, consents and sessions; the mail's links.
  'GET /api/user/my-data': {
    note: "the caller's own data as a ZIP",
    expect: SIGNED_IN,
    request: () => get('/api/user/my-data'),
  },
  'GET /api/user/consents': {
    note: "the caller's consents",
    expect: SIGNED_IN,
    request: () => get('/api/user/consents'),
  },
  'PUT /api/user/consents': {
    note: "the caller's consents",
    expect: SIGNED_IN,
    request: () => json('PUT', '/api/user/consents', { newsletter: true }),
  },
  'POST /api/user/delete-account': {
    note: 'wrong password: reaches the check, erases nothing',
    expect: [401, 400, 400, 400],
    request: () => json('POST', '/api/user/delete-account', { password: 'not-my-password' }),
  },
  'POST /api/user/sign-out-everywhere': {
    note: "ends the caller's other sessions only",
    expect: SIGNED_IN,
    request: async (w, actor) => {
      await renewAfterSignOut(w, actor);
      return { method: 'POST', url: '/api/user/sign-out-everywhere' };
    },
  },
  'POST /api/unsubscribe': {
    note: "A's mail link withdraws A's consent, whoever sends it",
    expect: EVERYONE,
    request: async (w) => json('POST', '/api/unsubscribe', { token: await consentTokenOfA(w) }),
  },
  'POST /api/unsubscribe/one-click': {
    note: "RFC 8058 one-click from A's mail client: the token is the permission",
    expect: EVERYONE,
    request: async (w) => ({
      method: 'POST',
      url: `/api/unsubscribe/one-click?token=${await consentTokenOfA(w)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'PUT /api/user/updateMyProfile': {
    note: 'own profile',
    expect: SIGNED_IN,
    request: (_w, actor) =>
      json('PUT', '/api/user/updateMyProfile', {
        name: 'Same Person',
        email: actor?.email ?? 'nobody@example.com',
        phoneNumber: '9876543210',
      }),
  },
  'PATCH /api/user/changePassword': {
    note: 'wrong old password: reaches the check, changes nothing',
    expect: [401, 400, 400, 400],
    request: () =>
      json('PATCH', '/api/user/changePassword', {
        oldPassword: 'not-my-password',
        newPassword: 'brandnew1',
        confirmPassword: 'brandnew1',
      }),
  },
  // Issue 32: staff management (the owner's), and the invitation link (the token is the capability).
  'GET /api/staff': {
    note: 'staff accounts and open invitations',
    expect: ADMIN_ONLY(200, 'staff.manage'),
    request: () => get('/api/staff'),
  },
  'POST /api/staff/invitations': {
    note: 'invite a member of staff by e-mail',
    expect: ADMIN_ONLY(201, 'staff.manage'),
    request: () =>
      json('POST', '/api/staff/invitations', {
        name: 'Matrix invitee',
        email: `invite-${unique()}@example.com`,
        roleId: 4,
      }),
  },
  'DELETE /api/staff/invitations/:id': {
    note: 'revoke an invitation',
    expect: ADMIN_ONLY(200, 'staff.manage'),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/staff/invitations/${(await staffInvitation(w)).id}`,
    }),
  },
  'GET /api/staff/invitations/:token': {
    note: 'what an invitation link is for',
    expect: EVERYONE,
    request: async (w) => get(`/api/staff/invitations/${(await staffInvitation(w)).token}`),
  },
  'POST /api/staff/invitations/accept': {
    note: 'the link decides, not the caller',
    expect: EVERYONE,
    request: async (w) =>
      json('POST', '/api/staff/invitations/accept', {
        token: (await staffInvitation(w)).token,
        password: 'longenough',
      }),
  },
  'PUT /api/staff/:userId/role': {
    note: "change a member of staff's role",
    expect: ADMIN_ONLY(200, 'staff.manage'),
    request: async (w) => json('PUT', `/api/staff/${await packerRow(w)}/role`, { roleId: 5 }),
  },
  'POST /api/staff/:userId/deactivate': {
    note: 'deactivate a member of staff',
    expect: ADMIN_ONLY(200, 'staff.manage'),
    request: async (w) => ({ method: 'POST', url: `/api/staff/${await packerRow(w)}/deactivate` }),
  },
  'POST /api/staff/:userId/reactivate': {
    note: 'reactivate a member of staff',
    expect: ADMIN_ONLY(200, 'staff.manage'),
    request: async (w) => ({
      method: 'POST',
      url: `/api/staff/${await packerRow(w, true)}/reactivate`,
    }),
  },
  'GET /api/user/getAllUser': {
    note: 'user list',
    expect: ADMIN_ONLY(200, 'customers.view'),
    request: () => get('/api/user/getAllUser'),
  },

  // Addresses: personal.
  'GET /api/user/getAllAddress': {
    note: 'own list',
    expect: SIGNED_IN,
    request: () => get('/api/user/getAllAddress'),
  },
  'POST /api/user/saveAddress': {
    note: 'saved to the caller',
    expect: [401, 201, 201, 201],
    request: () => json('POST', '/api/user/saveAddress', validAddress),
  },
  'GET /api/user/getAddressById/:id': {
    note: "A's address",
    expect: OWNER_ONLY(200),
    request: (w) => get(`/api/user/getAddressById/${w.addressA}`),
  },
  'PATCH /api/user/updateAddress/:addressId': {
    note: "A's address",
    expect: OWNER_ONLY(200),
    request: async (w) =>
      json('PATCH', `/api/user/updateAddress/${await insertAddress(w.db, w.memberA.id)}`, {
        ...validAddress,
        city: 'Mumbai',
      }),
  },
  'DELETE /api/user/deleteAddress/:id': {
    note: "A's address",
    expect: OWNER_ONLY(200),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/user/deleteAddress/${await insertAddress(w.db, w.memberA.id)}`,
    }),
  },

  // Catalogue: reading is public, writing is the admin's.
  'GET /api/product/all': {
    note: 'listing',
    expect: EVERYONE,
    request: () => get('/api/product/all'),
  },
  'GET /api/product/top-selling': {
    note: 'listing',
    expect: EVERYONE,
    request: () => get('/api/product/top-selling'),
  },
  'GET /api/product/:id': {
    note: 'one product',
    expect: EVERYONE,
    request: (w) => get(`/api/product/${w.productId}`),
  },
  'GET /api/product/:id/substitutes': {
    note: 'substitutes',
    expect: EVERYONE,
    request: (w) => get(`/api/product/${w.productId}/substitutes`),
  },
  'POST /api/product/:id/notify': {
    note: 'back-in-stock request for the caller',
    expect: SIGNED_IN,
    request: (w) => ({ method: 'POST', url: `/api/product/${w.productId}/notify` }),
  },
  'GET /api/product/:id/notify': {
    note: "whether the caller waits for the product's return",
    expect: SIGNED_IN,
    request: (w) => get(`/api/product/${w.productId}/notify`),
  },
  'GET /api/stock-alerts': {
    note: "the caller's back-in-stock requests",
    expect: SIGNED_IN,
    request: () => get('/api/stock-alerts'),
  },
  'DELETE /api/stock-alerts/:productId': {
    note: "A's waiting back-in-stock request",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      const productId = await freshEntry.product(w);
      await w.db.insert(stockNotifications).values({ userId: w.memberA.id, productId });
      return { method: 'DELETE', url: `/api/stock-alerts/${productId}` };
    },
  },
  'GET /api/user/mail-preferences': {
    note: "the caller's optional e-mails",
    expect: SIGNED_IN,
    request: () => get('/api/user/mail-preferences'),
  },
  'PUT /api/user/mail-preferences': {
    note: "the caller's optional e-mails",
    expect: SIGNED_IN,
    request: () => ({
      method: 'PUT',
      url: '/api/user/mail-preferences',
      payload: { orderProgressMails: false },
    }),
  },
  'GET /api/jobs': {
    note: 'background jobs and failed mails',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: () => get('/api/jobs?state=failed'),
  },
  'POST /api/jobs/:queue/:id/retry': {
    note: 'retry a failed job (none with this id)',
    expect: ADMIN_ONLY(404, 'settings.manage'),
    request: () => ({
      method: 'POST',
      url: '/api/jobs/send-mail/00000000-0000-4000-8000-000000000000/retry',
    }),
  },
  'POST /api/product': {
    note: 'create',
    expect: ADMIN_ONLY(201, 'catalog.manage'),
    request: (w) => form('POST', '/api/product', newProductFields(w), true),
  },
  'PATCH /api/product/:id': {
    note: 'update',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: async (w) =>
      form('PATCH', `/api/product/${await freshEntry.product(w)}`, productFields(w)),
  },
  'DELETE /api/product/:id': {
    note: 'delete',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/product/${await freshEntry.product(w)}`,
    }),
  },

  // Stock (issue 15): batches, the ledger, recalls and the stock lists are the pharmacy's only.
  'POST /api/inventory/receipts': {
    note: 'goods receipt',
    expect: ADMIN_ONLY(201, 'inventory.manage'),
    request: (w) =>
      json('POST', '/api/inventory/receipts', {
        productId: w.productId,
        units: 12,
        batchNumber: `M-${unique()}`,
        expiryDate: addDays(utcDay(), 300),
        supplier: 'Matrix Distributors',
      }),
  },
  'GET /api/inventory/products/:id/batches': {
    note: "a product's batches",
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: (w) => get(`/api/inventory/products/${w.productId}/batches`),
  },
  'GET /api/inventory/products/:id/ledger': {
    note: "a product's stock ledger",
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: (w) => get(`/api/inventory/products/${w.productId}/ledger?page=1&pageSize=5`),
  },
  'PUT /api/inventory/products/:id/reorder-level': {
    note: 'reorder level',
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: async (w) =>
      json('PUT', `/api/inventory/products/${await freshEntry.product(w)}/reorder-level`, {
        reorderLevel: 12,
      }),
  },
  'POST /api/inventory/batches/:id/adjustments': {
    note: 'count correction of a batch',
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: async (w) =>
      json('POST', `/api/inventory/batches/${await freshEntry.batch(w)}/adjustments`, {
        units: -2,
        reason: 'damaged',
        note: 'matrix',
      }),
  },
  'POST /api/inventory/batches/:id/write-off': {
    note: 'write-off of a short-dated batch',
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: async (w) =>
      json('POST', `/api/inventory/batches/${await freshEntry.shortDatedBatch(w)}/write-off`, {
        note: 'matrix',
      }),
  },
  'POST /api/inventory/batches/:id/recall': {
    note: 'recall of a batch',
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: async (w) =>
      json('POST', `/api/inventory/batches/${await freshEntry.batch(w)}/recall`, {
        reason: 'Matrix recall',
      }),
  },
  'GET /api/inventory/batches/:id/orders': {
    note: "the customers who got a batch's units",
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: async (w) => get(`/api/inventory/batches/${await batchOf(w.db, w.productId)}/orders`),
  },
  'GET /api/inventory/batches/:id/orders.csv': {
    note: 'the same as CSV',
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: async (w) =>
      get(`/api/inventory/batches/${await batchOf(w.db, w.productId)}/orders.csv`),
  },
  'GET /api/inventory/low-stock': {
    note: 'low-stock list',
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: () => get('/api/inventory/low-stock?sort=shortfall&direction=desc'),
  },
  'GET /api/inventory/near-expiry': {
    note: 'near-expiry list',
    expect: ADMIN_ONLY(200, 'inventory.manage'),
    request: () => get('/api/inventory/near-expiry?days=120'),
  },

  'GET /api/schedules': {
    note: 'drug schedules',
    expect: EVERYONE,
    request: () => get('/api/schedules'),
  },
  'GET /api/compliance/register': {
    note: 'Schedule H1 register',
    expect: ADMIN_ONLY(200, 'h1.view'),
    request: () => get('/api/compliance/register?from=2026-01-01&to=2026-12-31'),
  },
  'GET /api/compliance/register.csv': {
    note: 'Schedule H1 register as CSV',
    expect: ADMIN_ONLY(200, 'h1.view'),
    request: () => get('/api/compliance/register.csv?from=2026-01-01&to=2026-12-31'),
  },
  'GET /api/reports/orders.csv': {
    note: 'orders with their lines as CSV, for the accountant',
    expect: ADMIN_ONLY(200, 'reports.view'),
    request: () => get('/api/reports/orders.csv?from=2026-01-01&to=2026-12-31'),
  },
  'GET /api/catalog/products.csv': {
    note: 'the whole catalogue as CSV',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: () => get('/api/catalog/products.csv'),
  },
  'POST /api/catalog/import/preview': {
    note: 'what a catalogue CSV would change (writes nothing)',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: () => catalogueCsv('/api/catalog/import/preview'),
  },
  'POST /api/catalog/import': {
    note: 'import the previewed catalogue CSV',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: () => {
      const { payload, ...request } = catalogueCsv('/api/catalog/import');
      const token = createHash('sha256').update(String(payload)).digest('hex');
      return { ...request, payload, url: `${request.url}?previewToken=${token}` };
    },
  },
  'GET /api/dashboard': {
    note: 'operations dashboard: queues, figures, best sellers, stock lists',
    expect: ADMIN_ONLY(200, 'orders.view'),
    request: () => get('/api/dashboard'),
  },
  'GET /api/contact-messages': {
    note: 'the Contact Us inbox',
    expect: ADMIN_ONLY(200, 'support.inbox'),
    request: () => get('/api/contact-messages?status=open&page=1'),
  },
  'POST /api/contact-messages/:id/handled': {
    note: 'mark an open contact message handled',
    expect: ADMIN_ONLY(200, 'support.inbox'),
    request: async (w) => ({
      method: 'POST',
      url: `/api/contact-messages/${await contactMessage(w, false)}/handled`,
    }),
  },
  'POST /api/contact-messages/:id/reopen': {
    note: 'reopen a handled contact message',
    expect: ADMIN_ONLY(200, 'support.inbox'),
    request: async (w) => ({
      method: 'POST',
      url: `/api/contact-messages/${await contactMessage(w, true)}/reopen`,
    }),
  },

  // Returns and damage reports (issue 19): the owner asks, the pharmacy works the queue.
  'POST /api/order/:orderId/returns': {
    note: "A asks to return a unit of A's delivered order",
    expect: OWNER_ONLY(201),
    request: async (w) => {
      const { orderId, lineId } = await deliveredOrderA(w);
      return form('POST', `/api/order/${orderId}/returns`, {
        kind: 'return',
        reasonCode: 'not_needed',
        lines: JSON.stringify([{ orderLineId: lineId, units: 1 }]),
      });
    },
  },
  'GET /api/order/:orderId/returns': {
    note: "the returns of A's delivered order",
    expect: OWNER_OR_ADMIN(200, 'returns.manage'),
    request: async (w) => get(`/api/order/${(await deliveredOrderA(w)).orderId}/returns`),
  },
  'GET /api/returns/:id/photos/:photoId': {
    note: "a photo of A's damage report",
    expect: OWNER_OR_ADMIN(200, 'returns.manage'),
    request: async (w) => get(await damagePhotoA(w)),
  },
  'GET /api/returns': {
    note: 'the returns queue',
    expect: ADMIN_ONLY(200, 'returns.manage'),
    request: () => get('/api/returns?status=open&page=1'),
  },
  'GET /api/returns/:id': {
    note: 'one return request',
    expect: ADMIN_ONLY(200, 'returns.manage'),
    request: async (w) => get(`/api/returns/${await returnRequestA(w, 'requested')}`),
  },
  'POST /api/returns/:id/approve': {
    note: 'approve a return request',
    expect: ADMIN_ONLY(200, 'returns.manage'),
    request: async (w) =>
      json('POST', `/api/returns/${await returnRequestA(w, 'requested')}/approve`, {}),
  },
  'POST /api/returns/:id/reject': {
    note: 'reject a return request with a reason',
    expect: ADMIN_ONLY(200, 'returns.manage'),
    request: async (w) =>
      json('POST', `/api/returns/${await returnRequestA(w, 'requested')}/reject`, {
        reason: 'The seal is broken.',
      }),
  },
  'POST /api/returns/:id/receive': {
    note: 'receive the returned units',
    expect: ADMIN_ONLY(200, 'returns.manage'),
    request: async (w) =>
      json('POST', `/api/returns/${await returnRequestA(w, 'approved')}/receive`, { lines: [] }),
  },
  'POST /api/returns/:id/refund': {
    note: 'refund a received return (cash on delivery: payout reference)',
    expect: ADMIN_ONLY(200, 'returns.manage'),
    request: async (w) =>
      json('POST', `/api/returns/${await returnRequestA(w, 'received')}/refund`, {
        payout: { channel: 'upi', reference: `UPI-${unique()}` },
      }),
  },
  'POST /api/returns/:id/replace': {
    note: 'record a replacement for a received damage report',
    expect: ADMIN_ONLY(200, 'returns.manage'),
    request: async (w) =>
      json('POST', `/api/returns/${await returnRequestA(w, 'received', 'damage')}/replace`, {}),
  },

  'GET /api/audit': {
    note: 'audit log, newest first',
    expect: ADMIN_ONLY(200, 'audit.view'),
    request: () => get('/api/audit?page=1&pageSize=5&action=stock.received'),
  },
  'GET /api/audit/verify': {
    note: 'audit chain check',
    expect: ADMIN_ONLY(200, 'audit.view'),
    request: () => get('/api/audit/verify'),
  },
  'GET /api/audit/health-access': {
    note: 'the health-data access log (issue 32 point 4), by customer',
    expect: ADMIN_ONLY(200, 'audit.view'),
    request: (w) => get(`/api/audit/health-access?customerId=${w.memberA.id}`),
  },

  'GET /api/division/all': {
    note: 'list',
    expect: EVERYONE,
    request: () => get('/api/division/all'),
  },
  'POST /api/division': {
    note: 'create',
    expect: ADMIN_ONLY(201, 'catalog.manage'),
    request: () => form('POST', '/api/division', { name: `Division ${unique()}` }, true),
  },
  'PATCH /api/division/:id': {
    note: 'rename',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: async (w) =>
      form('PATCH', `/api/division/${await freshEntry.division(w.db)}`, {
        name: `Division ${unique()}`,
      }),
  },
  'DELETE /api/division/:id': {
    note: 'delete unused',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/division/${await freshEntry.division(w.db)}`,
    }),
  },
  'GET /api/manufacturer/all': {
    note: 'list',
    expect: EVERYONE,
    request: () => get('/api/manufacturer/all'),
  },
  'POST /api/manufacturer': {
    note: 'create',
    expect: ADMIN_ONLY(201, 'catalog.manage'),
    request: () => json('POST', '/api/manufacturer', { name: `Maker ${unique()}` }),
  },
  'PATCH /api/manufacturer/:id': {
    note: 'rename',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: async (w) =>
      json('PATCH', `/api/manufacturer/${await freshEntry.manufacturer(w.db)}`, {
        name: `Maker ${unique()}`,
      }),
  },
  'DELETE /api/manufacturer/:id': {
    note: 'delete unused',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/manufacturer/${await freshEntry.manufacturer(w.db)}`,
    }),
  },
  'GET /api/saltComposition/all': {
    note: 'list',
    expect: EVERYONE,
    request: () => get('/api/saltComposition/all'),
  },
  'POST /api/saltComposition': {
    note: 'create',
    expect: ADMIN_ONLY(201, 'catalog.manage'),
    request: () => json('POST', '/api/saltComposition', { name: `Salt ${unique()}` }),
  },
  'PATCH /api/saltComposition/:id': {
    note: 'rename',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: async (w) =>
      json('PATCH', `/api/saltComposition/${await freshEntry.saltComposition(w.db)}`, {
        name: `Salt ${unique()}`,
      }),
  },
  'DELETE /api/saltComposition/:id': {
    note: 'delete unused',
    expect: ADMIN_ONLY(200, 'catalog.manage'),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/saltComposition/${await freshEntry.saltComposition(w.db)}`,
    }),
  },

  // Cart: personal, named by A's user id or A's line.
  'GET /api/cart/all/:userId': {
    note: "A's cart by A's user id",
    expect: OWNER_ONLY(200),
    request: (w) => get(`/api/cart/all/${w.memberA.id}`),
  },
  'POST /api/cart': {
    note: "adds to the caller's own cart",
    expect: SIGNED_IN,
    request: (w) => json('POST', '/api/cart', { productId: w.rxProductId, quantity: 1 }),
  },
  'POST /api/cart/merge': {
    note: "merges into the caller's own cart",
    expect: SIGNED_IN,
    request: (w) =>
      json('POST', '/api/cart/merge', { items: [{ productId: w.productId, count: 1 }] }),
  },
  'DELETE /api/cart/remove/:productId': {
    note: "a product in A's cart",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      // A product only A has in the cart: B and the admin have nothing of theirs to remove.
      const productId = await freshEntry.product(w);
      await putInCart(w.db, w.memberA.id, productId);
      return { method: 'DELETE', url: `/api/cart/remove/${productId}` };
    },
  },
  'DELETE /api/cart/count/:id': {
    note: "empties the cart of A's user id",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      await putInCart(w.db, w.memberA.id, w.productId);
      return { method: 'DELETE', url: `/api/cart/count/${w.memberA.id}` };
    },
  },
  'DELETE /api/cart/:cartItemId': {
    note: "A's cart line",
    expect: OWNER_ONLY(200),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/cart/${await putInCart(w.db, w.memberA.id, w.productId)}`,
    }),
  },

  // Orders: the owner's and the pharmacy's.
  'POST /api/order': {
    note: "places the caller's own cart",
    expect: [401, 201, 201, 201],
    request: async (w, actor) => {
      if (actor) await putInCart(w.db, actor.id, w.productId);
      return { method: 'POST', url: '/api/order' };
    },
  },
  'GET /api/order/all': {
    note: 'own orders (all for admin)',
    expect: SIGNED_IN,
    request: () => get('/api/order/all'),
  },
  'GET /api/order/getOrderDetail/:orderId': {
    note: "A's order",
    expect: OWNER_OR_ADMIN(200, 'orders.view'),
    request: (w) => get(`/api/order/getOrderDetail/${w.orderA}`),
  },
  'GET /api/order/:orderId/invoice.pdf': {
    note: "A's GST invoice (issue 18): the owner and the pharmacy download it",
    expect: OWNER_OR_ADMIN(200, 'money.view'),
    request: async (w) => get(`/api/order/${await invoicedOrderOfA(w)}/invoice.pdf`),
  },
  'GET /api/order/:orderId/credit-note.pdf': {
    note: "the credit note of A's cancelled invoiced order",
    expect: OWNER_OR_ADMIN(200, 'money.view'),
    request: async (w) => get(`/api/order/${await invoicedOrderOfA(w, true)}/credit-note.pdf`),
  },
  'POST /api/order/:orderId/buy-again': {
    note: "A's order back into the caller's own cart: the admin buys again only from their own",
    expect: OWNER_ONLY(200),
    request: (w) => ({ method: 'POST', url: `/api/order/${w.orderA}/buy-again` }),
  },
  // Self-service cancel and address change (issue 19): the owner's own; both may read it.
  'POST /api/order/:orderId/cancel': {
    note: "A cancels A's order waiting for payment; the admin cancels through PUT /api/order",
    expect: OWNER_ONLY(200),
    request: async (w) =>
      json('POST', `/api/order/${await orderAtPaymentOfA(w)}/cancel`, {
        reasonCode: 'changed_mind',
      }),
  },
  'PUT /api/order/:orderId/address': {
    note: "another address of A's book on A's order before packing",
    expect: OWNER_ONLY(200),
    request: async (w) =>
      json('PUT', `/api/order/${await orderAtPaymentOfA(w)}/address`, { addressId: w.addressA }),
  },
  'GET /api/order/:orderId/after-sales': {
    note: "A's order's cancellation, refunds and what A may still do",
    expect: OWNER_OR_ADMIN(200, 'orders.view'),
    request: (w) => get(`/api/order/${w.orderA}/after-sales`),
  },
  // Loyalty points (issue 19): the caller's own; the pharmacy may name a member.
  'GET /api/loyalty': [
    { note: "the caller's points", expect: SIGNED_IN, request: () => get('/api/loyalty') },
    {
      note: "A's points by userId: A and the pharmacy; another member gets 404",
      expect: OWNER_OR_ADMIN(200, 'customers.view'),
      request: (w) => get(`/api/loyalty?userId=${w.memberA.id}`),
    },
  ],
  // Refill reminders (issue 17): the customer's own, even for the pharmacy; the mail's
  // unsubscribe links need no sign-in (the signed token is the permission).
  'GET /api/refills': {
    note: "the caller's refill reminders",
    expect: SIGNED_IN,
    request: () => get('/api/refills'),
  },
  'GET /api/refills/order/:orderId': {
    note: "the medicine lines of A's order a reminder can be set for",
    expect: OWNER_ONLY(200),
    request: (w) => get(`/api/refills/order/${w.orderA}`),
  },
  'POST /api/refills': {
    note: "a reminder from a medicine line of A's order",
    expect: OWNER_ONLY(201),
    request: async (w) => {
      const productId = await freshEntry.product(w);
      const orderId = await insertOrder(w.db, w.memberA.id, {
        statusId: ORDER_STATUS.COLLECTING_ADDRESS,
        productId,
      });
      const [line] = await w.db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
      return json('POST', '/api/refills', { orderId, orderLineId: line?.id, intervalDays: 30 });
    },
  },
  'PATCH /api/refills/:id': {
    note: "A's refill reminder: pause",
    expect: OWNER_ONLY(200),
    request: async (w) => json('PATCH', `/api/refills/${await refillOfA(w)}`, { paused: true }),
  },
  'DELETE /api/refills/:id': {
    note: "A's refill reminder",
    expect: OWNER_ONLY(200),
    request: async (w) => ({ method: 'DELETE', url: `/api/refills/${await refillOfA(w)}` }),
  },
  'POST /api/refills/:id/add-to-cart': {
    note: "the reminder mail's link: A's reminder into the caller's own cart",
    expect: OWNER_ONLY(200),
    request: async (w) => ({
      method: 'POST',
      url: `/api/refills/${await refillOfA(w)}/add-to-cart`,
    }),
  },
  'POST /api/refills/unsubscribe': {
    note: "the mail's signed link pauses A's reminder, whoever sends it",
    expect: EVERYONE,
    request: async (w) =>
      json('POST', '/api/refills/unsubscribe', { token: await unsubscribeTokenOfA(w) }),
  },
  'POST /api/refills/unsubscribe/one-click': {
    note: "RFC 8058 one-click from A's mail client: the token is the permission",
    expect: EVERYONE,
    request: async (w) => ({
      method: 'POST',
      url: `/api/refills/unsubscribe/one-click?token=${await unsubscribeTokenOfA(w)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'PUT /api/order/:orderId': [
    {
      note: "confirm A's address on A's order",
      expect: ON_BEHALF(200, 'orders.cancel'),
      request: async (w) => {
        const orderId = await insertOrder(w.db, w.memberA.id, {
          statusId: ORDER_STATUS.COLLECTING_ADDRESS,
          productId: w.productId,
        });
        return json('PUT', `/api/order/${orderId}`, { addressId: w.addressA });
      },
    },
    {
      note: 'set a status: the pharmacy only',
      expect: PHARMACY(200, 'orders.cancel'),
      request: async (w) => {
        const orderId = await insertOrder(w.db, w.memberA.id, {
          statusId: ORDER_STATUS.COLLECTING_ADDRESS,
          productId: w.productId,
        });
        return json('PUT', `/api/order/${orderId}`, { statusId: ORDER_STATUS.CANCELLED });
      },
    },
    {
      note: 'set the delivery date: the pharmacy only',
      expect: PHARMACY(200, 'orders.fulfil'),
      request: async (w) => {
        const orderId = await insertOrder(w.db, w.memberA.id, {
          statusId: ORDER_STATUS.PACKING,
          productId: w.productId,
          addressId: w.addressA,
        });
        return json('PUT', `/api/order/${orderId}`, { expectedDeliveryDate: '2030-01-31' });
      },
    },
    {
      note: 'choose cash on delivery',
      expect: ON_BEHALF(200, 'orders.cancel'),
      request: async (w) => {
        const orderId = await insertOrder(w.db, w.memberA.id, {
          statusId: ORDER_STATUS.PAYMENT,
          productId: w.productId,
          addressId: w.addressA,
        });
        return json('PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
      },
    },
  ],
  'POST /api/order/uploadOrderPrescriptions/:orderId': {
    note: "A uploads for A's order; no one else can",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      const orderId = await insertOrder(w.db, w.memberA.id, {
        statusId: ORDER_STATUS.COLLECTING_PRESCRIPTION,
        productId: w.rxProductId,
        prescription: true,
        addressId: w.addressA,
      });
      return form('POST', `/api/order/uploadOrderPrescriptions/${orderId}`, {}, true);
    },
  },
  'GET /api/order/:orderId/prescriptions': {
    note: "A's prescriptions",
    expect: OWNER_OR_ADMIN(200, 'prescriptions.review'),
    request: (w) => get(`/api/order/${w.rxOrderA}/prescriptions`),
  },
  'POST /api/order/:orderId/prescription-review': {
    note: 'pharmacist review',
    expect: ADMIN_ONLY(200, 'prescriptions.review'),
    request: async (w) => {
      const orderId = await insertOrder(w.db, w.memberA.id, {
        statusId: ORDER_STATUS.WAITING_TO_ACCEPT,
        productId: w.rxProductId,
        prescription: true,
        addressId: w.addressA,
      });
      await insertPrescription(w.t, orderId, w.memberA.id);
      return json('POST', `/api/order/${orderId}/prescription-review`, {
        decision: 'approve',
        ...transcriptionFor([w.rxProductId]),
      });
    },
  },
  // Issue 31: patients and saved prescriptions are the member's own (404 to everyone else).
  'GET /api/patients': {
    note: 'own patients',
    expect: SIGNED_IN,
    request: () => get('/api/patients'),
  },
  'POST /api/patients': {
    note: 'added to the caller',
    expect: [401, 201, 201, 201],
    request: () => json('POST', '/api/patients', PATIENT_BODY),
  },
  'PUT /api/patients/:patientId': {
    note: "A's patient",
    expect: OWNER_ONLY(200),
    request: async (w) => json('PUT', `/api/patients/${await patientOfA(w)}`, PATIENT_BODY),
  },
  'DELETE /api/patients/:patientId': {
    note: "A's patient",
    expect: OWNER_ONLY(200),
    request: async (w) => ({ method: 'DELETE', url: `/api/patients/${await patientOfA(w)}` }),
  },
  'GET /api/prescriptions/saved': {
    note: 'own saved prescriptions',
    expect: SIGNED_IN,
    request: () => get('/api/prescriptions/saved'),
  },
  'GET /api/order/:orderId/saved-prescriptions': {
    note: "A's saved prescriptions that cover A's order",
    expect: OWNER_OR_ADMIN(200, 'prescriptions.review'),
    request: (w) => get(`/api/order/${w.rxOrderA}/saved-prescriptions`),
  },
  'POST /api/order/:orderId/use-saved-prescription': {
    note: "A's saved prescription for A's order",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      const orderId = await insertOrder(w.db, w.memberA.id, {
        statusId: ORDER_STATUS.COLLECTING_PRESCRIPTION,
        productId: w.rxProductId,
        prescription: true,
        addressId: w.addressA,
      });
      return json('POST', `/api/order/${orderId}/use-saved-prescription`, {
        prescriptionId: await savedPrescriptionOfA(w),
      });
    },
  },
  'GET /api/prescription-file/:fileId': {
    note: "A's prescription file",
    expect: OWNER_OR_ADMIN(200, 'prescriptions.review'),
    request: (w) => get(`/api/prescription-file/${w.prescriptionFileA}`),
  },

  // Payments: the owner pays.
  'POST /api/payment/create-intent/:orderId': {
    note: "card payment of A's order",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      const orderId = await insertOrder(w.db, w.memberA.id, {
        statusId: ORDER_STATUS.PAYMENT,
        productId: w.productId,
        addressId: w.addressA,
      });
      return { method: 'POST', url: `/api/payment/create-intent/${orderId}` };
    },
  },
  'POST /api/payment/save-payment-details/:orderId': {
    note: "records A's confirmed card payment",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      const orderId = await insertOrder(w.db, w.memberA.id, {
        statusId: ORDER_STATUS.PAYMENT,
        productId: w.productId,
        addressId: w.addressA,
      });
      const paymentId = await confirmedIntent(w, orderId);
      return json('POST', `/api/payment/save-payment-details/${orderId}`, { paymentId });
    },
  },
  'POST /api/payment/test/confirm': {
    note: "built-in test provider: the client secret is the capability, as with Stripe's",
    expect: SIGNED_IN,
    request: async (w) => {
      const orderId = await insertOrder(w.db, w.memberA.id, {
        statusId: ORDER_STATUS.PAYMENT,
        productId: w.productId,
        addressId: w.addressA,
      });
      const intent = await w.t.app.inject({
        method: 'POST',
        url: `/api/payment/create-intent/${orderId}`,
        headers: w.memberA.auth,
      });
      return json('POST', '/api/payment/test/confirm', {
        clientSecret: (intent.json() as { clientSecret: string }).clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
      });
    },
  },
  'POST /api/payment/webhook': {
    note: 'signature decides (none with the test provider)',
    expect: [400, 400, 400, 400],
    request: () => json('POST', '/api/payment/webhook', { type: 'payment_intent.succeeded' }),
  },
  'POST /api/payment/webhook/razorpay': {
    note: 'signature decides (this shop runs the test provider: refused); razorpay.test.ts and fuzz-razorpay.test.ts cover a Razorpay shop',
    expect: [401, 401, 401, 401],
    request: () =>
      json('POST', '/api/payment/webhook/razorpay', {
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_A', order_id: 'order_A', amount: 100 } } },
      }),
  },

  // Issue 19 coupons (admin) and discounts on the owner's order before payment.
  'GET /api/coupons': {
    note: 'coupon codes',
    expect: ADMIN_ONLY(200, 'coupons.manage'),
    request: () => get('/api/coupons?page=1'),
  },
  'POST /api/coupons': {
    note: 'create a coupon code',
    expect: ADMIN_ONLY(201, 'coupons.manage'),
    request: () => json('POST', '/api/coupons', couponFields()),
  },
  'GET /api/coupons/:id': {
    note: 'one coupon code',
    expect: ADMIN_ONLY(200, 'coupons.manage'),
    request: async (w) => get(`/api/coupons/${await couponRow(w)}`),
  },
  'PUT /api/coupons/:id': {
    note: 'edit or deactivate a coupon code',
    expect: ADMIN_ONLY(200, 'coupons.manage'),
    request: async (w) =>
      json('PUT', `/api/coupons/${await couponRow(w)}`, { ...couponFields(), isActive: false }),
  },
  'GET /api/order/:orderId/pricing': {
    note: "A's order's discounts and what may still be applied",
    expect: OWNER_OR_ADMIN(200, 'money.view'),
    request: async (w) => get(`/api/order/${await orderAtPaymentOfA(w)}/pricing`),
  },
  'POST /api/order/:orderId/coupon': {
    note: "a coupon on A's order waiting for payment",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      const orderId = await orderAtPaymentOfA(w);
      const couponId = await couponRow(w);
      const [coupon] = await w.db
        .select({ code: coupons.code })
        .from(coupons)
        .where(eq(coupons.id, couponId));
      return json('POST', `/api/order/${orderId}/coupon`, { code: coupon?.code ?? '' });
    },
  },
  'DELETE /api/order/:orderId/coupon': {
    note: "remove the coupon of A's order",
    expect: OWNER_ONLY(200),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/order/${await orderAtPaymentOfA(w)}/coupon`,
    }),
  },
  'PUT /api/order/:orderId/discounts': {
    note: "A's coupon and points set together on A's order waiting for payment",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      await w.db.insert(loyaltyLedger).values({
        userId: w.memberA.id,
        kind: 'earned',
        points: 5,
        expiresAt: new Date(Date.now() + 86_400_000 * 30),
      });
      return json('PUT', `/api/order/${await orderAtPaymentOfA(w)}/discounts`, {
        couponCode: null,
        points: 1,
      });
    },
  },
  'POST /api/order/:orderId/points': {
    note: "A's points on A's order waiting for payment",
    expect: OWNER_ONLY(200),
    request: async (w) => {
      await w.db.insert(loyaltyLedger).values({
        userId: w.memberA.id,
        kind: 'earned',
        points: 5,
        expiresAt: new Date(Date.now() + 86_400_000 * 30),
      });
      return json('POST', `/api/order/${await orderAtPaymentOfA(w)}/points`, { points: 1 });
    },
  },
  'DELETE /api/order/:orderId/points': {
    note: "give back the points of A's order",
    expect: OWNER_ONLY(200),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/order/${await orderAtPaymentOfA(w)}/points`,
    }),
  },

  // Issue 29: the delivery promise (public) and where the shop delivers (admin).
  'GET /api/delivery/estimate': {
    note: 'the promise for a pincode',
    expect: EVERYONE,
    request: () => get('/api/delivery/estimate?pincode=560001'),
  },
  'GET /api/delivery/areas': {
    note: 'delivery areas',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: () => get('/api/delivery/areas?page=1'),
  },
  'POST /api/delivery/areas': {
    note: 'add a delivery area',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: () =>
      json('POST', '/api/delivery/areas', {
        pincodeFrom: '560001',
        zone: 'Matrix',
        deliveryDays: 2,
      }),
  },
  'PUT /api/delivery/areas/:id': {
    note: 'change a delivery area',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: async (w) =>
      json('PUT', `/api/delivery/areas/${await deliveryAreaRow(w)}`, {
        pincodeFrom: '560002',
        zone: 'Matrix',
        deliveryDays: 3,
      }),
  },
  'DELETE /api/delivery/areas/:id': {
    note: 'remove a delivery area',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/delivery/areas/${await deliveryAreaRow(w)}`,
    }),
  },
  'GET /api/delivery/calendar': {
    note: 'the dispatch calendar',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: () => get('/api/delivery/calendar'),
  },
  'PUT /api/delivery/calendar': {
    note: 'save the dispatch calendar',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: () =>
      json('PUT', '/api/delivery/calendar', {
        workingDays: [1, 2, 3, 4, 5, 6],
        dispatchCutoff: '18:00',
        holidays: [],
      }),
  },
  'GET /api/couriers': {
    note: 'couriers',
    expect: ADMIN_ONLY(200, 'orders.fulfil'),
    request: () => get('/api/couriers'),
  },
  'POST /api/couriers': {
    note: 'add a courier',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: () =>
      json('POST', '/api/couriers', {
        name: `Matrix courier ${unique()}`,
        trackingUrlTemplate: 'https://track.example/{awb}',
      }),
  },
  'PUT /api/couriers/:id': {
    note: 'change a courier',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: async (w) =>
      json('PUT', `/api/couriers/${await courierRow(w)}`, {
        name: `Matrix courier ${unique()}`,
        trackingUrlTemplate: 'https://track.example/{awb}',
        isActive: true,
      }),
  },
  'GET /api/order/:orderId/shipments': {
    note: "A's parcels and their tracking",
    expect: OWNER_OR_ADMIN(200, 'orders.view'),
    request: async (w) => get(`/api/order/${(await packedOrderOfA(w)).orderId}/shipments`),
  },
  'POST /api/order/:orderId/shipments': {
    note: "dispatch a parcel of A's packed order",
    expect: ADMIN_ONLY(200, 'orders.fulfil'),
    request: async (w) =>
      json('POST', `/api/order/${(await packedOrderOfA(w)).orderId}/shipments`, {
        courierId: await courierRow(w),
        awb: `MX-${unique()}`.slice(0, 40),
      }),
  },
  'POST /api/order/:orderId/shipments/:shipmentId/events': {
    note: "a tracking event on A's parcel",
    expect: ADMIN_ONLY(200, 'orders.fulfil'),
    request: async (w) => {
      const { orderId, shipmentId } = await packedOrderOfA(w);
      return json('POST', `/api/order/${orderId}/shipments/${shipmentId}/events`, {
        kind: 'in_transit',
      });
    },
  },
  'GET /api/order/:orderId/packing-slip.pdf': {
    note: "the packing slip of A's order",
    expect: ADMIN_ONLY(200, 'orders.fulfil'),
    request: async (w) => get(`/api/order/${(await packedOrderOfA(w)).orderId}/packing-slip.pdf`),
  },
  'POST /api/delivery/webhook/courier': {
    note: 'signature decides (no COURIER_WEBHOOK_SECRET in this shop: refused); shipments.test.ts covers a signed one',
    expect: [401, 401, 401, 401],
    request: () =>
      json('POST', '/api/delivery/webhook/courier', {
        eventId: 'e1',
        courier: 'Matrix',
        awb: 'AWB-1',
        event: 'delivered',
        occurredAt: new Date().toISOString(),
      }),
  },
  'POST /api/delivery/areas/import/preview': {
    note: 'what a delivery areas CSV would change (writes nothing)',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: () => deliveryCsv('/api/delivery/areas/import/preview'),
  },
  'POST /api/delivery/areas/import': {
    note: 'import a delivery areas CSV',
    expect: ADMIN_ONLY(200, 'settings.manage'),
    request: () => deliveryCsv('/api/delivery/areas/import'),
  },

  // Issue 30: medicine information pages (public) and their drafts and review (admin).
  'GET /api/medicines': {
    note: 'salts with their medicine page',
    expect: EVERYONE,
    request: () => get('/api/medicines'),
  },
  'GET /api/medicines/:slug': {
    note: 'a medicine page',
    expect: EVERYONE,
    request: async (w) => get(`/api/medicines/${await medicineSlug(w)}`),
  },
  'GET /api/medicine-information': {
    note: 'salts with the state of their information',
    expect: ADMIN_ONLY(200, 'medicines.review'),
    request: () => get('/api/medicine-information'),
  },
  'GET /api/medicine-information/:slug': {
    note: "a salt's draft and published information",
    expect: ADMIN_ONLY(200, 'medicines.review'),
    request: async (w) => get(`/api/medicine-information/${await medicineSlug(w)}`),
  },
  'PUT /api/medicine-information/:slug/draft': {
    note: 'save medicine information as a draft',
    expect: ADMIN_ONLY(200, 'medicines.review'),
    request: async (w) =>
      json('PUT', `/api/medicine-information/${await medicineSlug(w)}/draft`, MEDICINE_CONTENT),
  },
  'POST /api/medicine-information/:slug/publish': {
    note: "a pharmacist's review publishes the draft",
    expect: ADMIN_ONLY(200, 'medicines.review'),
    request: async (w) =>
      json('POST', `/api/medicine-information/${await medicineSlug(w, true)}/publish`, {
        reviewerName: 'Matrix Pharmacist',
        registrationNumber: 'KA/PH/2020/00042',
      }),
  },
  // Issue 31: the drug interaction table (admin).
  'GET /api/drug-interactions': {
    note: 'the drug interaction table',
    expect: ADMIN_ONLY(200, 'interactions.manage'),
    request: () => get('/api/drug-interactions'),
  },
  'POST /api/drug-interactions': {
    note: 'add an interaction',
    expect: ADMIN_ONLY(201, 'interactions.manage'),
    request: () => json('POST', '/api/drug-interactions', interactionBody()),
  },
  'PUT /api/drug-interactions/:id': {
    note: 'edit an interaction',
    expect: ADMIN_ONLY(200, 'interactions.manage'),
    request: async (w) =>
      json('PUT', `/api/drug-interactions/${await interactionId(w)}`, interactionBody()),
  },
  'GET /api/drug-interactions.csv': {
    note: 'the drug interaction table as CSV',
    expect: ADMIN_ONLY(200, 'interactions.manage'),
    request: () => get('/api/drug-interactions.csv'),
  },
  'POST /api/drug-interactions/import/preview': {
    note: 'what an interactions CSV would change (writes nothing)',
    expect: ADMIN_ONLY(200, 'interactions.manage'),
    request: () => interactionCsv('/api/drug-interactions/import/preview'),
  },
  'POST /api/drug-interactions/import': {
    note: 'import an interactions CSV (a fresh pair each call)',
    expect: ADMIN_ONLY(200, 'interactions.manage'),
    request: () => interactionCsv('/api/drug-interactions/import'),
  },
  'DELETE /api/drug-interactions/:id': {
    note: 'delete an interaction',
    expect: ADMIN_ONLY(200, 'interactions.manage'),
    request: async (w) => ({
      method: 'DELETE',
      url: `/api/drug-interactions/${await interactionId(w)}`,
    }),
  },
};

/** Routes the app serves that the table does not classify. */
export function unclassifiedRoutes(routeTable: readonly RouteSummary[]): string[] {
  return apiRoutes(routeTable).filter((key) => !(key in MATRIX));
}

const cases = Object.entries(MATRIX).flatMap(([route, entry]) =>
  (Array.isArray(entry) ? entry : [entry]).map((each) => ({ route, ...each })),
);

describe(`authorization matrix (${testDriver})`, () => {
  let t: TestApp;
  let world: World;
  let watch: DbWatch;
  const cells = { run: 0, refused: 0 };
  beforeAll(async () => {
    // No background worker: its writes (a back-in-stock fan-out) would race the write counter.
    t = await buildTestApp({}, { jobs: { poll: false } });
    world = await createWorld(t);
    watch = await installDbWatch(t.database.db, t.config.dataDir);
  });
  afterAll(async () => {
    console.warn(
      `authorization matrix (${testDriver}): ${apiRoutes(t.app.routeTable).length} routes, ` +
        `${cases.length} cases, ${cells.run} role cells, ${cells.refused} refused`,
    );
    await t.close();
  });

  it('classifies every route the app serves, and only those', () => {
    expect(unclassifiedRoutes(t.app.routeTable)).toEqual([]);
    const served = new Set(apiRoutes(t.app.routeTable));
    expect(Object.keys(MATRIX).filter((key) => !served.has(key))).toEqual([]);
  });

  it('fails when a route is added without an entry (a test of the test)', async () => {
    const app = await buildApp(t.config, { database: t.database, logger: false });
    await app.register(
      async (api) => {
        api.get('/reports/export', { config: { access: 'reports.view' } }, async () => ({
          ok: true,
        }));
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(unclassifiedRoutes(app.routeTable)).toEqual(['GET /api/reports/export']);
    await app.close();
  });

  it('holds the same role table as the shared package', () => {
    for (const role of STAFF_ROLES)
      expect([...ROLE_PERMISSIONS[STAFF_ROLE_ID[role]]].sort(), role).toEqual(
        [...STAFF_PERMISSIONS[role]].sort(),
      );
    expect(ROLE_PERMISSIONS[ROLE.MEMBER]).toEqual([]);
    expect(Object.keys(ROLE_PERMISSIONS).map(Number).sort()).toEqual(
      [ROLE.MEMBER, ...STAFF_ROLES.map((role) => STAFF_ROLE_ID[role])].sort(),
    );
  });

  it.each(cases)('$route — $note', async ({ route, request, expect: expected }) => {
    const asked = ROLES;
    const answers: Partial<Record<Role, number>> = {};
    for (const role of asked) {
      const actor = userOf(world, role);
      const built = await request(world, actor);
      const writesBefore = await watch.writes();
      const filesBefore = watch.storedFiles();
      const response = await t.app.inject({
        method: built.method,
        url: built.url,
        payload: built.payload,
        headers: { ...built.headers, ...actor?.auth },
        remoteAddress: nextRemoteAddress(),
      });
      answers[role] = response.statusCode;
      cells.run += 1;
      if (response.statusCode >= 400) {
        cells.refused += 1;
        const body = errorResponseSchema.parse(response.json());
        expect(body.statusCode, `${role}: ${body.message}`).toBe(response.statusCode);
        // A signed-in person's 401 asks them to sign in; a webhook's 401 says its signature failed.
        if (response.statusCode === 401)
          expect(body.message).toBe(
            route.includes('/webhook/courier')
              ? 'Webhook refused: no courier webhook is configured.'
              : route.includes('/webhook/')
                ? 'Webhook refused: this shop does not take payments through Razorpay.'
                : MESSAGES.pleaseLogin,
          );
        expect(await watch.writes(), `${role} was refused but wrote`).toBe(writesBefore);
        expect(watch.storedFiles(), `${role} was refused but stored a file`).toBe(filesBefore);
      }
    }
    expect(answers).toEqual(
      Object.fromEntries(asked.map((role) => [role, expectedOf(expected, role)])),
    );
  });
});
