import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import {
  ORDER_STATUS,
  applyCouponSchema,
  applyPointsSchema,
  cancelOrderInputSchema,
  changeOrderAddressInputSchema,
  couponInputSchema,
  couponListQuerySchema,
  loyaltyQuerySchema,
  returnReplaceSchema,
  returnRequestInputSchema,
  setOrderDiscountsSchema,
  type OrderStatusId,
} from '@pharmacy/shared';
import { coupons, loyaltyLedger, orderLines, orders } from '../../../src/db/schema/index';
import { TINY_PNG, multipart } from '../../factories';
import {
  fuzzFile,
  jsonBody,
  multipartBody,
  type FuzzBody,
  type FuzzTarget,
  type FuzzWorld,
} from './fuzz';
import { hostileQueryArbitrary, type Json } from './schema-arbitrary';
import { insertOrder } from './world';

/**
 * Issue 19 after-sales routes: cancelling and re-addressing an order, discounts at the payment
 * step, returns and damage reports, loyalty points and the coupon admin. Their fixtures are made
 * by the first prepare() of the group (the other groups never pay for them) and made again when a
 * fuzzed request used one up (an order cancelled).
 */
interface AfterSalesFixtures {
  /** A's order waiting for a card payment, with an address: discounts are set on it. */
  payOrder: number;
  /** A's new order the cancel target cancels; replaced after each 200. */
  cancelOrder: number;
  /** A's order waiting for payment whose delivery address is changed. */
  addressOrder: number;
  /** A's order delivered just now, one line of 100,000 returnable units. */
  deliveredOrder: number;
  deliveredLine: number;
  /** A damage report on the delivered order with one photo. */
  returnId: number;
  photoId: number;
  /** Coupons: one shoppers apply (never edited) and one the admin edits. */
  couponId: number;
  editCouponId: number;
}

const COUPON_CODE = 'FUZZ10';
let fixtures: AfterSalesFixtures | undefined;
const made = (): AfterSalesFixtures => {
  if (!fixtures) throw new Error('after-sales fuzz fixtures are not made yet');
  return fixtures;
};

async function newOrderOfA(w: FuzzWorld, statusId: OrderStatusId): Promise<number> {
  return insertOrder(w.db, w.memberA.id, {
    statusId,
    productId: w.productId,
    addressId: w.addressA,
  });
}

async function insertCoupon(w: FuzzWorld, code: string): Promise<number> {
  const [row] = await w.db
    .insert(coupons)
    .values({
      code,
      kind: 'percent',
      percentOff: 10,
      startsAt: new Date(Date.now() - 86_400_000),
    })
    .returning({ id: coupons.id });
  if (!row) throw new Error('no coupon');
  return row.id;
}

async function ensureFixtures(w: FuzzWorld): Promise<AfterSalesFixtures> {
  if (fixtures) return fixtures;
  const deliveredOrder = await newOrderOfA(w, ORDER_STATUS.DELIVERED);
  await w.db.update(orders).set({ deliveredAt: new Date() }).where(eq(orders.id, deliveredOrder));
  const [line] = await w.db
    .update(orderLines)
    .set({ quantity: 100_000 })
    .where(eq(orderLines.orderId, deliveredOrder))
    .returning({ id: orderLines.id });
  if (!line) throw new Error('no delivered line');
  const form = await multipart(
    {
      kind: 'damage',
      reasonCode: 'damaged',
      lines: JSON.stringify([{ orderLineId: line.id, units: 1 }]),
    },
    [{ field: 'photo', name: 'damage.png', type: 'image/png', content: TINY_PNG }],
  );
  const report = await w.t.app.inject({
    method: 'POST',
    url: `/api/order/${deliveredOrder}/returns`,
    headers: { ...form.headers, ...w.memberA.auth },
    payload: form.payload,
  });
  if (report.statusCode !== 201) throw new Error(`fuzz world damage report: ${report.body}`);
  const { request } = report.json() as { request: { id: number; photos: { id: number }[] } };
  // Points A may spend at the payment step, lapsing long after the run.
  await w.db.insert(loyaltyLedger).values({
    userId: w.memberA.id,
    kind: 'earned',
    points: 5_000,
    expiresAt: new Date(Date.now() + 365 * 86_400_000),
    note: 'fuzz fixture',
  });
  fixtures = {
    payOrder: await newOrderOfA(w, ORDER_STATUS.PAYMENT),
    cancelOrder: await newOrderOfA(w, ORDER_STATUS.NEW),
    addressOrder: await newOrderOfA(w, ORDER_STATUS.PAYMENT),
    deliveredOrder,
    deliveredLine: line.id,
    returnId: request.id,
    photoId: request.photos[0]?.id ?? 0,
    couponId: await insertCoupon(w, COUPON_CODE),
    editCouponId: await insertCoupon(w, 'FUZZEDIT'),
  };
  return fixtures;
}
const prepareFixtures = async (w: FuzzWorld) => {
  await ensureFixtures(w);
};

