// Issue 19 rows n1–n3: place-and-pay at 16 concurrent shoppers, without discounts and with a
// coupon and loyalty points applied before paying, on PostgreSQL; issue 28 rows n4–n5: the same
// paid online through Razorpay (bench/suites/razorpay.mjs). Each order is one shopper's whole way
// from cart to confirmed order, as the web app sends it: place the cart, confirm the address,
// (apply the coupon, spend points), pay cash on delivery — or start the Razorpay payment, pay in
// Checkout and save Checkout's signed answer. Every shopper sends its requests from an address
// of its own (X-Forwarded-For; the shop runs with TRUST_PROXY as behind a proxy): create-intent
// allows 30 requests a minute per address, and every bench shopper comes from 127.0.0.1.
import {
  DEFAULT_LOYALTY_POLICY,
  LIMITS,
  maxRedeemablePoints,
  ORDER_STATUS,
} from '../../packages/shared/src/index.ts';
import { sql } from 'drizzle-orm';
import { prepareCheckout, query } from '../lib/database.mjs';
import { requestJson } from '../lib/http-json.mjs';
import { percentile } from '../lib/load.mjs';
import { freshAddress } from './jobs.mjs';
import { checkoutPay } from './razorpay.mjs';

export const COUPON_CODE = 'BENCH10';
export const COUPON_PERCENT = 10;
/** Points each shopper holds before the run: more than any cart's 20 % cap needs. */
export const POINTS_PER_SHOPPER = 5_000;
/** The pool's stock (and the hot product's) is far above what the carts take: nothing sells out. */
const AMPLE_STOCK = 100_000;

const idList = (ids) =>
  sql`(SELECT value::int FROM json_array_elements_text(${JSON.stringify(ids)}::json))`;

/**
 * Set-up by SQL, before anything is measured: `perVariant` shoppers for each of `variants`, plus
 * `warmupPerVariant` each to warm every path up and `serialPerVariant` each for one-at-a-time
 * timings, with carts as the checkout rows have them (bench/lib/database.mjs prepareCheckout, on
 * products from `poolOffset`), a primary address each, POINTS_PER_SHOPPER points earned (one
 * 'earned' ledger row expiring in a year) for every shopper of every variant (so they differ
 * only by what is applied and how it is paid), and a percent coupon without a usage limit.
 * Consecutive accounts go to the variants in turn, so all get the same mix of carts (the
 * generator draws them in sequence). A cart not above LIMITS.cardPaymentAbove (one unit of a
 * product at the catalogue's minimum price, about 1 in 80) takes one unit more, in every
 * variant, so that every order may also be paid online.
 */
