import { and, eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import {
  CATALOG_CSV_COLUMNS,
  ORDER_STATUS,
  addDays,
  addressInputSchema,
  auditListQuerySchema,
  cardErrorResponseSchema,
  cartChangeSchema,
  cartMergeSchema,
  catalogImportQuerySchema,
  catalogImportRefusedSchema,
  catalogListQuerySchema,
  catalogNameSchema,
  changePasswordSchema,
  contactSchema,
  contactMessageListQuerySchema,
  forgotPasswordSchema,
  goodsReceiptSchema,
  jobListQuerySchema,
  mailPreferencesSchema,
  ledgerQuerySchema,
  loginSchema,
  lowStockQuerySchema,
  h1RegisterQuerySchema,
  nearExpiryQuerySchema,
  ordersExportQuerySchema,
  newsletterSchema,
  orderListQuerySchema,
  orderUpdateSchema,
  prescriptionReviewSchema,
  productCreateSchema,
  productFormSchema,
  productListQuerySchema,
  profileUpdateSchema,
  recallSchema,
  refillCreateSchema,
  refillOneClickQuerySchema,
  refillUnsubscribeSchema,
  refillUpdateSchema,
  reorderLevelSchema,
  resetPasswordSchema,
  returnQueueQuerySchema,
  returnReceiveSchema,
  returnRefundSchema,
  returnRejectSchema,
  savePaymentSchema,
  signupSchema,
  stockAdjustmentSchema,
  testCardConfirmSchema,
  topSellingQuerySchema,
  userListQuerySchema,
  utcDay,
  writeOffSchema,
  type OrderStatusId,
  courierInputSchema,
  courierWebhookSchema,
  deliveryAreaInputSchema,
  shipmentEventInputSchema,
  shipmentInputSchema,
  deliveryAreaListQuerySchema,
  deliveryCalendarSchema,
  deliveryEstimateQuerySchema,
  medicineAdminListQuerySchema,
  medicineContentSchema,
  medicineListQuerySchema,
  medicineReviewInputSchema,
  drugInteractionInputSchema,
  drugInteractionListQuerySchema,
  patientInputSchema,
  useSavedPrescriptionSchema,
} from '@pharmacy/shared';
import {
  contactMessages,
  orderCancellations,
  orders,
  prescriptions,
  couriers,
  deliveryAreas,
  medicineMonographs,
  drugInteractions,
  patients,
  saltCompositions,
  shipments,
  refillReminders,
} from '../../../src/db/schema/index';
import {
  createDivision,
  createManufacturer,
  createProduct,
  createSalt,
} from '../../catalog-factories';
import type { TestApp } from '../../helpers';
import {
  fuzzFile,
  jsonBody,
  multipartBody,
  type FuzzBody,
  type FuzzTarget,
  type FuzzWorld,
} from './fuzz';
import {
  HOSTILE_STRINGS,
  arbitraryFromJsonSchema,
  hostileQueryArbitrary,
  jsonSchemaOf,
  type Json,
} from './schema-arbitrary';
import { AFTER_SALES_TARGETS } from './fuzz-after-sales-targets';
import { PRIVACY_TARGETS } from './fuzz-privacy-targets';
import { STAFF_TARGETS } from './fuzz-staff-targets';
import { batchOf, createWorld, freshEntry, insertOrder, putInCart } from './world';

/**
 * Every API route with an input, and how to fuzz it (issue 7). Every route gets FUZZ_RUNS
 * requests (routes whose only input is a path parameter FUZZ_PARAM_RUNS, by default the same).
 * Routes with no input at all are listed in NOTHING_TO_FUZZ; a route in neither list fails the
 * coverage test. Within a group, routes that delete run last so the others keep their fixtures.
 */
export const NOTHING_TO_FUZZ = [
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/health/live',
  'GET /api/settings',
  'GET /api/user/myProfile',
  'GET /api/user/getAllAddress',
  'GET /api/auth/google',
  'GET /api/schedules',
  'GET /api/audit/verify',
  'GET /api/stock-alerts',
  'GET /api/user/mail-preferences',
  'GET /api/refills',
  'GET /api/dashboard',
  'GET /api/catalog/products.csv',
  'GET /api/delivery/calendar',
  'GET /api/couriers',
  'GET /api/drug-interactions.csv',
  'GET /api/patients',
  'GET /api/prescriptions/saved',
  'GET /api/staff',
  // Issue 32: the customer's own data and consents, and signing out elsewhere (no input).
  'GET /api/user/my-data',
  'GET /api/user/consents',
  'POST /api/user/sign-out-everywhere',
] as const;

const sameConfirmation =
  (from: string, to: string) =>
  (value: { [key: string]: Json }): { [key: string]: Json } => ({
    ...value,
    [to]: value[from] ?? '',
  });

/** The Google callback's query, as declared in auth.routes.ts. */
const googleCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

const image = fc.array(fuzzFile(['image', 'images']), { maxLength: 3 });

const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
/**
 * A catalogue CSV (issue 18 point 4): hostile or random cells under the real header, or any text
 * at all, as the body or as the `file` of a multipart form.
 */
const catalogueCsvText = fc.oneof(
  fc
    .array(
      fc.array(fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 12 })), {
        minLength: 1,
        maxLength: Object.keys(CATALOG_CSV_COLUMNS).length + 1,
      }),
      { maxLength: 4 },
    )
    .map((rows) =>
      [Object.values(CATALOG_CSV_COLUMNS), ...rows]
        .map((cells) => cells.map(csvCell).join(','))
        .join('\r\n'),
    ),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('\uFEFF', '"', 'ID\n"unclosed', ''),
);
const catalogueCsvBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  catalogueCsvText.map((text): FuzzBody => ({ kind: 'raw', text, contentType: 'text/csv' })),
  fc.tuple(catalogueCsvText, fc.constantFrom('file', 'image')).map(([text, field]): FuzzBody => ({
    kind: 'multipart',
    fields: {},
    files: [{ field, name: 'catalogue.csv', type: 'text/csv', content: Buffer.from(text) }],
  })),
);

