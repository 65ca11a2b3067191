import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Script } from 'node:vm';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRazorpayDouble, type RazorpayDouble } from './razorpay-double';

/**
 * The double as the shop meets it: through the official SDK with its base URL pointed here, and
 * through webhooks to a local endpoint that checks their signatures as the shop does.
 */
const KEY_ID = 'rzp_test_double123';
const KEY_SECRET = 'key-secret';
const WEBHOOK_SECRET = 'webhook-secret';

interface ReceivedWebhook {
  event: string;
  eventId: string;
  signatureValid: boolean;
  sdkSignatureValid: boolean;
  body: {
    entity: string;
    account_id: string;
    event: string;
    contains: string[];
    payload: Record<string, { entity: Record<string, unknown> }>;
    created_at: number;
  };
}

let double: RazorpayDouble;
let rzp: Razorpay;
let shop: http.Server;
let shopUrl: string;
let received: ReceivedWebhook[] = [];

function sdkFor(baseURL: string, keyId = KEY_ID, keySecret = KEY_SECRET): Razorpay {
  const sdk = new Razorpay({ key_id: keyId, key_secret: keySecret });
  (sdk.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = baseURL;
  return sdk;
}

/** What the SDK throws for an API error: `{ statusCode, error }`. */
async function sdkError(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return error as { statusCode: number; error: { code: string; description: string } };
  }
  throw new Error('The call succeeded.');
}