export async function prepareAfterSales(
  handle,
  {
    perVariant,
    warmupPerVariant,
    serialPerVariant = 0,
    poolOffset = 0,
    accounts = 'bench-after-sales',
    variants = ['plain', 'discounted'],
  },
) {
  const n = variants.length;
  const shopping = await prepareCheckout(handle, {
    shoppers: n * (perVariant + serialPerVariant),
    hotStock: AMPLE_STOCK,
    warmup: n * warmupPerVariant,
    poolOffset,
    accounts,
  });
  // prepareCheckout numbers its accounts 1…n in the order of its tokens (warm-up first).
  const users = await query(
    handle,
    sql`SELECT id, split_part(split_part(email, '@', 1), '-', -1)::int AS n
        FROM users WHERE email LIKE ${`${accounts}-%@example.com`}`,
  );
  const userIds = users.map((user) => Number(user.id));
  await query(
    handle,
    sql`UPDATE cart_items c SET count = c.count + 1
        WHERE c.user_id IN (
          SELECT c2.user_id FROM cart_items c2 JOIN products p ON p.id = c2.product_id
          WHERE c2.user_id IN ${idList(userIds)}
          GROUP BY c2.user_id
          HAVING sum(p.offer_price_minor * c2.count) <= ${LIMITS.cardPaymentAbove * 100})`,
  );
  const addresses = await query(
    handle,
    sql`INSERT INTO addresses (user_id, name, phone, street, city, state, pin_code, is_primary)
        SELECT id, name, '9876543210', '12 MG Road', 'Bengaluru', 'Karnataka', '560001', true
        FROM users WHERE id IN ${idList(userIds)}
        RETURNING id, user_id AS "userId"`,
  );
  await query(
    handle,
    sql`INSERT INTO loyalty_ledger (user_id, kind, points, expires_at, note)
        SELECT id, 'earned', ${POINTS_PER_SHOPPER}, now() + interval '1 year', 'Bench points'
        FROM users WHERE id IN ${idList(userIds)}`,
  );
  await query(
    handle,
    sql`INSERT INTO coupons (code, description, kind, percent_off, starts_at)
        VALUES (${COUPON_CODE}, 'Bench coupon: 10 % off, no usage limit', 'percent',
          ${COUPON_PERCENT}, now() - interval '1 day')`,
  );
  const addressOf = new Map(addresses.map((a) => [Number(a.userId), Number(a.id)]));
  const byN = new Map(users.map((user) => [Number(user.n), Number(user.id)]));
  const all = [...shopping.warmupTokens, ...shopping.tokens].map((token, index) => {
    const userId = byN.get(index + 1);
    return { token, userId, addressId: addressOf.get(userId), ip: freshAddress() };
  });
  const warmup = all.slice(0, n * warmupPerVariant);
  const serial = all.slice(n * warmupPerVariant, n * (warmupPerVariant + serialPerVariant));
  const measured = all.slice(n * (warmupPerVariant + serialPerVariant));
  const split = (list, turn) => list.filter((_, index) => index % n === turn);
  return Object.fromEntries(
    variants.map((name, turn) => [
      name,
      {
        warmup: split(warmup, turn),
        serial: split(serial, turn),
        shoppers: split(measured, turn),
      },
    ]),
  );
}

async function call(base, shopper, method, urlPath, { body, headers = {} } = {}) {
  const { status, text } = await requestJson(`${base}${urlPath}`, {
    method,
    headers: {
      authorization: `Bearer ${shopper.token}`,
      'x-forwarded-for': shopper.ip,
      ...headers,
    },
    body,
  });
  if (status < 200 || status >= 300)
    throw new Error(
      `${method} ${urlPath.replace(/\/\d+/g, '/:id')} answered ${status}: ${text.slice(0, 200)}`,
    );
  return text ? JSON.parse(text) : {};
}

/**
 * One shopper's place-and-pay; `timings` gets each step's milliseconds. With `discounts`, the
 * coupon and as many points as the order may take go on in one request, as the payment step
 * sends them (PUT …/discounts). With `razorpay` (bench/suites/razorpay.mjs startRazorpay), the
 * order is paid online as the payment step and Checkout do it: POST …/create-intent (the shop
 * opens a Razorpay order), Checkout's payment by UPI at Razorpay, and POST
 * …/save-payment-details with Checkout's signed answer; meanwhile Razorpay's webhooks for the
 * payment race that save. `saved`: whether the browser's save recorded the payment (or found it
 * recorded by a webhook already), `paidAt` when Checkout answered.
 */