/** Delivery areas' CSVs: a valid header with hostile rows, hostile headers, broken quoting. */
const deliveryCsvCell = fc.oneof(
  fc.constantFrom('560001', '999999', '000000', '5600011', 'yes', 'no', '14:00', '99:99', '-1', ''),
  fc.string({ maxLength: 12 }),
);
const deliveryCsvText = fc.oneof(
  fc
    .array(fc.array(deliveryCsvCell, { minLength: 1, maxLength: 9 }), { maxLength: 6 })
    .map(
      (rows) =>
        `pincode_from,pincode_to,zone,delivery_days,cash_on_delivery,same_day,same_day_cutoff,serviceable\n${rows
          .map((cells) => cells.map(csvCell).join(','))
          .join('\n')}`,
    ),
  fc.string({ maxLength: 80 }),
  fc.constantFrom('\uFEFF', '"', 'pincode_from\n"unclosed', ''),
);
const deliveryCsvBody: fc.Arbitrary<FuzzBody> = deliveryCsvText.map((text): FuzzBody => ({
  kind: 'raw',
  text,
  contentType: 'text/csv',
}));

/** Interaction CSVs (issue 31): the real header with hostile cells, hostile headers, broken quoting. */
const interactionCsvCell = fc.oneof(
  fc.constantFrom('Aspirin', 'aspirin ', 'MAJOR', 'unknown', 'minor', '=cmd()', '', '"'),
  fc.string({ maxLength: 12 }),
);
const interactionCsvText = fc.oneof(
  fc
    .array(fc.array(interactionCsvCell, { minLength: 1, maxLength: 7 }), { maxLength: 6 })
    .map(
      (rows) =>
        `ingredient_a,ingredient_b,severity,effect,advice,source\n${rows
          .map((cells) => cells.map(csvCell).join(','))
          .join('\n')}`,
    ),
  fc.string({ maxLength: 80 }),
  fc.constantFrom('\uFEFF', '"', 'ingredient_a\n"unclosed', '', 'Drug_A,Drug_B,Level\nA,B,Major'),
);
const interactionCsvBody: fc.Arbitrary<FuzzBody> = interactionCsvText.map((text): FuzzBody => ({
  kind: 'raw',
  text,
  contentType: 'text/csv',
}));

/** Prices and catalogue ids that pass, so the rest of a generated product reaches the database. */
const productFields =
  (w: FuzzWorld) =>
  (fields: Record<string, string | string[]>): Record<string, string | string[]> => {
    // An edit carries no quantity: stock changes go through the batches (issue 15).
    const { quantity: _quantity, ...rest } = fields;
    return {
      ...rest,
      maximumRetailPrice: '120',
      offerPrice: '99.50',
      divisionId: String(w.basics.divisionId),
      manufacturerId: String(w.basics.manufacturerId),
      saltCompositionId: String(w.basics.saltCompositionId),
    };
  };
/** A new product's form: the same, with opening stock that arrives as a first batch. */
const newProductFields =
  (w: FuzzWorld) =>
  (fields: Record<string, string | string[]>): Record<string, string | string[]> => ({
    ...productFields(w)(fields),
    quantity: '10',
    batchNumber: `FZ-${String(fields.name ?? '').length}`,
    expiryDate: addDays(utcDay(), 400),
  });

/** Expiry dates a receipt may carry: today, short-dated, the first sellable days, years away. */
const RECEIPT_EXPIRY_DAYS = [0, 1, 10, 29, 30, 31, 90, 400, 3650];
/** Fields a client might slip into a stock change to set units, a recall or the ledger row. */
const STOCK_FIELDS: Record<string, Json> = {
  onHand: 999_999,
  receivedUnits: 0,
  recalledAt: '2020-01-01T00:00:00Z',
  recallReason: 'x',
  batchId: 1,
  kind: 'sale',
  orderId: 1,
  requestKey: 'x',
  createdAt: '2000-01-01T00:00:00Z',
};
/**
 * A receipt the service can act on part of the time: the fuzzers' product, an expiry date
 * that passes (or is short-dated), and batch numbers that repeat (a second delivery of a batch
 * adds to it; one with another expiry date is refused). Chosen from the generated value itself,
 * so a failing run replays.
 */
const coherentReceipt =
  (w: FuzzWorld) =>
  (value: { [key: string]: Json }): { [key: string]: Json } => {
    const seed = JSON.stringify(value).length;
    return {
      ...value,
      productId: w.stockProductId,
      expiryDate: addDays(
        utcDay(),
        RECEIPT_EXPIRY_DAYS[seed % RECEIPT_EXPIRY_DAYS.length] as number,
      ),
      ...(seed % 3 === 0 ? { batchNumber: `FZ-${seed % 4}` } : {}),
    };
  };
/** Idempotency keys (receipts and adjustments): fresh ones, hostile ones, one sent every time. */
const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, 'k');
const idempotencyKey = fc.record(
  {
    'idempotency-key': fc.oneof(
      { weight: 4, arbitrary: fc.string({ minLength: 8, maxLength: 100 }).map(printable) },
      { weight: 1, arbitrary: fc.string({ maxLength: 120 }).map(printable) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...HOSTILE_STRINGS.map((s) => s.replace(/[^\x20-\x7e]/g, ''))),
      },
      { weight: 1, arbitrary: fc.constant('same-stock-key-every-time') },
    ),
  },
  { requiredKeys: [] },
);

/** Order updates that mean something for the order's current state, beside generated ones. */
const meaningfulOrderUpdates = (w: FuzzWorld) =>
  fc
    .constantFrom<Json>(
      { addressId: w.addressA },
      { addressId: w.addressB },
      { payment: 'Cash on Delivery' },
      { payment: 'Card' },
      { expectedDeliveryDate: '2030-02-28' },
      { expectedDeliveryDate: '0000-01-01' },
      { statusId: ORDER_STATUS.CANCELLED, note: 'fuzz' },
      { statusId: ORDER_STATUS.DELIVERED },
      { statusId: ORDER_STATUS.PACKING, addressId: w.addressA },
    )
    .map((value): FuzzBody => ({ kind: 'json', value }));

/**
 * Puts the order back in a state as if it had reached it: an order the fuzzer cancelled before
 * loses its cancellation record too (a real order never leaves Cancelled, so it never has one
 * while in another state, and a second cancellation would collide with the first's row).
 */
async function setOrderStatus(w: FuzzWorld, orderId: number, statusId: OrderStatusId) {
  await w.db.update(orders).set({ statusId }).where(eq(orders.id, orderId));
  if (statusId !== ORDER_STATUS.CANCELLED)
    await w.db.delete(orderCancellations).where(eq(orderCancellations.orderId, orderId));
}
const ORDER_PUT_STATES: readonly OrderStatusId[] = [
  ORDER_STATUS.COLLECTING_ADDRESS,
  ORDER_STATUS.PAYMENT,
  ORDER_STATUS.COLLECTING_PRESCRIPTION,
  ORDER_STATUS.NEW,
  ORDER_STATUS.PACKING,
  ORDER_STATUS.DISPATCHED,
  ORDER_STATUS.DELIVERED,
  ORDER_STATUS.CANCELLED,
];