beforeAll(async () => {
  shop = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['x-razorpay-signature']);
      const expected = createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
      const body = JSON.parse(raw) as ReceivedWebhook['body'];
      received.push({
        event: body.event,
        eventId: String(req.headers['x-razorpay-event-id']),
        signatureValid:
          signature === expected && req.headers['content-type'] === 'application/json',
        sdkSignatureValid: Razorpay.validateWebhookSignature(raw, signature, WEBHOOK_SECRET),
        body,
      });
      res.writeHead(body.event === 'payment.failed' ? 422 : 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/webhook`;
  double = await startRazorpayDouble({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
  });
  rzp = sdkFor(double.url);
});

afterAll(async () => {
  await double.close();
  await new Promise((resolve) => shop.close(resolve));
});

beforeEach(() => {
  double.webhookUrl = undefined;
  double.refundMode = 'processed';
  received = [];
});

describe('orders and payments through the SDK', () => {
  it('creates an order with Razorpay’s fields and refuses an invalid one', async () => {
    const order = await rzp.orders.create({
      amount: 49_900,
      currency: 'INR',
      receipt: 'shop-order-1',
      notes: { shop_order: 'A-1' },
    });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: 'order',
      amount: 49_900,
      amount_paid: 0,
      amount_due: 49_900,
      currency: 'INR',
      receipt: 'shop-order-1',
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { shop_order: 'A-1' },
      created_at: expect.any(Number),
    });
    expect(Math.abs(Number(order.created_at) - Date.now() / 1000)).toBeLessThan(5);
    expect(await rzp.orders.fetch(order.id)).toEqual(order);

    const tooSmall = await sdkError(rzp.orders.create({ amount: 99, currency: 'INR' }));
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.error.code).toBe('BAD_REQUEST_ERROR');
    expect(
      (await sdkError(rzp.orders.create({ amount: 100, currency: 'INR', receipt: 'r'.repeat(41) })))
        .error.description,
    ).toMatch(/receipt/);
    expect((await sdkError(rzp.orders.create({ amount: 100.5, currency: 'INR' }))).statusCode).toBe(
      400,
    );
    expect((await sdkError(rzp.orders.fetch('order_DoesNotExist00'))).error.description).toBe(
      'The id provided does not exist',
    );
  });

  it('pays an order, with a signature Checkout would return, and refuses a second payment', async () => {
    const order = await rzp.orders.create({ amount: 25_000, currency: 'INR', receipt: 'r-2' });
    const { payment, response } = await double.pay(order.id, { method: 'upi' });
    expect(payment).toMatchObject({
      id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
      entity: 'payment',
      amount: 25_000,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method: 'upi',
      vpa: 'success@razorpay',
      captured: true,
      amount_refunded: 0,
      refund_status: null,
      error_code: null,
    });
    const independent = createHmac('sha256', KEY_SECRET)
      .update(`${order.id}|${payment.id}`)
      .digest('hex');
    expect(response).toEqual({
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: independent,
    });
    expect(double.sign(order.id, payment.id)).toBe(independent);

    expect(await rzp.payments.fetch(payment.id)).toEqual(payment);
    expect(await rzp.orders.fetch(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: 25_000,
      amount_due: 0,
      attempts: 1,
    });
    const list = await rzp.orders.fetchPayments(order.id);
    expect(list).toEqual({ entity: 'collection', count: 1, items: [payment] });

    await expect(double.pay(order.id)).rejects.toThrow('Order has already been paid');
  });

  it('records a failed attempt and captures an authorized payment once', async () => {
    const order = await rzp.orders.create({ amount: 10_000, currency: 'INR' });
    const failed = await double.pay(order.id, { method: 'card', outcome: 'failed' });
    expect(failed.response).toBeNull();
    expect(failed.payment).toMatchObject({
      status: 'failed',
      card_id: expect.stringMatching(/^card_/),
      error_code: 'BAD_REQUEST_ERROR',
      error_reason: 'payment_failed',
    });
    expect((await rzp.orders.fetch(order.id)).status).toBe('attempted');

    const { payment } = await double.pay(order.id, { method: 'netbanking', outcome: 'authorized' });
    expect(payment).toMatchObject({ status: 'authorized', captured: false, bank: 'HDFC' });
    expect(
      (await sdkError(rzp.payments.capture(payment.id, 9_999, 'INR'))).error.description,
    ).toMatch(/amount/);

    const captured = await rzp.payments.capture(payment.id, 10_000, 'INR');
    expect(captured).toMatchObject({ status: 'captured', captured: true, fee: expect.any(Number) });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', attempts: 2 });
    const again = await sdkError(rzp.payments.capture(payment.id, 10_000, 'INR'));
    expect(again.statusCode).toBe(400);
    expect(again.error.description).toBe('This payment has already been captured');

    const payments = await rzp.orders.fetchPayments(order.id);
    expect(payments.items.map((item) => item.id)).toEqual([payment.id, failed.payment.id]);
  });

  it('follows an order created for manual capture', async () => {
    const order = await rzp.orders.create({
      amount: 5_000,
      currency: 'INR',
      payment_capture: false,
    });
    expect((await double.pay(order.id, { method: 'wallet' })).payment).toMatchObject({
      status: 'authorized',
      wallet: 'paytm',
    });
  });

  it('refunds partially twice, then refuses more than what is left', async () => {
    const order = await rzp.orders.create({ amount: 30_000, currency: 'INR' });
    const { payment } = await double.pay(order.id);

    const first = await rzp.payments.refund(payment.id, {
      amount: 10_000,
      speed: 'normal',
      receipt: 'refund-1',
      notes: { shop_refund: 'refund-1' },
    });
    expect(first).toEqual({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      entity: 'refund',
      amount: 10_000,
      currency: 'INR',
      payment_id: payment.id,
      notes: { shop_refund: 'refund-1' },
      receipt: 'refund-1',
      acquirer_data: { arn: expect.any(String) },
      created_at: expect.any(Number),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    expect(await rzp.payments.fetch(payment.id)).toMatchObject({
      status: 'captured',
      amount_refunded: 10_000,
      refund_status: 'partial',
    });

    const second = await rzp.payments.refund(payment.id, { amount: 15_000 });
    expect(second.notes).toEqual([]);
    const over = await sdkError(rzp.payments.refund(payment.id, { amount: 5_001 }));
    expect(over.statusCode).toBe(400);
    expect(over.error.description).toBe(
      'The refund amount provided is greater than amount captured',
    );

    const refunds = await rzp.payments.fetchMultipleRefund(payment.id, { count: 100 });
    expect(refunds.count).toBe(2);
    expect(refunds.items.map((refund) => refund.id)).toEqual([second.id, first.id]);
    expect(await rzp.refunds.fetch(first.id)).toEqual(first);
    expect(await rzp.payments.fetchRefund(payment.id, second.id)).toEqual(second);

    const rest = await rzp.payments.refund(payment.id, {});
    expect(rest.amount).toBe(5_000);
    expect(await rzp.payments.fetch(payment.id)).toMatchObject({
      status: 'refunded',
      amount_refunded: 30_000,
      refund_status: 'full',
    });
  });

  it('routes the query parameters the SDK adds to list calls', async () => {
    double.requests.length = 0;
    const orders = await rzp.orders.all({ count: 2 });
    expect(orders.count).toBe(2);
    const refunds = await rzp.refunds.all({ count: 1, skip: 0 });
    expect(refunds.items).toHaveLength(1);
    expect(double.requests).toEqual([
      { method: 'GET', path: '/v1/orders?count=2&skip=0' },
      { method: 'GET', path: '/v1/refunds?count=1&skip=0' },
    ]);
  });

  it('answers 401 in Razorpay’s shape for a wrong key', async () => {
    const wrong = sdkFor(double.url, KEY_ID, 'not-the-secret');
    const error = await sdkError(wrong.orders.create({ amount: 1_000, currency: 'INR' }));
    expect(error).toEqual({
      statusCode: 401,
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Authentication failed',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    });
  });

  it('fails the next calls of a kind with a 500, without changing anything', async () => {
    double.failNext.orders = 1;
    const before = double.orders.size;
    expect((await sdkError(rzp.orders.create({ amount: 1_000, currency: 'INR' }))).statusCode).toBe(
      500,
    );
    expect(double.orders.size).toBe(before);
    await rzp.orders.create({ amount: 1_000, currency: 'INR' });
    expect(double.orders.size).toBe(before + 1);
  });
});

describe('webhooks', () => {
  it('sends payment.captured then order.paid after a Checkout payment, signed', async () => {
    double.webhookUrl = shopUrl;
    const order = await rzp.orders.create({ amount: 12_300, currency: 'INR' });
    const { payment } = await double.pay(order.id, { method: 'card' });
    await double.flushWebhooks();

    expect(received.map((hook) => hook.event)).toEqual(['payment.captured', 'order.paid']);
    for (const hook of received) {
      expect(hook.signatureValid).toBe(true);
      expect(hook.sdkSignatureValid).toBe(true);
      expect(hook.eventId).toMatch(/^[A-Za-z0-9]{14}$/);
      expect(hook.body).toMatchObject({ entity: 'event', account_id: 'acc_double' });
    }
    const [captured, paid] = received;
    expect(captured?.body.contains).toEqual(['payment']);
    expect(captured?.body.payload.payment?.entity).toEqual(payment);
    expect(paid?.body.contains).toEqual(['payment', 'order']);
    expect(paid?.body.payload.order?.entity).toMatchObject({ id: order.id, status: 'paid' });
    expect(double.sentWebhooks.slice(-2)).toMatchObject([
      { id: captured?.eventId, event: 'payment.captured', status: 200, paymentId: payment.id },
      { id: paid?.eventId, event: 'order.paid', status: 200, paymentId: payment.id },
    ]);
  });

  it("delivers each webhook on its own in 'concurrent' mode, and flushWebhooks waits for all", async () => {
    const concurrent = await startRazorpayDouble({
      keyId: 'rzp_test_Concurrent01',
      keySecret: 'concurrent-key-secret',
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: shopUrl,
      webhookDelivery: 'concurrent',
    });
    try {
      const client = sdkFor(concurrent.url, 'rzp_test_Concurrent01', 'concurrent-key-secret');
      const orders = await Promise.all(
        [1_000, 2_000, 3_000].map((amount) => client.orders.create({ amount, currency: 'INR' })),
      );
      const paid = await Promise.all(orders.map((order) => concurrent.pay(order.id)));
      await concurrent.flushWebhooks();
      expect(concurrent.sentWebhooks).toHaveLength(6);
      for (const { payment } of paid)
        expect(
          concurrent.sentWebhooks
            .filter((hook) => hook.paymentId === payment.id)
            .map((hook) => hook.event)
            .sort(),
        ).toEqual(['order.paid', 'payment.captured']);
      expect(concurrent.sentWebhooks.every((hook) => hook.status === 200 && hook.ms >= 0)).toBe(
        true,
      );
    } finally {
      await concurrent.close();
    }
  });

  it('sends payment.failed, refund webhooks, replays by id and survives a shop that is down', async () => {
    double.webhookUrl = shopUrl;
    const order = await rzp.orders.create({ amount: 20_000, currency: 'INR' });
    await double.pay(order.id, { outcome: 'failed' });
    await double.flushWebhooks();
    expect(received.map((hook) => hook.event)).toEqual(['payment.failed']);
    expect(double.sentWebhooks.at(-1)).toMatchObject({ event: 'payment.failed', status: 422 });

    const { payment } = await double.pay(order.id, { sendWebhook: false });
    double.refundMode = 'pending';
    const refund = await rzp.payments.refund(payment.id, { amount: 5_000 });
    expect(refund.status).toBe('pending');
    received = [];
    const settled = await double.settleRefund(refund.id, 'failed');
    expect(settled.status).toBe('failed');
    expect(received.map((hook) => hook.event)).toEqual(['refund.failed']);
    expect(received[0]?.body.contains).toEqual(['refund', 'payment']);
    expect(await rzp.payments.fetch(payment.id)).toMatchObject({
      amount_refunded: 0,
      refund_status: null,
    });

    const replayed = await double.sendWebhook(
      'refund.failed',
      { refund: settled },
      { eventId: received[0]?.eventId },
    );
    expect(replayed).toEqual({ status: 200, body: 'ok' });
    expect(received[1]?.eventId).toBe(received[0]?.eventId);

    double.refundMode = 'processed';
    received = [];
    const other = await rzp.orders.create({ amount: 8_000, currency: 'INR' });
    const authorized = await double.pay(other.id, { outcome: 'authorized' });
    await rzp.payments.capture(authorized.payment.id, 8_000, 'INR');
    await rzp.payments.refund(authorized.payment.id, { amount: 1_000 });
    await double.flushWebhooks();
    expect(received.map((hook) => hook.event)).toEqual([
      'payment.authorized',
      'payment.captured',
      'order.paid',
      'refund.processed',
    ]);

    double.webhookUrl = 'http://127.0.0.1:1/closed';
    expect(await double.sendWebhook('payment.captured', { payment })).toEqual({
      status: 0,
      body: '',
    });
    expect(double.sentWebhooks.at(-1)).toMatchObject({ event: 'payment.captured', status: 0 });
  });
});

describe('Checkout', () => {
  it('serves checkout.js as JavaScript that defines window.Razorpay', async () => {
    const response = await fetch(double.checkoutScriptUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const source = await response.text();
    expect(() => new Script(source)).not.toThrow();
    expect(source).toContain('window.Razorpay = Razorpay');
    expect(source).toContain(JSON.stringify(double.url));
  });

  it('takes a payment from the page, with CORS, and checks the key', async () => {
    const endpoint = `${double.url}/v1/checkout/pay`;
    const preflight = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4321', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);

    const order = await rzp.orders.create({ amount: 7_700, currency: 'INR' });
    const post = (body: Record<string, unknown>) =>
      fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key_id: KEY_ID, order_id: order.id, ...body }),
      });

    expect((await post({ key_id: 'rzp_test_other', method: 'upi' })).status).toBe(401);

    const failed = await post({ method: 'upi', outcome: 'failed' });
    expect(failed.status).toBe(400);
    const failure = (await failed.json()) as { error: Record<string, unknown> };
    expect(failure.error).toEqual({
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
    });

    const paid = await post({ method: 'upi', outcome: 'success' });
    expect(paid.headers.get('access-control-allow-origin')).toBe('*');
    const answer = (await paid.json()) as Record<string, string>;
    expect(answer.razorpay_signature).toBe(double.sign(order.id, answer.razorpay_payment_id ?? ''));
    const again = await post({ method: 'upi', outcome: 'success' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { description: string } }).error.description).toBe(
      'Order has already been paid',
    );
  });
});