async function placeAndPayOne(base, shopper, { discounts, razorpay, key, timings }) {
  const step = async (name, fn) => {
    const t0 = performance.now();
    const result = await fn();
    timings[name] = (timings[name] ?? 0) + performance.now() - t0;
    return result;
  };
  const { addressId } = shopper;
  const { orderId } = await step('place', () =>
    call(base, shopper, 'POST', '/api/order', { headers: { 'idempotency-key': key } }),
  );
  const { order } = await step('address', () =>
    call(base, shopper, 'PUT', `/api/order/${orderId}`, { body: { addressId } }),
  );
  let points = 0;
  if (discounts) {
    // What the payment step shows before the shopper chooses (its pricing, loaded in both
    // variants, is not measured): the most points the order may take once the 10 % coupon is
    // on, by the shop's own rules; then one PUT sets the coupon and those points together.
    const totalMinor = Math.round(order.totalOrderValue * 100);
    const afterCoupon = totalMinor - Math.floor((totalMinor * 10) / 100);
    points = maxRedeemablePoints(POINTS_PER_SHOPPER, afterCoupon, DEFAULT_LOYALTY_POLICY);
    await step('discounts', () =>
      call(base, shopper, 'PUT', `/api/order/${orderId}/discounts`, {
        body: { couponCode: COUPON_CODE, points },
      }),
    );
  }
  if (razorpay) {
    const intent = await step('intent', () =>
      call(base, shopper, 'POST', `/api/payment/create-intent/${orderId}`),
    );
    if (intent.provider !== 'razorpay' || intent.amount !== Math.round(order.totalOrderValue * 100))
      throw new Error(
        `create-intent answered ${intent.provider} for ${intent.amount} paise, not Razorpay for the order's total`,
      );
    const paid = await step('checkout', () => checkoutPay(razorpay, intent));
    const paidAt = Date.now();
    const saved = await step('save', () =>
      call(base, shopper, 'POST', `/api/payment/save-payment-details/${orderId}`, { body: paid }),
    );
    if (saved.order?.statusId !== ORDER_STATUS.PACKING)
      throw new Error(`save-payment-details left the order in ${saved.order?.status}`);
    return {
      orderId,
      points,
      payment: { id: paid.razorpay_payment_id, paidAt, message: saved.message },
    };
  }
  await step('pay', () =>
    call(base, shopper, 'PUT', `/api/order/${orderId}`, { body: { payment: 'Cash on Delivery' } }),
  );
  return { orderId, points };
}

/**
 * `concurrency` shoppers work through `shoppers` (one order each) until all have paid or `maxMs`
 * passes. Latency is the whole place-and-pay of one order; an order that fails at any step counts
 * as failed (its first error is kept). With `razorpay`, the time ends when the shop has also
 * answered every webhook the payments caused (razorpay.flush(): the work a round causes is
 * counted in that round, not in the next); `flush` is what the double reported, `tailMs` the
 * wait for those last webhooks after the last order was saved.
 */
