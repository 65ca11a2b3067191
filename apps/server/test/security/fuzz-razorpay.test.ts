import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, saveRazorpayPaymentSchema } from '@pharmacy/shared';
import { orders, payments } from '../../src/db/schema/index';
import { testDriver } from '../helpers';
import { RAZORPAY_KEYS, startRazorpayShop, type RazorpayShop } from '../support/razorpay-shop';
import { installDbWatch, type DbWatch } from './support/db-watch';
import {
  FUZZ_RUNS,
  FUZZ_SEED,
  fuzzRoute,
  jsonBody,
  reportFigures,
  type FuzzBody,
  type FuzzStats,
  type FuzzTarget,
  type FuzzWorld,
} from './support/fuzz';
import { createFuzzWorld, razorpaySignature } from './support/fuzz-targets';
import type { Json } from './support/schema-arbitrary';

/**
 * Issue 28 · fuzzing the Razorpay routes on a shop that takes Razorpay (the local double as its
 * API): the webhook with unsigned, forged and correctly signed bodies of every shape (so the
 * parser behind the signature is fuzzed too), and Checkout's answer with forged and genuine
 * signatures over real and made-up payments. The harness checks no 5xx, the error shape, and no
 * write after a refusal (support/fuzz.ts).
 */
describe(`fuzzing: Razorpay routes (${testDriver})`, () => {
  let shop: RazorpayShop;
  let w: FuzzWorld;
  let watch: DbWatch;
  let razorpayOrderId = '';
  /** Payments made at the double on A's Razorpay order: captured, authorized, failed, smaller. */
  const madePayments: string[] = [];
  const figures: FuzzStats[] = [];

  beforeAll(async () => {
    console.warn(`fuzzing Razorpay (${testDriver}) with seed ${FUZZ_SEED}`);
    shop = await startRazorpayShop();
    w = await createFuzzWorld(shop.t);
    const [open] = await shop
      .db()
      .select({ intentId: payments.intentId })
      .from(payments)
      .where(and(eq(payments.orderId, w.payOrderA), eq(payments.provider, 'razorpay')));
    razorpayOrderId = open?.intentId ?? '';
    if (!razorpayOrderId) throw new Error('no Razorpay order for the fuzz world');
    for (const outcome of ['failed', 'authorized', 'captured'] as const)
      madePayments.push((await shop.double.pay(razorpayOrderId, { outcome })).payment.id);
    watch = await installDbWatch(shop.t.database.db, shop.t.config.dataDir);
  });
  afterAll(async () => {
    reportFigures(testDriver, 'razorpay', figures);
    await shop?.close();
  });

  const backToPayment = async (_w: FuzzWorld, _run: number, previous: number | undefined) => {
    if (previous === undefined || previous < 300)
      await shop
        .db()
        .update(orders)
        .set({ statusId: ORDER_STATUS.PAYMENT })
        .where(eq(orders.id, w.payOrderA));
  };
  const alnum = fc.stringMatching(/^[A-Za-z0-9]{1,14}$/);
  const paymentId = () =>
    fc.oneof(
      fc.constantFrom(...madePayments),
      alnum.map((id) => `pay_${id}`),
    );
  const webhookEvent = () =>
    fc
      .record({
        event: fc.constantFrom(
          'payment.captured',
          'payment.authorized',
          'order.paid',
          'payment.failed',
          'refund.processed',
          'refund.failed',
          'payment.dispute.created',
        ),
        payment: fc.record({
          id: paymentId(),
          order_id: fc.oneof(
            fc.constant(razorpayOrderId),
            alnum.map((id) => `order_${id}`),
          ),
          amount: fc.oneof(
            fc.constant(39800),
            fc.integer({ min: -5, max: 10_000_000 }),
            fc.string(),
          ),
          currency: fc.constantFrom('INR', 'USD', ''),
          status: fc.constantFrom('captured', 'authorized', 'failed', 'refunded', 'created', 'x'),
          method: fc.constantFrom('upi', 'card', 'netbanking', 'wallet', 'emi', 'telepathy', null),
          error_description: fc.option(fc.string({ maxLength: 200 })),
        }),
        refund: fc.record({
          id: alnum.map((id) => `rfnd_${id}`),
          payment_id: paymentId(),
          amount: fc.integer({ min: -5, max: 100_000 }),
          status: fc.constantFrom('processed', 'failed', 'pending'),
          receipt: fc.constantFrom('refund-1', 'refund-999999', null, 'x'),
        }),
      })
      .map(({ event, payment, refund }): FuzzBody => ({
        kind: 'json',
        value: {
          entity: 'event',
          event,
          contains: ['payment'],
          payload: { payment: { entity: payment }, refund: { entity: refund } },
          created_at: 1_700_000_000,
        } as Json,
      }));

  const targets: FuzzTarget[] = [
    {
      route: 'POST /api/payment/webhook/razorpay',
      group: 'forms',
      actors: ['anonymous'],
      body: () =>
        fc.oneof(
          webhookEvent(),
          fc.jsonValue().map((value): FuzzBody => ({ kind: 'json', value: value as Json })),
          fc
            .string({ unit: 'binary', maxLength: 300 })
            .map((text): FuzzBody => ({ kind: 'raw', text, contentType: 'application/json' })),
        ),
      headers: razorpaySignature,
      sign: (payload) => ({
        'x-razorpay-signature': createHmac('sha256', RAZORPAY_KEYS.webhookSecret)
          .update(payload)
          .digest('hex'),
      }),
      prepare: backToPayment,
    },
    {
      route: 'POST /api/payment/save-payment-details/:orderId',
      group: 'orders',
      actors: ['memberA'],
      path: (world) => `/api/payment/save-payment-details/${world.payOrderA}`,
      body: () =>
        fc.oneof(
          jsonBody(saveRazorpayPaymentSchema),
          fc
            .record({
              orderId: fc.oneof(
                fc.constant(razorpayOrderId),
                alnum.map((id) => `order_${id}`),
              ),
              paymentId: paymentId(),
              genuine: fc.boolean(),
            })
            .map(({ orderId, paymentId: id, genuine }): FuzzBody => ({
              kind: 'json',
              value: {
                razorpay_order_id: orderId,
                razorpay_payment_id: id,
                razorpay_signature: genuine ? shop.double.sign(orderId, id) : 'f'.repeat(64),
              },
            })),
        ),
      prepare: backToPayment,
    },
    {
      route: 'POST /api/payment/create-intent/:orderId',
      group: 'orders',
      actors: ['anonymous', 'memberA'],
      path: (world) => `/api/payment/create-intent/${world.payOrderA}`,
      prepare: backToPayment,
    },
  ];

  it.each(targets)(
    '$route',
    async (target) => {
      const stats = await fuzzRoute(target, w, watch, FUZZ_RUNS);
      figures.push(stats);
      expect(stats.requests).toBeGreaterThanOrEqual(FUZZ_RUNS);
      // The signature is not the only thing fuzzed: signed bodies reach the parser and the ledger.
      const seen = Object.keys(stats.statuses).map(Number);
      if (target.route.includes('webhook'))
        expect(seen).toEqual(expect.arrayContaining([200, 400, 401]));
      if (target.route.includes('save-payment'))
        expect(seen).toEqual(expect.arrayContaining([400, 404]));
    },
    600_000,
  );
});