/** Back to Payment after a request moved the order on (nothing here pays it, but cheap to say). */
async function payOrderWaiting(w: FuzzWorld) {
  const { payOrder } = await ensureFixtures(w);
  await w.db.update(orders).set({ statusId: ORDER_STATUS.PAYMENT }).where(eq(orders.id, payOrder));
}

const deliveredLines = () => JSON.stringify([{ orderLineId: made().deliveredLine, units: 1 }]);

const json = (...values: Json[]) =>
  fc.constantFrom<FuzzBody>(...values.map((value): FuzzBody => ({ kind: 'json', value })));

/** A coupon the service can take part of the time: the rules that tie fields together hold. */
const coherentCoupon = (value: { [key: string]: Json }): { [key: string]: Json } => {
  const seed = JSON.stringify(value).length;
  const percent = seed % 2 === 0;
  return {
    ...value,
    code: `FZ${seed % 50}`,
    kind: percent ? 'percent' : 'fixed',
    percentOff: percent ? 1 + (seed % 100) : null,
    amountOff: percent ? null : 1 + (seed % 500),
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: seed % 3 === 0 ? null : '2030-01-01T00:00:00Z',
  };
};

export const AFTER_SALES_TARGETS: readonly FuzzTarget[] = [
  // The payment step: coupon and points on A's order waiting for payment.
  {
    route: 'GET /api/order/:orderId/pricing',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().payOrder}/pricing`,
    prepare: prepareFixtures,
  },
  {
    route: 'PUT /api/order/:orderId/discounts',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().payOrder}/discounts`,
    body: () =>
      fc.oneof(
        { weight: 3, arbitrary: jsonBody(setOrderDiscountsSchema, { validWeight: 2 }) },
        {
          weight: 1,
          arbitrary: json(
            { couponCode: COUPON_CODE, points: 0 },
            { couponCode: COUPON_CODE.toLowerCase(), points: 100 },
            { couponCode: null, points: 250 },
            { couponCode: null, points: 0 },
            { couponCode: 'NOSUCHCODE', points: 0 },
            { couponCode: null, points: 999_999 },
          ),
        },
      ),
    prepare: payOrderWaiting,
  },
  {
    route: 'POST /api/order/:orderId/coupon',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().payOrder}/coupon`,
    body: () =>
      fc.oneof(
        { weight: 3, arbitrary: jsonBody(applyCouponSchema, { validWeight: 2 }) },
        { weight: 1, arbitrary: json({ code: COUPON_CODE }, { code: ` ${COUPON_CODE} ` }) },
      ),
    prepare: payOrderWaiting,
  },
  {
    route: 'POST /api/order/:orderId/points',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().payOrder}/points`,
    body: () =>
      fc.oneof(
        { weight: 3, arbitrary: jsonBody(applyPointsSchema, { validWeight: 2 }) },
        { weight: 1, arbitrary: json({ points: 1 }, { points: 300 }, { points: 5_001 }) },
      ),
    prepare: payOrderWaiting,
  },
  {
    route: 'DELETE /api/order/:orderId/coupon',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().payOrder}/coupon`,
    prepare: payOrderWaiting,
  },
  {
    route: 'DELETE /api/order/:orderId/points',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().payOrder}/points`,
    prepare: payOrderWaiting,
  },

  // The owner's changes within the window.
  {
    route: 'PUT /api/order/:orderId/address',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().addressOrder}/address`,
    body: (w) =>
      fc.oneof(
        { weight: 3, arbitrary: jsonBody(changeOrderAddressInputSchema) },
        { weight: 1, arbitrary: json({ addressId: w.addressA }, { addressId: w.addressB }) },
      ),
    prepare: prepareFixtures,
  },
  {
    route: 'GET /api/order/:orderId/after-sales',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().cancelOrder}/after-sales`,
    prepare: prepareFixtures,
  },
  {
    route: 'POST /api/order/:orderId/cancel',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().cancelOrder}/cancel`,
    body: () =>
      fc.oneof(
        { weight: 3, arbitrary: jsonBody(cancelOrderInputSchema, { validWeight: 2 }) },
        {
          weight: 1,
          arbitrary: json(
            { reasonCode: 'changed_mind' },
            { reasonCode: 'other', reasonText: 'fuzz' },
            { reasonCode: 'other' },
          ),
        },
      ),
    prepare: async (w, _run, previous) => {
      const f = await ensureFixtures(w);
      if (previous === 200) f.cancelOrder = await newOrderOfA(w, ORDER_STATUS.NEW);
    },
  },

  // Returns and damage reports of A's delivered order, and the pharmacy's handling of them.
  {
    route: 'POST /api/order/:orderId/returns',
    storesFiles: true,
    group: 'after-sales',
    actors: ['memberA'],
    path: () => `/api/order/${made().deliveredOrder}/returns`,
    body: () =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: multipartBody(
            returnRequestInputSchema,
            fc.array(fuzzFile(['photo']), { maxLength: 3 }),
            { coherent: (fields) => ({ ...fields, lines: deliveredLines() }) },
          ),
        },
        // Requests the service takes, so stored photos and request rows are really made.
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.constantFrom(
                { kind: 'return', reasonCode: 'not_needed' },
                { kind: 'damage', reasonCode: 'damaged' },
              ),
              fc.array(fuzzFile(['photo']), { maxLength: 2 }),
            )
            .map(([fields, files]): FuzzBody => ({
              kind: 'multipart',
              fields: { ...fields, lines: deliveredLines() },
              files,
            })),
        },
      ),
    prepare: prepareFixtures,
  },
  {
    route: 'GET /api/order/:orderId/returns',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/order/${made().deliveredOrder}/returns`,
    prepare: prepareFixtures,
  },
  {
    route: 'GET /api/returns/:id/photos/:photoId',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    path: () => `/api/returns/${made().returnId}/photos/${made().photoId}`,
    prepare: prepareFixtures,
  },
  {
    route: 'GET /api/returns/:id',
    group: 'after-sales',
    actors: ['admin'],
    path: () => `/api/returns/${made().returnId}`,
    prepare: prepareFixtures,
  },
  {
    route: 'POST /api/returns/:id/replace',
    group: 'after-sales',
    actors: ['admin'],
    path: () => `/api/returns/${made().returnId}/replace`,
    body: () => jsonBody(returnReplaceSchema),
    prepare: prepareFixtures,
  },
  {
    route: 'POST /api/returns/:id/approve',
    group: 'after-sales',
    actors: ['admin'],
    path: () => `/api/returns/${made().returnId}/approve`,
    prepare: prepareFixtures,
  },

  // Points and the coupon admin.
  {
    route: 'GET /api/loyalty',
    group: 'after-sales',
    actors: ['memberA', 'admin'],
    query: hostileQueryArbitrary(loyaltyQuerySchema),
    prepare: prepareFixtures,
  },
  {
    route: 'GET /api/coupons',
    group: 'after-sales',
    actors: ['admin'],
    query: hostileQueryArbitrary(couponListQuerySchema),
    prepare: prepareFixtures,
  },
  {
    route: 'GET /api/coupons/:id',
    group: 'after-sales',
    actors: ['admin'],
    path: () => `/api/coupons/${made().couponId}`,
    prepare: prepareFixtures,
  },
  {
    route: 'POST /api/coupons',
    group: 'after-sales',
    actors: ['admin'],
    body: () => jsonBody(couponInputSchema, { validWeight: 2, coherent: coherentCoupon }),
    prepare: prepareFixtures,
  },
  {
    route: 'PUT /api/coupons/:id',
    group: 'after-sales',
    actors: ['admin'],
    path: () => `/api/coupons/${made().editCouponId}`,
    body: () => jsonBody(couponInputSchema, { validWeight: 2, coherent: coherentCoupon }),
    prepare: prepareFixtures,
  },
];