export async function placeAndPay(
  shop,
  shoppers,
  { concurrency = 16, discounts = false, razorpay, keyPrefix, maxMs = 120_000 },
) {
  const latencies = [];
  const steps = {};
  const orderIds = [];
  const payments = [];
  let failed = 0;
  let firstError;
  let pointsSpent = 0;
  let noPoints = 0;
  let nextIndex = 0;
  const started = performance.now();
  const worker = async () => {
    while (nextIndex < shoppers.length && performance.now() - started < maxMs) {
      const index = nextIndex++;
      const timings = {};
      const t0 = performance.now();
      try {
        const { orderId, points, payment } = await placeAndPayOne(shop.base, shoppers[index], {
          discounts,
          razorpay,
          key: `${keyPrefix}-${index}`,
          timings,
        });
        latencies.push(performance.now() - t0);
        orderIds.push(orderId);
        if (payment) payments.push(payment);
        pointsSpent += points;
        if (discounts && points === 0) noPoints += 1;
        for (const [name, elapsed] of Object.entries(timings)) (steps[name] ??= []).push(elapsed);
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        failed += 1;
        firstError ??= error.message;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  const lastSaved = performance.now();
  const flush = razorpay ? await razorpay.flush() : undefined;
  return {
    seconds: (performance.now() - started) / 1000,
    tailMs: performance.now() - lastSaved,
    latencies,
    steps,
    orderIds,
    payments,
    flush,
    failed,
    firstError,
    pointsSpent,
    noPoints,
  };
}

/** Sums rounds of one variant into orders/s (paid orders over the rounds' time) and percentiles. */
export function combineRounds(rounds) {
  const latencies = rounds.flatMap((r) => r.latencies);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const steps = {};
  for (const round of rounds)
    for (const [name, values] of Object.entries(round.steps)) (steps[name] ??= []).push(...values);
  return {
    paid: latencies.length,
    failed: rounds.reduce((sum, r) => sum + r.failed, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError,
    ordersPerSecond: latencies.length / seconds,
    perRound: rounds.map((r) => r.latencies.length / r.seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    stepP50: Object.fromEntries(
      Object.entries(steps).map(([name, values]) => [name, percentile(values, 50)]),
    ),
    orderIds: rounds.flatMap((r) => r.orderIds),
    payments: rounds.flatMap((r) => r.payments ?? []),
    flushes: rounds.map((r) => r.flush).filter(Boolean),
    tailMs: rounds.map((r) => r.tailMs),
    pointsSpent: rounds.reduce((sum, r) => sum + r.pointsSpent, 0),
    noPoints: rounds.reduce((sum, r) => sum + r.noPoints, 0),
  };
}

/**
 * What the database holds for `orderIds` afterwards: how many are confirmed (Packing), carry the
 * coupon and points, and whether every order's total is the sum of its discounted lines and the
 * points ledger holds one redemption per order that spent points.
 */
export async function checkPaidOrders(handle, orderIds) {
  if (orderIds.length === 0) return undefined;
  const [row] = await query(
    handle,
    sql`SELECT
          count(*)::int AS orders,
          count(*) FILTER (WHERE o.status_id = 10)::int AS packing,
          count(*) FILTER (WHERE o.coupon_code = ${COUPON_CODE} AND o.coupon_discount_minor > 0)::int AS "withCoupon",
          count(*) FILTER (WHERE o.points_redeemed > 0)::int AS "withPoints",
          coalesce(sum(o.coupon_discount_minor + o.points_discount_minor), 0)::bigint AS "discountMinor",
          count(*) FILTER (WHERE o.total_order_value_minor <> (
            SELECT coalesce(sum(l.unit_price_minor * l.quantity - l.discount_minor), 0) FROM order_lines l
            WHERE l.order_id = o.id))::int AS "totalMismatch",
          (SELECT count(*)::int FROM loyalty_ledger r WHERE r.kind = 'redeemed'
            AND r.order_id IN ${idList(orderIds)}) AS redemptions
        FROM orders o WHERE o.id IN ${idList(orderIds)}`,
  );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}

/**
 * Samples what the shop's PostgreSQL backends wait on, every `everyMs` until stopped: the mean
 * number of backends per wait ('Lock:advisory' is the audit chain's append lock,
 * 'Lock:transactionid' a row another transaction holds, 'running' on a core or ready to be), and
 * of those inside a transaction waiting for the shop's next statement.
 */
export function sampleWaits(handle, everyMs = 100) {
  const totals = new Map();
  let samples = 0;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const rows = await query(
        handle,
        sql`SELECT CASE WHEN state <> 'active' THEN 'in a transaction, waiting for the shop'
              ELSE coalesce(wait_event_type || ':' || wait_event, 'running') END AS wait,
              count(*)::int AS n
            FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND state IN ('active', 'idle in transaction')
              AND backend_type = 'client backend'
            GROUP BY 1`,
      );
      samples += 1;
      for (const row of rows) totals.set(row.wait, (totals.get(row.wait) ?? 0) + Number(row.n));
    } catch {
      // A missed sample only thins the average.
    } finally {
      busy = false;
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return {
        samples,
        mean: Object.fromEntries(
          [...totals]
            .map(([wait, total]) => [wait, total / Math.max(1, samples)])
            .sort((a, b) => b[1] - a[1]),
        ),
      };
    },
  };
}
