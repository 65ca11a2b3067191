// Issue 28 rows n4–n5: place-and-pay through Razorpay beside cash on delivery. Razorpay is the
// local double (tooling/razorpay-double) in a process of its own (bench/razorpay-double-server.mjs),
// the shop started with the RAZORPAY_* variables pointing at it, and the double's webhooks
// (payment.captured, then order.paid, after each payment) sent to the shop's
// /api/payment/webhook/razorpay as Razorpay sends them, racing the browser's save.
import { sql } from 'drizzle-orm';
import { query } from '../lib/database.mjs';
import { requestJson } from '../lib/http-json.mjs';
import { percentile } from '../lib/load.mjs';
import { freePort, startChild, waitForOk } from '../lib/process.mjs';

/** Made-up keys, the same on both sides (test mode: rzp_test_…). */
export const RAZORPAY_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_BenchDouble01',
  RAZORPAY_KEY_SECRET: 'bench-double-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bench-double-webhook-secret',
};

/**
 * The double for a shop that will listen on `shopPort`: started first, since the shop reads its
 * URL at start. `shopEnv` is what the shop needs; `flush()` waits until the shop has answered
 * every webhook queued so far and tells what happened since the previous flush (the double's API
 * calls by kind, the webhooks with the shop's status and time); `stop()` ends the process.
 */
export async function startRazorpay(shopPort) {
  const port = await freePort();
  const controlPort = await freePort();
  const child = startChild(
    'Razorpay double',
    ['--import', 'tsx', 'bench/razorpay-double-server.mjs'],
    {
      ...RAZORPAY_KEYS,
      BENCH_RAZORPAY_PORT: String(port),
      BENCH_RAZORPAY_CONTROL_PORT: String(controlPort),
      BENCH_RAZORPAY_WEBHOOK_TARGET: `http://127.0.0.1:${shopPort}/api/payment/webhook/razorpay`,
    },
  );
  const control = `http://127.0.0.1:${controlPort}`;
  await waitForOk(`${control}/health`, { child });
  const url = `http://127.0.0.1:${port}`;
  return {
    pid: child.pid,
    url,
    keyId: RAZORPAY_KEYS.RAZORPAY_KEY_ID,
    shopEnv: {
      ...RAZORPAY_KEYS,
      RAZORPAY_API_URL: url,
      RAZORPAY_CHECKOUT_URL: `${url}/v1/checkout.js`,
    },
    async flush() {
      const response = await fetch(`${control}/flush`, { signal: AbortSignal.timeout(120_000) });
      if (!response.ok) throw new Error(`the double's /flush answered ${response.status}`);
      return response.json();
    },
    stop: () => child.stop(),
  };
}

/**
 * What Razorpay Checkout does in the browser once the customer chose UPI: POST /v1/checkout/pay
 * on Razorpay's origin with the key, the Razorpay order and the prefill; its answer is the
 * signed triple the page then saves on the shop.
 */
export async function checkoutPay(razorpay, intent) {
  const { status, text } = await requestJson(`${razorpay.url}/v1/checkout/pay`, {
    method: 'POST',
    body: {
      key_id: intent.keyId,
      order_id: intent.razorpayOrderId,
      method: 'upi',
      email: intent.prefill?.email,
      contact: intent.prefill?.contact,
      description: intent.description,
    },
  });
  const body = JSON.parse(text);
  if (status < 200 || status >= 300 || !body.razorpay_payment_id)
    throw new Error(`Checkout's payment answered ${status}: ${text.slice(0, 200)}`);
  return body;
}

/**
 * The flushes of one variant's rounds summed up: webhooks sent and answered 2xx, the shop's time
 * to answer one, how long after Checkout's answer each reached the shop (`paidAt`: payment id →
 * epoch ms), the double's API calls per paid order, and the wait for the last webhooks.
 */
export function webhookSummary(flushes, paidAt, paid) {
  const webhooks = flushes.flatMap((flush) => flush.webhooks);
  const api = {};
  for (const flush of flushes)
    for (const [kind, count] of Object.entries(flush.api)) api[kind] = (api[kind] ?? 0) + count;
  const lags = webhooks
    .filter((w) => paidAt.has(w.paymentId))
    .map((w) => w.receivedAt - paidAt.get(w.paymentId));
  const byEvent = {};
  for (const w of webhooks) byEvent[w.event] = (byEvent[w.event] ?? 0) + 1;
  return {
    sent: webhooks.length,
    ok: webhooks.filter((w) => w.status >= 200 && w.status < 300).length,
    statuses: [...new Set(webhooks.map((w) => w.status))].sort(),
    byEvent,
    answerP50: percentile(
      webhooks.map((w) => w.ms),
      50,
    ),
    answerP95: percentile(
      webhooks.map((w) => w.ms),
      95,
    ),
    lagP50: percentile(lags, 50),
    lagP95: percentile(lags, 95),
    apiPerOrder: Object.fromEntries(
      Object.entries(api).map(([kind, count]) => [kind, count / Math.max(1, paid)]),
    ),
    flushMs: flushes.map((flush) => flush.flushMs),
  };
}

/**
 * What the database holds for the Razorpay orders: how many are confirmed (Packing), and their
 * payment rows: Razorpay's, succeeded, with a payment id, for the order's total, exactly one each.
 */
export async function checkRazorpayOrders(handle, orderIds) {
  if (orderIds.length === 0) return undefined;
  const [row] = await query(
    handle,
    sql`SELECT
          count(*)::int AS orders,
          count(*) FILTER (WHERE o.status_id = 10)::int AS packing,
          count(*) FILTER (WHERE (SELECT count(*) FROM payments p WHERE p.order_id = o.id
            AND p.provider = 'razorpay' AND p.status = 'succeeded'
            AND p.provider_payment_id IS NOT NULL
            AND p.amount_minor = o.total_order_value_minor) = 1)::int AS "paidOnce",
          (SELECT count(*)::int FROM payments p WHERE p.order_id IN (SELECT value::int FROM
            json_array_elements_text(${JSON.stringify(orderIds)}::json))) AS "paymentRows"
        FROM orders o
        WHERE o.id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(orderIds)}::json))`,
  );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}
