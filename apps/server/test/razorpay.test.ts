import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, codAboveLimitText } from '@pharmacy/shared';
import { ConfigError, loadConfig } from '../src/config/env';
import { PAYMENT_NOT_NEEDED } from '../src/modules/orders/online-payment-steps';
import {
  PAYMENT_AMOUNT_MISMATCH,
  PAYMENT_NOT_COMPLETE,
  PAYMENT_NOT_VERIFIED,
} from '../src/modules/payments/razorpay-payments.service';
import { SEND_RAZORPAY_FIELDS } from '../src/modules/payments/payments.routes';
import { eq } from 'drizzle-orm';
import { payments } from '../src/db/schema/index';
import { RECONCILE_PAYMENTS_QUEUE } from '../src/modules/payments/payments.module';
import { testDriver } from './helpers';
import { RAZORPAY_KEYS, startRazorpayShop, type RazorpayShop } from './support/razorpay-shop';

const S = ORDER_STATUS;

describe(`Razorpay checkout (${testDriver})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop({ codMaxOrderValueMinor: 50_000 });
  });
  afterAll(async () => shop.close());

  it('opens one Razorpay order for the exact total, answers what Checkout needs and never the secret', async () => {
    const { member, orderId } = await shop.orderAtPayment();
    const first = await shop.createIntent(member, orderId);
    expect(first.statusCode).toBe(200);
    const intent = first.json();
    expect(intent).toMatchObject({
      provider: 'razorpay',
      keyId: RAZORPAY_KEYS.keyId,
      amount: 39800,
      currency: 'INR',
      checkoutScriptUrl: shop.double.checkoutScriptUrl,
      description: `Order #${orderId}`,
      prefill: { name: expect.any(String), email: member.email, contact: expect.any(String) },
    });
    expect(first.body).not.toContain(RAZORPAY_KEYS.keySecret);
    expect(first.body).not.toContain(RAZORPAY_KEYS.webhookSecret);
    const made = shop.double.orders.get(intent.razorpayOrderId);
    expect(made).toMatchObject({ amount: 39800, currency: 'INR', receipt: String(orderId) });

    // The same total reuses the same Razorpay order; so does a double click.
    const [again, twice] = await Promise.all([
      shop.createIntent(member, orderId),
      shop.createIntent(member, orderId),
    ]);
    expect(again.json().razorpayOrderId).toBe(intent.razorpayOrderId);
    expect(twice.json().razorpayOrderId).toBe(intent.razorpayOrderId);
    expect(
      [...shop.double.orders.values()].filter((o) => o.receipt === String(orderId)),
    ).toHaveLength(1);
  });

  it('a first double click (or a second tab) gets one Razorpay order, and the order one open payment', async () => {
    const { member, orderId } = await shop.orderAtPayment();
    const answers = await Promise.all([
      shop.createIntent(member, orderId),
      shop.createIntent(member, orderId),
      shop.createIntent(member, orderId),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const ids = new Set(answers.map((answer) => answer.json().razorpayOrderId));
    expect(ids.size).toBe(1);
    const rows = await shop
      .db()
      .select({ intentId: payments.intentId, status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    expect(rows).toEqual([{ intentId: [...ids][0], status: 'requires_payment' }]);
  });

  it('a changed total (points) makes a new Razorpay order for the new amount', async () => {
    const { member, orderId } = await shop.orderAtPayment();
    const before = (await shop.createIntent(member, orderId)).json();
    const { givePoints } = await import('./support/promotions');
    await givePoints(shop.db(), member.id, 20);
    const spent = await shop.call(member, 'POST', `/api/order/${orderId}/points`, { points: 10 });
    expect(spent.statusCode).toBe(200);
    const total = (await shop.order(orderId)).totalOrderValueMinor;
    expect(total).toBeLessThan(39800);
    const after = (await shop.createIntent(member, orderId)).json();
    expect(after.razorpayOrderId).not.toBe(before.razorpayOrderId);
    expect(after.amount).toBe(total);
    expect(shop.double.orders.get(after.razorpayOrderId)?.amount).toBe(total);
  });

  it('accepts a verified, captured payment of the exact amount once: Packing, paid by UPI', async () => {
    const { member, orderId } = await shop.orderAtPayment();
    const intent = (await shop.createIntent(member, orderId)).json();
    const { response } = await shop.double.pay(intent.razorpayOrderId, { method: 'upi' });
    if (!response) throw new Error('no Checkout response');
    // A double click on Pay: both calls arrive; one records, the other finds it recorded.
    const [one, two] = await Promise.all([
      shop.save(member, orderId, response),
      shop.save(member, orderId, response),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect([one.json().message, two.json().message].sort()).toEqual([
      'Payment already saved',
      'Payment successful',
    ]);
    const order = await shop.order(orderId);
    expect(order.statusId).toBe(S.PACKING);
    expect(order.paymentNote).toBe('Paid online by UPI');
    const rows = await shop.paymentsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'razorpay',
      status: 'succeeded',
      intentId: intent.razorpayOrderId,
      providerPaymentId: response.razorpay_payment_id,
      channel: 'upi',
      amountMinor: 39800,
    });
    // The order page shows the provider, the payment id and how it was paid.
    const view = (await shop.call(member, 'GET', `/api/order/${orderId}/after-sales`)).json();
    expect(view.payments).toEqual([
      expect.objectContaining({
        provider: 'razorpay',
        channel: 'upi',
        providerPaymentId: response.razorpay_payment_id,
        status: 'succeeded',
        amount: 398,
      }),
    ]);
  });

  it('refuses a forged signature, another order’s payment and an unfinished one, changing nothing', async () => {
    const { member, orderId } = await shop.orderAtPayment();
    const intent = (await shop.createIntent(member, orderId)).json();
    const { response } = await shop.double.pay(intent.razorpayOrderId, { method: 'card' });
    if (!response) throw new Error('no Checkout response');

    const forged = await shop.save(member, orderId, {
      ...response,
      razorpay_signature: 'a'.repeat(64),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(PAYMENT_NOT_VERIFIED);
    const swapped = await shop.save(member, orderId, {
      ...response,
      razorpay_payment_id: 'pay_SomeoneElse123',
    });
    expect(swapped.statusCode).toBe(400);

    // Another order's genuine payment, sent for this order.
    const other = await shop.orderAtPayment();
    const otherIntent = (await shop.createIntent(other.member, other.orderId)).json();
    const otherPaid = await shop.double.pay(otherIntent.razorpayOrderId);
    const wrongOrder = await shop.save(member, orderId, otherPaid.response ?? {});
    expect(wrongOrder.statusCode).toBe(404);
    // …or by another customer for the right order.
    const stranger = await shop.save(other.member, orderId, response);
    expect(stranger.statusCode).toBe(404);
    expect((await shop.order(orderId)).statusId).toBe(S.PAYMENT);
    expect((await shop.order(other.orderId)).statusId).toBe(S.PAYMENT);

    // The card-shaped body is not this shop's protocol.
    const cardShaped = await shop.save(member, orderId, {
      paymentId: response.razorpay_payment_id,
    });
    expect(cardShaped.statusCode).toBe(400);
    expect(cardShaped.json().message).toBe(SEND_RAZORPAY_FIELDS);

    // Authorized but failing capture is not possible here; a failed attempt is 'not yet'.
    const third = await shop.orderAtPayment();
    const thirdIntent = (await shop.createIntent(third.member, third.orderId)).json();
    const failed = await shop.double.pay(thirdIntent.razorpayOrderId, { outcome: 'failed' });
    const signature = shop.double.sign(thirdIntent.razorpayOrderId, failed.payment.id);
    const notYet = await shop.save(third.member, third.orderId, {
      razorpay_order_id: thirdIntent.razorpayOrderId,
      razorpay_payment_id: failed.payment.id,
      razorpay_signature: signature,
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(PAYMENT_NOT_COMPLETE);
    expect((await shop.order(third.orderId)).statusId).toBe(S.PAYMENT);

    // The genuine one still goes through afterwards.
    expect((await shop.save(member, orderId, response)).statusCode).toBe(200);
    expect((await shop.order(orderId)).paymentNote).toBe('Paid online by card');
  });

  it('captures an authorized payment of the right amount; refuses a smaller one without taking it', async () => {
    const { member, orderId } = await shop.orderAtPayment();
    const intent = (await shop.createIntent(member, orderId)).json();
    const smaller = await shop.double.pay(intent.razorpayOrderId, {
      outcome: 'authorized',
      amount: 100,
    });
    const refused = await shop.save(member, orderId, smaller.response ?? {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYMENT_AMOUNT_MISMATCH);
    expect(shop.double.payments.get(smaller.payment.id)?.status).toBe('authorized');
    expect((await shop.order(orderId)).statusId).toBe(S.PAYMENT);

    const right = await shop.double.pay(intent.razorpayOrderId, { outcome: 'authorized' });
    const saved = await shop.save(member, orderId, right.response ?? {});
    expect(saved.statusCode).toBe(200);
    expect(shop.double.payments.get(right.payment.id)?.status).toBe('captured');
    expect((await shop.order(orderId)).statusId).toBe(S.PACKING);
  });

  it('a captured payment of another amount is refused by the browser path, then refunded in full by Razorpay’s word', async () => {
    const { member, orderId } = await shop.orderAtPayment();
    const intent = (await shop.createIntent(member, orderId)).json();
    const smaller = await shop.double.pay(intent.razorpayOrderId, { amount: 200 });
    const answer = await shop.save(member, orderId, smaller.response ?? {});
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(PAYMENT_NOT_NEEDED);
    expect((await shop.order(orderId)).statusId).toBe(S.PAYMENT);
    expect((await shop.paymentsOf(orderId))[0]?.status).toBe('requires_payment');
    // The webhook was lost: the reconciliation job finds the captured payment and gives it back.
    await shop
      .db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(payments.orderId, orderId));
    await shop.t.app.jobs.enqueue(shop.db(), RECONCILE_PAYMENTS_QUEUE, {});
    await shop.t.app.jobs.drain();
    expect((await shop.order(orderId)).statusId).toBe(S.PAYMENT);
    const view = (await shop.call(member, 'GET', `/api/order/${orderId}/after-sales`)).json();
    expect(view.refunds).toEqual([
      expect.objectContaining({ reason: 'duplicate', amountMinor: 200, status: 'succeeded' }),
    ]);
    const refunds = [...shop.double.refunds.values()].filter(
      (refund) => refund.payment_id === smaller.payment.id,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(200);
    // The customer can still pay the right amount, through a new Razorpay order.
    const next = (await shop.createIntent(member, orderId)).json();
    expect(next.razorpayOrderId).not.toBe(intent.razorpayOrderId);
    const right = await shop.double.pay(next.razorpayOrderId);
    expect((await shop.save(member, orderId, right.response ?? {})).statusCode).toBe(200);
    expect((await shop.order(orderId)).statusId).toBe(S.PACKING);
  });

  it('cash on delivery is refused above COD_MAX_ORDER_VALUE with the sentence; the settings say the provider', async () => {
    const settings = (await shop.call(null, 'GET', '/api/settings')).json();
    expect(settings.payments).toEqual({ online: 'razorpay', codMaxOrderValue: 500 });
    const { member, orderId } = await shop.orderAtPayment(undefined, 3);
    const refused = await shop.call(member, 'PUT', `/api/order/${orderId}`, {
      payment: 'Cash on Delivery',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(codAboveLimitText(50_000));
    expect((await shop.order(orderId)).statusId).toBe(S.PAYMENT);
    const small = await shop.orderAtPayment(undefined, 2);
    const accepted = await shop.call(small.member, 'PUT', `/api/order/${small.orderId}`, {
      payment: 'Cash on Delivery',
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('documents its routes and allows Checkout in the CSP', async () => {
    const page = await shop.call(null, 'GET', '/api/health');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src[^;]*${shop.double.url.replace(/\./g, '\\.')}`));
    const docs = (await shop.call(null, 'GET', '/api/docs/json')).json();
    expect(Object.keys(docs.paths)).toContain('/api/payment/webhook/razorpay');
  });
});

describe('Razorpay configuration', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
  it('takes all three secrets or none, and says which when only some are set', () => {
    expect(() => loadConfig({ ...base, RAZORPAY_KEY_ID: 'rzp_test_1' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 's' }),
    ).toThrow(/RAZORPAY_KEY_ID \/ RAZORPAY_KEY_SECRET \/ RAZORPAY_WEBHOOK_SECRET/);
    const config = loadConfig({
      ...base,
      RAZORPAY_KEY_ID: 'rzp_test_1',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
      RAZORPAY_API_URL: 'http://127.0.0.1:9/',
      COD_MAX_ORDER_VALUE: '4999.50',
    });
    expect(config.razorpay).toMatchObject({
      keyId: 'rzp_test_1',
      apiUrl: 'http://127.0.0.1:9',
      checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    expect(config.codMaxOrderValueMinor).toBe(499_950);
    expect(loadConfig(base).razorpay).toBeUndefined();
    expect(loadConfig(base).codMaxOrderValueMinor).toBeNull();
    expect(() => loadConfig({ ...base, COD_MAX_ORDER_VALUE: 'lots' })).toThrow(
      /COD_MAX_ORDER_VALUE/,
    );
  });
});