const stripeSignature = fc.record({
  'stripe-signature': fc.oneof(
    fc.constantFrom('', 't=1,v1=abc', 't=9999999999,v1=' + 'a'.repeat(64), 'v0=x'),
    fc.string({ maxLength: 100 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  ),
});

export const razorpaySignature = fc.record({
  'x-razorpay-signature': fc.oneof(
    fc.constantFrom('', 'a'.repeat(64), 'not-hex', '0'.repeat(63)),
    fc.string({ maxLength: 100 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  ),
  'x-razorpay-event-id': fc.string({ maxLength: 120 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
});

export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  // Public: site forms, sign-in, catalogue listings, the payment webhook.
  {
    route: 'POST /api/site/newsletter',
    group: 'forms',
    actors: ['anonymous'],
    body: () => jsonBody(newsletterSchema, { validWeight: 2 }),
  },
  {
    route: 'POST /api/site/contact',
    group: 'forms',
    actors: ['anonymous'],
    body: () => jsonBody(contactSchema, { validWeight: 2 }),
  },
  {
    route: 'POST /api/auth/login',
    group: 'forms',
    actors: ['anonymous'],
    // Each well-formed login costs an argon2 verification; most requests stay malformed.
    body: () => jsonBody(loginSchema, { validWeight: 1 }),
  },
  {
    route: 'POST /api/auth/signup',
    group: 'forms',
    actors: ['anonymous'],
    body: () =>
      jsonBody(signupSchema, {
        validWeight: 1,
        coherent: sameConfirmation('password', 'confirmPassword'),
      }),
  },
  {
    route: 'POST /api/auth/forgot-password',
    group: 'forms',
    actors: ['anonymous'],
    body: () => jsonBody(forgotPasswordSchema),
  },
  {
    route: 'POST /api/auth/reset-password',
    group: 'forms',
    actors: ['anonymous'],
    body: () =>
      jsonBody(resetPasswordSchema, {
        coherent: sameConfirmation('newPassword', 'confirmPassword'),
      }),
  },
  {
    route: 'GET /api/auth/google/callback',
    group: 'forms',
    actors: ['anonymous'],
    query: hostileQueryArbitrary(googleCallbackQuery),
  },
  {
    route: 'GET /api/product/all',
    group: 'catalogue',
    actors: ['anonymous', 'admin'],
    query: hostileQueryArbitrary(productListQuerySchema),
  },
  {
    route: 'GET /api/product/top-selling',
    group: 'catalogue',
    actors: ['anonymous'],
    query: hostileQueryArbitrary(topSellingQuerySchema),
  },
  ...(['division', 'manufacturer', 'saltComposition'] as const).map((kind): FuzzTarget => ({
    route: `GET /api/${kind}/all`,
    group: 'catalogue',
    actors: ['anonymous'],
    query: hostileQueryArbitrary(catalogListQuerySchema),
  })),
  {
    route: 'POST /api/payment/webhook',
    group: 'forms',
    actors: ['anonymous'],
    body: () =>
      fc.oneof(
        fc.jsonValue().map((value): FuzzBody => ({ kind: 'json', value: value as Json })),
        fc.constant<FuzzBody>({
          kind: 'json',
          value: {
            id: 'evt_1',
            type: 'payment_intent.succeeded',
            data: { object: { id: 'pi_1' } },
          },
        }),
        fc
          .string({ unit: 'binary', maxLength: 500 })
          .map((text): FuzzBody => ({ kind: 'raw', text, contentType: 'application/json' })),
      ),
    headers: stripeSignature,
  },
  {
    // This shop runs the test provider: every Razorpay webhook is refused (401), never a 500.
    // fuzz-razorpay.test.ts fuzzes it on a shop that takes Razorpay.
    route: 'POST /api/payment/webhook/razorpay',
    group: 'forms',
    actors: ['anonymous'],
    body: () =>
      fc.oneof(
        fc.jsonValue().map((value): FuzzBody => ({ kind: 'json', value: value as Json })),
        fc
          .string({ unit: 'binary', maxLength: 500 })
          .map((text): FuzzBody => ({ kind: 'raw', text, contentType: 'application/json' })),
      ),
    headers: razorpaySignature,
  },
  {
    route: 'GET /api/product/:id',
    group: 'catalogue',
    actors: ['anonymous', 'admin'],
    path: (w) => `/api/product/${w.productId}`,
  },
  {
    route: 'GET /api/product/:id/substitutes',
    group: 'catalogue',
    actors: ['anonymous'],
    path: (w) => `/api/product/${w.productId}/substitutes`,
  },

  // A member's account, addresses and cart.
  {
    route: 'PUT /api/user/updateMyProfile',
    group: 'account',
    actors: ['memberA'],
    body: () => jsonBody(profileUpdateSchema),
  },
  {
    route: 'PATCH /api/user/changePassword',
    group: 'account',
    actors: ['memberA'],
    body: () =>
      jsonBody(changePasswordSchema, {
        validWeight: 1,
        coherent: sameConfirmation('newPassword', 'confirmPassword'),
      }),
  },
  {
    route: 'POST /api/user/saveAddress',
    group: 'account',
    actors: ['memberA'],
    body: () => jsonBody(addressInputSchema),
  },
  {
    route: 'PATCH /api/user/updateAddress/:addressId',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/user/updateAddress/${w.addressA}`,
    body: () => jsonBody(addressInputSchema),
  },
  // Issue 31: the member's patients (DELETE archives; a fresh one is made before each).
  {
    route: 'POST /api/patients',
    group: 'account',
    actors: ['memberA'],
    body: () => jsonBody(patientInputSchema, { validWeight: 2 }),
    // At most 20 per account: the ones added before are archived so valid bodies still pass.
    prepare: (w) => archivePatientsOfA(w),
  },
  {
    route: 'PUT /api/patients/:patientId',
    group: 'account',
    actors: ['memberA'],
    path: () => `/api/patients/${patientOfA.id}`,
    body: () => jsonBody(patientInputSchema, { validWeight: 2 }),
    prepare: (w) => ensurePatientOfA(w),
  },
  {
    route: 'DELETE /api/patients/:patientId',
    group: 'account',
    actors: ['memberA'],
    path: () => `/api/patients/${patientOfA.id}`,
    prepare: (w) => ensurePatientOfA(w, true),
  },
  {
    route: 'GET /api/user/getAddressById/:id',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/user/getAddressById/${w.addressA}`,
  },
  {
    route: 'POST /api/cart',
    group: 'account',
    actors: ['memberA'],
    body: () => jsonBody(cartChangeSchema),
  },
  {
    route: 'POST /api/cart/merge',
    group: 'account',
    actors: ['memberA'],
    body: () => jsonBody(cartMergeSchema),
  },
  {
    route: 'GET /api/cart/all/:userId',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/cart/all/${w.memberA.id}`,
  },
  {
    route: 'POST /api/product/:id/notify',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/product/${w.productId}/notify`,
  },
  {
    route: 'GET /api/product/:id/notify',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/product/${w.productId}/notify`,
  },
  {
    route: 'DELETE /api/stock-alerts/:productId',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/stock-alerts/${w.productId}`,
  },
  {
    route: 'PUT /api/user/mail-preferences',
    group: 'account',
    actors: ['memberA'],
    body: () => jsonBody(mailPreferencesSchema),
  },
  {
    route: 'DELETE /api/cart/remove/:productId',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/cart/remove/${w.productId}`,
    prepare: async (w, _run, previous) => {
      if (previous === undefined || previous < 300)
        await putInCart(w.db, w.memberA.id, w.productId);
    },
  },
  {
    route: 'DELETE /api/cart/:cartItemId',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/cart/${w.cartLineA}`,
  },
  {
    route: 'DELETE /api/cart/count/:id',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/cart/count/${w.memberA.id}`,
  },
  {
    route: 'DELETE /api/user/deleteAddress/:id',
    group: 'account',
    actors: ['memberA'],
    path: (w) => `/api/user/deleteAddress/${w.addressA}`,
  },

  // Refill reminders (issue 17): A's own; the unsubscribe links are public (forms group).
  {
    route: 'POST /api/refills',
    group: 'account',
    actors: ['memberA', 'admin'],
    body: () => jsonBody(refillCreateSchema, { validWeight: 2 }),
  },
  {
    route: 'PATCH /api/refills/:id',
    group: 'account',
    actors: ['memberA'],
    path: () => `/api/refills/${refillOfA}`,
    body: () => jsonBody(refillUpdateSchema, { validWeight: 2 }),
    prepare: (w) => ensureRefillOfA(w),
  },
  {
    route: 'POST /api/refills/:id/add-to-cart',
    group: 'account',
    actors: ['memberA'],
    path: () => `/api/refills/${refillOfA}/add-to-cart`,
    prepare: (w) => ensureRefillOfA(w),
  },
  {
    route: 'DELETE /api/refills/:id',
    group: 'account',
    actors: ['memberA'],
    path: () => `/api/refills/${refillOfA}`,
    prepare: (w) => ensureRefillOfA(w),
  },
  {
    route: 'POST /api/refills/unsubscribe',
    group: 'forms',
    actors: ['anonymous'],
    body: () => jsonBody(refillUnsubscribeSchema, { validWeight: 2 }),
  },
  {
    route: 'POST /api/refills/unsubscribe/one-click',
    group: 'forms',
    actors: ['anonymous'],
    query: hostileQueryArbitrary(refillOneClickQuerySchema),
    body: () =>
      fc.constantFrom<FuzzBody>(
        {
          kind: 'raw',
          text: 'List-Unsubscribe=One-Click',
          contentType: 'application/x-www-form-urlencoded',
        },
        { kind: 'raw', text: '', contentType: 'application/x-www-form-urlencoded' },
        { kind: 'raw', text: 'x'.repeat(5000), contentType: 'application/x-www-form-urlencoded' },
      ),
  },

  // Orders, prescriptions and payments.
  {
    route: 'POST /api/order',
    group: 'orders',
    actors: ['memberA'],
    headers: fc.record(
      {
        'idempotency-key': fc.oneof(
          fc.string({ minLength: 8, maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, 'k')),
          fc.constantFrom(...HOSTILE_STRINGS.map((s) => s.replace(/[^\x20-\x7e]/g, ''))),
          fc.constant('same-key-every-time'),
        ),
      },
      { requiredKeys: [] },
    ),
    prepare: async (w, run) => {
      if (run % 3 === 0) await putInCart(w.db, w.memberA.id, w.productId);
    },
  },
  {
    route: 'GET /api/order/all',
    group: 'orders',
    actors: ['memberA', 'admin'],
    query: hostileQueryArbitrary(orderListQuerySchema),
  },
  {
    route: 'PUT /api/order/:orderId',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: (w) => `/api/order/${w.orderA}`,
    body: (w) =>
      fc.oneof(
        { weight: 3, arbitrary: jsonBody(orderUpdateSchema) },
        { weight: 1, arbitrary: meaningfulOrderUpdates(w) },
      ),
    prepare: (w, run) =>
      setOrderStatus(w, w.orderA, ORDER_PUT_STATES[run % ORDER_PUT_STATES.length] as OrderStatusId),
  },
  {
    route: 'POST /api/order/uploadOrderPrescriptions/:orderId',
    storesFiles: true,
    group: 'uploads',
    actors: ['memberA'],
    path: (w) => `/api/order/uploadOrderPrescriptions/${w.rxOrderA}`,
    body: () => multipartBody(undefined, fc.array(fuzzFile(['image']), { maxLength: 6 })),
    prepare: async (w, _run, previous) => {
      if (previous === undefined || previous < 300)
        await setOrderStatus(w, w.rxOrderA, ORDER_STATUS.COLLECTING_PRESCRIPTION);
    },
  },
  {
    route: 'POST /api/payment/test/confirm',
    group: 'orders',
    actors: ['memberA'],
    body: (w) =>
      fc.oneof(
        jsonBody(testCardConfirmSchema),
        jsonBody(testCardConfirmSchema.extend({ clientSecret: z.literal(w.clientSecret) })),
        fc.constantFrom<FuzzBody>(
          ...['4242 4242 4242 4242', '4000000000000002', '4000000000009995'].map(
            (cardNumber): FuzzBody => ({
              kind: 'json',
              value: { clientSecret: w.clientSecret, cardNumber, expiry: '12/40', cvc: '123' },
            }),
          ),
        ),
      ),
    otherShapes: { 402: cardErrorResponseSchema },
  },
  {
    route: 'POST /api/payment/save-payment-details/:orderId',
    group: 'orders',
    actors: ['memberA'],
    path: (w) => `/api/payment/save-payment-details/${w.payOrderA}`,
    body: (w) =>
      fc.oneof(
        jsonBody(savePaymentSchema),
        fc.constant<FuzzBody>({ kind: 'json', value: { paymentId: w.intentId } }),
      ),
    prepare: async (w, _run, previous) => {
      if (previous === undefined || previous < 300)
        await setOrderStatus(w, w.payOrderA, ORDER_STATUS.PAYMENT);
    },
  },
  {
    route: 'GET /api/order/getOrderDetail/:orderId',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: (w) => `/api/order/getOrderDetail/${w.orderA}`,
  },
  {
    // The order the save-payment target pays: invoiced once a run has paid it (issue 18).
    route: 'GET /api/order/:orderId/invoice.pdf',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: (w) => `/api/order/${w.payOrderA}/invoice.pdf`,
  },
  {
    route: 'GET /api/order/:orderId/credit-note.pdf',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: (w) => `/api/order/${w.payOrderA}/credit-note.pdf`,
  },
  {
    route: 'GET /api/refills/order/:orderId',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: (w) => `/api/refills/order/${w.orderA}`,
  },
  {
    route: 'POST /api/order/:orderId/buy-again',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: (w) => `/api/order/${w.orderA}/buy-again`,
  },
  {
    route: 'GET /api/order/:orderId/prescriptions',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: (w) => `/api/order/${w.rxOrderA}/prescriptions`,
  },
  // Issue 31: saved prescriptions (rxOrderA is past Collecting Prescription: refused with 409).
  {
    route: 'GET /api/order/:orderId/saved-prescriptions',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: (w) => `/api/order/${w.rxOrderA}/saved-prescriptions`,
  },
  {
    route: 'POST /api/order/:orderId/use-saved-prescription',
    group: 'orders',
    actors: ['memberA'],
    path: (w) => `/api/order/${w.rxOrderA}/use-saved-prescription`,
    body: () => jsonBody(useSavedPrescriptionSchema),
  },
  {
    route: 'GET /api/prescription-file/:fileId',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: (w) => `/api/prescription-file/${w.prescriptionFileA}`,
  },
  {
    route: 'POST /api/payment/create-intent/:orderId',
    group: 'orders',
    actors: ['memberA'],
    path: (w) => `/api/payment/create-intent/${w.payOrderA}`,
  },

  // The pharmacy's own routes.
  {
    route: 'GET /api/user/getAllUser',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(userListQuerySchema),
  },
  {
    route: 'GET /api/audit',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(auditListQuerySchema),
  },
  {
    route: 'GET /api/jobs',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(jobListQuerySchema),
  },
  {
    route: 'GET /api/reports/orders.csv',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(ordersExportQuerySchema),
  },
  {
    route: 'POST /api/catalog/import/preview',
    group: 'admin',
    actors: ['admin'],
    body: () => catalogueCsvBody,
  },
  {
    route: 'POST /api/catalog/import',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(catalogImportQuerySchema),
    body: () => catalogueCsvBody,
    otherShapes: { 400: z.union([catalogImportRefusedSchema, z.object({ message: z.string() })]) },
  },
  {
    route: 'GET /api/contact-messages',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(contactMessageListQuerySchema),
  },
  {
    route: 'POST /api/contact-messages/:id/handled',
    group: 'admin',
    actors: ['admin'],
    path: (w) => `/api/contact-messages/${w.contactMessageId}/handled`,
  },
  {
    route: 'POST /api/contact-messages/:id/reopen',
    group: 'admin',
    actors: ['admin'],
    path: (w) => `/api/contact-messages/${w.contactMessageId}/reopen`,
  },
  // Issue 19 returns: hostile queries and bodies; a request that does not exist answers 404.
  {
    route: 'GET /api/returns',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(returnQueueQuerySchema),
  },
  {
    route: 'POST /api/returns/:id/reject',
    group: 'admin',
    actors: ['admin'],
    path: () => '/api/returns/999999999/reject',
    body: () => jsonBody(returnRejectSchema),
  },
  {
    route: 'POST /api/returns/:id/receive',
    group: 'admin',
    actors: ['admin'],
    path: () => '/api/returns/999999999/receive',
    body: () => jsonBody(returnReceiveSchema),
  },
  {
    route: 'POST /api/returns/:id/refund',
    group: 'admin',
    actors: ['admin'],
    path: () => '/api/returns/999999999/refund',
    body: () => jsonBody(returnRefundSchema),
  },
  {
    route: 'POST /api/jobs/:queue/:id/retry',
    group: 'admin',
    actors: ['admin'],
    path: () => '/api/jobs/send-mail/00000000-0000-4000-8000-000000000000/retry',
  },
  {
    route: 'POST /api/product',
    storesFiles: true,
    group: 'uploads',
    actors: ['admin'],
    body: (w) => multipartBody(productCreateSchema, image, { coherent: newProductFields(w) }),
  },
  {
    route: 'PATCH /api/product/:id',
    storesFiles: true,
    group: 'uploads',
    actors: ['admin'],
    path: (w) => `/api/product/${w.editProductId}`,
    body: (w) => multipartBody(productFormSchema, image, { coherent: productFields(w) }),
  },
  {
    route: 'POST /api/division',
    storesFiles: true,
    group: 'uploads',
    actors: ['admin'],
    body: () => multipartBody(catalogNameSchema, fc.array(fuzzFile(['image']), { maxLength: 2 })),
  },
  {
    route: 'PATCH /api/division/:id',
    storesFiles: true,
    group: 'uploads',
    actors: ['admin'],
    path: (w) => `/api/division/${w.editDivisionId}`,
    body: () => multipartBody(catalogNameSchema, fc.array(fuzzFile(['image']), { maxLength: 2 })),
  },
  ...(['manufacturer', 'saltComposition'] as const).flatMap((kind): FuzzTarget[] => [
    {
      route: `POST /api/${kind}`,
      group: 'admin',
      actors: ['admin'],
      body: () => jsonBody(catalogNameSchema),
    },
    {
      route: `PATCH /api/${kind}/:id`,
      group: 'admin',
      actors: ['admin'],
      path: (w) => `/api/${kind}/${kind === 'manufacturer' ? w.editManufacturerId : w.editSaltId}`,
      body: () => jsonBody(catalogNameSchema),
    },
  ]),
  {
    route: 'POST /api/order/:orderId/prescription-review',
    group: 'admin',
    actors: ['admin'],
    path: (w) => `/api/order/${w.rxOrderA}/prescription-review`,
    body: () => jsonBody(prescriptionReviewSchema),
    prepare: async (w, _run, previous) => {
      if (previous !== undefined && previous >= 300) return;
      await setOrderStatus(w, w.rxOrderA, ORDER_STATUS.WAITING_TO_ACCEPT);
      await w.db
        .update(prescriptions)
        .set({ reviewStatus: 'pending' })
        .where(
          and(eq(prescriptions.orderId, w.rxOrderA), ne(prescriptions.reviewStatus, 'pending')),
        );
    },
  },
  ...(['product', 'division', 'manufacturer', 'saltComposition'] as const).map(
    (kind): FuzzTarget => ({
      route: `DELETE /api/${kind}/:id`,
      group: 'admin',
      actors: ['admin'],
    }),
  ),

  // Stock (issue 15): the pharmacy's receipts, corrections, write-offs, recalls and lists.
  {
    route: 'POST /api/inventory/receipts',
    group: 'inventory',
    actors: ['admin'],
    body: (w) =>
      fc.oneof(
        {
          weight: 3,
          arbitrary: jsonBody(goodsReceiptSchema, {
            extraFields: STOCK_FIELDS,
            coherent: coherentReceipt(w),
          }),
        },
        // Receipts the service takes (most of them), so stock really arrives while fuzzed.
        {
          weight: 2,
          arbitrary: arbitraryFromJsonSchema(jsonSchemaOf(goodsReceiptSchema)).map(
            (value): FuzzBody => ({
              kind: 'json',
              value:
                typeof value === 'object' && value !== null && !Array.isArray(value)
                  ? coherentReceipt(w)(value)
                  : value,
            }),
          ),
        },
      ),
    headers: idempotencyKey,
  },
  {
    route: 'GET /api/inventory/products/:id/batches',
    group: 'inventory',
    actors: ['admin'],
    path: (w) => `/api/inventory/products/${w.stockProductId}/batches`,
  },
  {
    route: 'GET /api/inventory/products/:id/ledger',
    group: 'inventory',
    actors: ['admin'],
    path: (w) => `/api/inventory/products/${w.stockProductId}/ledger`,
    query: hostileQueryArbitrary(ledgerQuerySchema),
  },
  {
    route: 'PUT /api/inventory/products/:id/reorder-level',
    group: 'inventory',
    actors: ['admin'],
    path: (w) => `/api/inventory/products/${w.stockProductId}/reorder-level`,
    body: () => jsonBody(reorderLevelSchema, { extraFields: STOCK_FIELDS }),
  },
  {
    route: 'POST /api/inventory/batches/:id/adjustments',
    group: 'inventory',
    actors: ['admin'],
    path: (w) => `/api/inventory/batches/${w.stockBatchId}/adjustments`,
    body: () => jsonBody(stockAdjustmentSchema, { extraFields: STOCK_FIELDS }),
    headers: idempotencyKey,
  },
  {
    route: 'GET /api/inventory/batches/:id/orders',
    group: 'inventory',
    actors: ['admin'],
    path: (w) => `/api/inventory/batches/${w.stockBatchId}/orders`,
  },
  {
    route: 'GET /api/inventory/batches/:id/orders.csv',
    group: 'inventory',
    actors: ['admin'],
    path: (w) => `/api/inventory/batches/${w.stockBatchId}/orders.csv`,
  },
  {
    route: 'GET /api/inventory/low-stock',
    group: 'inventory',
    actors: ['admin'],
    query: hostileQueryArbitrary(lowStockQuerySchema),
  },
  {
    route: 'GET /api/inventory/near-expiry',
    group: 'inventory',
    actors: ['admin'],
    query: hostileQueryArbitrary(nearExpiryQuerySchema),
  },
  {
    route: 'GET /api/compliance/register',
    group: 'inventory',
    actors: ['admin'],
    query: hostileQueryArbitrary(h1RegisterQuerySchema),
  },
  {
    route: 'GET /api/compliance/register.csv',
    group: 'inventory',
    actors: ['admin'],
    query: hostileQueryArbitrary(h1RegisterQuerySchema),
  },
  // These use their batches up: a fresh one takes the place of each written off or recalled.
  {
    route: 'POST /api/inventory/batches/:id/write-off',
    group: 'inventory',
    actors: ['admin'],
    path: (w) => `/api/inventory/batches/${w.writeOffBatchId}/write-off`,
    body: () => jsonBody(writeOffSchema, { extraFields: STOCK_FIELDS }),
    prepare: async (w, _run, previous) => {
      if (previous === 200) w.writeOffBatchId = await freshEntry.shortDatedBatch(w);
    },
  },
  {
    route: 'POST /api/inventory/batches/:id/recall',
    group: 'inventory',
    actors: ['admin'],
    path: (w) => `/api/inventory/batches/${w.recallBatchId}/recall`,
    body: () => jsonBody(recallSchema, { extraFields: STOCK_FIELDS }),
    prepare: async (w, _run, previous) => {
      if (previous === 200) w.recallBatchId = await freshEntry.batch(w);
    },
  },
  ...AFTER_SALES_TARGETS,
  ...STAFF_TARGETS,
  ...PRIVACY_TARGETS,

  // Issue 29: the delivery promise and where the shop delivers.
  {
    route: 'GET /api/delivery/estimate',
    group: 'forms',
    actors: ['anonymous', 'memberA'],
    query: hostileQueryArbitrary(deliveryEstimateQuerySchema),
  },
  {
    route: 'GET /api/delivery/areas',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(deliveryAreaListQuerySchema),
  },
  {
    route: 'POST /api/delivery/areas',
    group: 'admin',
    actors: ['admin'],
    body: () => jsonBody(deliveryAreaInputSchema, { validWeight: 2 }),
  },
  {
    route: 'PUT /api/delivery/areas/:id',
    group: 'admin',
    actors: ['admin'],
    path: () => `/api/delivery/areas/${deliveryAreaId}`,
    body: () => jsonBody(deliveryAreaInputSchema, { validWeight: 2 }),
    prepare: (w) => ensureDeliveryArea(w),
  },
  {
    route: 'DELETE /api/delivery/areas/:id',
    group: 'admin',
    actors: ['admin'],
    path: () => `/api/delivery/areas/${deliveryAreaId}`,
    prepare: (w) => ensureDeliveryArea(w),
  },
  {
    route: 'POST /api/couriers',
    group: 'orders',
    actors: ['admin'],
    body: () => jsonBody(courierInputSchema, { validWeight: 2 }),
  },
  {
    route: 'PUT /api/couriers/:id',
    group: 'orders',
    actors: ['admin'],
    path: () => `/api/couriers/${parcel.courierId}`,
    body: () => jsonBody(courierInputSchema, { validWeight: 2 }),
    prepare: (w) => ensureParcel(w),
  },
  {
    route: 'GET /api/order/:orderId/shipments',
    group: 'orders',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${parcel.orderId}/shipments`,
    prepare: (w) => ensureParcel(w),
  },
  {
    route: 'GET /api/order/:orderId/packing-slip.pdf',
    group: 'orders',
    actors: ['admin'],
    path: () => `/api/order/${parcel.orderId}/packing-slip.pdf`,
    prepare: (w) => ensureParcel(w),
  },
  {
    route: 'POST /api/order/:orderId/shipments',
    group: 'orders',
    actors: ['admin'],
    path: () => `/api/order/${parcel.orderId}/shipments`,
    body: () => jsonBody(shipmentInputSchema, { validWeight: 2 }),
    prepare: (w) => ensureParcel(w),
  },
  {
    route: 'POST /api/order/:orderId/shipments/:shipmentId/events',
    group: 'orders',
    actors: ['admin'],
    path: () => `/api/order/${parcel.orderId}/shipments/${parcel.shipmentId}/events`,
    body: () => jsonBody(shipmentEventInputSchema, { validWeight: 2 }),
    prepare: (w) => ensureParcel(w),
  },
  {
    route: 'POST /api/delivery/webhook/courier',
    group: 'orders',
    actors: ['anonymous'],
    body: () => jsonBody(courierWebhookSchema, { validWeight: 2 }),
  },
  {
    route: 'POST /api/delivery/areas/import/preview',
    group: 'admin',
    actors: ['admin'],
    body: () => deliveryCsvBody,
  },
  {
    route: 'POST /api/delivery/areas/import',
    group: 'admin',
    actors: ['admin'],
    body: () => deliveryCsvBody,
  },
  {
    route: 'PUT /api/delivery/calendar',
    group: 'admin',
    actors: ['admin'],
    body: () => jsonBody(deliveryCalendarSchema, { validWeight: 2 }),
  },

  // Issue 30: medicine information pages, drafts and the pharmacist's review.
  {
    route: 'GET /api/medicines',
    group: 'catalogue',
    actors: ['anonymous', 'admin'],
    query: hostileQueryArbitrary(medicineListQuerySchema),
  },
  {
    route: 'GET /api/medicines/:slug',
    group: 'catalogue',
    actors: ['anonymous'],
    path: () => `/api/medicines/${medicine.slug}`,
    prepare: (w) => ensureMedicineDraft(w),
  },
  {
    route: 'GET /api/medicine-information',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(medicineAdminListQuerySchema),
  },
  {
    route: 'GET /api/medicine-information/:slug',
    group: 'admin',
    actors: ['admin'],
    path: () => `/api/medicine-information/${medicine.slug}`,
    prepare: (w) => ensureMedicineDraft(w),
  },
  {
    route: 'PUT /api/medicine-information/:slug/draft',
    group: 'admin',
    actors: ['admin'],
    path: () => `/api/medicine-information/${medicine.slug}/draft`,
    body: () => jsonBody(medicineContentSchema, { validWeight: 2 }),
    prepare: (w) => ensureMedicineDraft(w),
  },
  {
    route: 'POST /api/medicine-information/:slug/publish',
    group: 'admin',
    actors: ['admin'],
    path: () => `/api/medicine-information/${medicine.slug}/publish`,
    body: () => jsonBody(medicineReviewInputSchema, { validWeight: 2 }),
    // A review publishes the draft: a fresh one waits before each request.
    prepare: (w) => ensureMedicineDraft(w),
  },
  // Issue 31: the drug interaction table.
  {
    route: 'GET /api/drug-interactions',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(drugInteractionListQuerySchema),
  },
  {
    route: 'POST /api/drug-interactions',
    group: 'admin',
    actors: ['admin'],
    body: () => jsonBody(drugInteractionInputSchema, { validWeight: 2 }),
  },
  {
    route: 'PUT /api/drug-interactions/:id',
    group: 'admin',
    actors: ['admin'],
    path: () => `/api/drug-interactions/${interaction.id}`,
    body: () => jsonBody(drugInteractionInputSchema, { validWeight: 2 }),
    prepare: (w) => ensureInteraction(w),
  },
  {
    route: 'POST /api/drug-interactions/import/preview',
    group: 'admin',
    actors: ['admin'],
    body: () => interactionCsvBody,
  },
  {
    route: 'POST /api/drug-interactions/import',
    group: 'admin',
    actors: ['admin'],
    body: () => interactionCsvBody,
  },
  {
    route: 'DELETE /api/drug-interactions/:id',
    group: 'admin',
    actors: ['admin'],
    path: () => `/api/drug-interactions/${interaction.id}`,
    prepare: (w) => ensureInteraction(w),
  },
];

/** The world's interaction row, put back after a delete took it. */
const interaction = { id: 0 };
async function ensureInteraction(w: FuzzWorld): Promise<void> {
  const [row] = await w.db
    .insert(drugInteractions)
    .values({
      ingredientA: 'Fuzz Ingredient',
      ingredientB: 'Fuzz Partner',
      pairKey: 'fuzz ingredient|fuzz partner',
      severity: 'minor',
      effect: 'An effect.',
      advice: 'An advice.',
    })
    .onConflictDoNothing()
    .returning({ id: drugInteractions.id });
  if (row) interaction.id = row.id;
}

/**
 * A salt of the medicine routes' own and its draft of medicine information, put back after a
 * review took it. Not the world's salt: the admin group's DELETE targets may remove that one
 * once its products are gone.
 */
const medicine = { slug: '', saltId: 0 };
async function ensureMedicineDraft(w: FuzzWorld): Promise<void> {
  const [existing] = medicine.saltId
    ? await w.db
        .select({ id: saltCompositions.id })
        .from(saltCompositions)
        .where(eq(saltCompositions.id, medicine.saltId))
    : [];
  if (!existing) {
    const [salt] = await w.db
      .insert(saltCompositions)
      .values({ name: `Fuzz Medicine ${Date.now()} (5mg)` })
      .returning({ id: saltCompositions.id, slug: saltCompositions.slug });
    if (!salt) throw new Error('the fuzz medicine salt was not created');
    medicine.saltId = salt.id;
    medicine.slug = salt.slug;
  }
  const saltId = medicine.saltId;
  const safe = { level: 'caution', advice: 'Ask your doctor.' } as const;
  await w.db
    .insert(medicineMonographs)
    .values({
      saltCompositionId: saltId,
      summary: 'Fuzz summary.',
      uses: ['Fever'],
      howItWorks: 'It works.',
      sideEffectsCommon: [],
      sideEffectsSerious: [],
      safety: {
        alcohol: safe,
        pregnancy: safe,
        breastfeeding: safe,
        driving: safe,
        kidney: safe,
        liver: safe,
      },
      howToTake: 'With water.',
      missedDose: 'Skip it.',
      storage: 'Below 30°C.',
      interactions: [],
    })
    // The salt's one draft (a partial unique index) may be there already.
    .onConflictDoNothing();
}

/** A packed order of A's with a parcel, for the shipment routes. */
const parcel = { orderId: 0, shipmentId: 0, courierId: 0 };
async function ensureParcel(w: FuzzWorld): Promise<void> {
  if (parcel.shipmentId) return;
  const [courier] = await w.db
    .insert(couriers)
    .values({ name: 'Fuzz courier', trackingUrlTemplate: 'https://track.example/{awb}' })
    .onConflictDoNothing()
    .returning({ id: couriers.id });
  const courierId =
    courier?.id ??
    (
      await w.db.select({ id: couriers.id }).from(couriers).where(eq(couriers.name, 'Fuzz courier'))
    )[0]?.id ??
    0;
  // A product of its own: the admin group's fuzzing deletes the world's product.
  const orderId = await insertOrder(w.db, w.memberA.id, {
    statusId: ORDER_STATUS.PACKING,
    productId: await freshEntry.product(w),
  });
  const [shipment] = await w.db
    .insert(shipments)
    .values({ orderId, courierId, awb: `FZ-${orderId}` })
    .returning({ id: shipments.id });
  Object.assign(parcel, { orderId, courierId, shipmentId: shipment?.id ?? 0 });
}

/** A delivery area for the routes that change or remove one, made again once removed. */
let deliveryAreaId = 0;
async function ensureDeliveryArea(w: FuzzWorld): Promise<void> {
  const [row] = await w.db
    .select({ id: deliveryAreas.id })
    .from(deliveryAreas)
    .where(eq(deliveryAreas.id, deliveryAreaId));
  if (row) return;
  const [made] = await w.db
    .insert(deliveryAreas)
    .values({ pincodeFrom: 560001, pincodeTo: 560010, zone: 'Fuzz', deliveryDays: 2 })
    .returning({ id: deliveryAreas.id });
  deliveryAreaId = made?.id ?? 0;
}

/** A's refill reminder for the world's product, made again after a fuzzed request deleted it. */
let refillOfA = 0;
async function ensureRefillOfA(w: FuzzWorld): Promise<void> {
  const [row] = await w.db
    .select({ id: refillReminders.id })
    .from(refillReminders)
    .where(
      and(eq(refillReminders.userId, w.memberA.id), eq(refillReminders.productId, w.productId)),
    );
  if (row) {
    refillOfA = row.id;
    return;
  }
  const [made] = await w.db
    .insert(refillReminders)
    .values({
      userId: w.memberA.id,
      productId: w.productId,
      quantity: 1,
      intervalDays: 30,
      nextDueOn: addDays(utcDay(), 30),
    })
    .returning({ id: refillReminders.id });
  refillOfA = made?.id ?? 0;
}

/** The world of the security suites plus the fixtures the fuzzers edit. */
export async function createFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const world = await createWorld(t);
  const payOrderA = await insertOrder(world.db, world.memberA.id, {
    statusId: ORDER_STATUS.PAYMENT,
    productId: world.productId,
    addressId: world.addressA,
  });
  const intent = await t.app.inject({
    method: 'POST',
    url: `/api/payment/create-intent/${payOrderA}`,
    headers: world.memberA.auth,
  });
  const { intentId, clientSecret } = intent.json() as { intentId: string; clientSecret: string };
  // Stock with an order's units in it, so the batch's order list and its CSV have rows: placed by
  // member B (A's cart is a fixture of its own).
  const stockProductId = (await createProduct(world.db, world.basics, { quantity: 500 })).id;
  await putInCart(world.db, world.memberB.id, stockProductId);
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: world.memberB.auth,
  });
  if (order.statusCode !== 201) throw new Error(`fuzz world order: ${order.body}`);
  const [contactMessage] = await world.db
    .insert(contactMessages)
    .values({ name: 'Fuzz visitor', email: 'fuzz@example.com', message: 'Hello' })
    .returning({ id: contactMessages.id });
  if (!contactMessage) throw new Error('fuzz world contact message');
  return {
    ...world,
    payOrderA,
    intentId,
    clientSecret,
    editProductId: (await createProduct(world.db, world.basics)).id,
    editDivisionId: (await createDivision(world.db)).id,
    editManufacturerId: (await createManufacturer(world.db)).id,
    editSaltId: (await createSalt(world.db)).id,
    stockProductId,
    stockBatchId: await batchOf(world.db, stockProductId),
    writeOffBatchId: await freshEntry.shortDatedBatch(world),
    recallBatchId: await freshEntry.batch(world),
    contactMessageId: contactMessage.id,
  };
}

/** A's patient the patient fuzzers edit and delete, made again once deleted (archived). */
const patientOfA = { id: 0 };
async function ensurePatientOfA(w: FuzzWorld, fresh = false): Promise<void> {
  if (patientOfA.id && !fresh) return;
  await archivePatientsOfA(w);
  const [row] = await w.db
    .insert(patients)
    .values({ userId: w.memberA.id, name: 'Kamala Verma', ageYears: 60, sex: 'female' })
    .returning({ id: patients.id });
  patientOfA.id = row?.id ?? 0;
}
async function archivePatientsOfA(w: FuzzWorld): Promise<void> {
  await w.db
    .update(patients)
    .set({ archivedAt: new Date() })
    .where(and(eq(patients.userId, w.memberA.id), ne(patients.id, patientOfA.id)));
}
