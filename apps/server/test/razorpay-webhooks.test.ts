import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@pharmacy/shared';
import { orderStatusHistory, payments, refunds } from '../src/db/schema/index';
import { RECONCILE_PAYMENTS_QUEUE } from '../src/modules/payments/payments.module';
import { REFUSED_WEBHOOKS_PER_MINUTE } from '../src/modules/payments/payments.routes';
import { testDriver } from './helpers';
import { readOutbox } from './support/outbox';
import { RAZORPAY_KEYS, startRazorpayShop, type RazorpayShop } from './support/razorpay-shop';

const S = ORDER_STATUS;
const MINUTE = 60_000;

describe(`Razorpay webhooks, reconciliation and refunds (${testDriver})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop({ listen: true });
  });
  afterAll(async () => shop.close());

  const webhookUrl = () => shop.double.webhookUrl ?? '';
  const post = (body: string, headers: Record<string, string>) =>
    fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const sign = (body: string, secret: string = RAZORPAY_KEYS.webhookSecret) =>
    createHmac('sha256', secret).update(body).digest('hex');
  const transitionsTo = async (orderId: number, statusId: number) =>
    (
      await shop
        .db()
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
    ).filter((row) => row.toStatusId === statusId).length;

  async function openCheckout() {
    const { member, orderId } = await shop.orderAtPayment();
    const intent = (await shop.createIntent(member, orderId)).json();
    return { member, orderId, razorpayOrderId: intent.razorpayOrderId as string };
  }

  it('refuses anything unsigned or forged with 401 and a malformed signed body with 400, never 500', async () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: {} });
    expect((await post(body, {})).status).toBe(401);
    expect((await post(body, { 'x-razorpay-signature': 'nonsense' })).status).toBe(401);
    expect(
      (await post(body, { 'x-razorpay-signature': sign(body, 'another-secret') })).status,
    ).toBe(401);
    expect((await post('{"event":', { 'x-razorpay-signature': sign('{"event":') })).status).toBe(
      400,
    );
    const noPayment = JSON.stringify({ event: 'payment.captured', payload: {} });
    expect((await post(noPayment, { 'x-razorpay-signature': sign(noPayment) })).status).toBe(400);
    const other = JSON.stringify({ event: 'settlement.processed', payload: {} });
    expect((await post(other, { 'x-razorpay-signature': sign(other) })).status).toBe(200);
    const notJson = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect([400, 401, 415]).toContain(notJson.status);
  });

  it('counts only refused deliveries against the limit: what Razorpay signed never meets it', async () => {
    const deliver = (payload: string, headers: Record<string, string>) =>
      shop.t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/razorpay',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
        remoteAddress: '203.0.113.77',
      });
    const other = JSON.stringify({ event: 'settlement.processed', payload: {} });
    for (let i = 0; i <= REFUSED_WEBHOOKS_PER_MINUTE; i++)
      expect((await deliver(other, { 'x-razorpay-signature': sign(other) })).statusCode).toBe(200);
    for (let i = 0; i < REFUSED_WEBHOOKS_PER_MINUTE; i++)
      expect((await deliver(other, { 'x-razorpay-signature': 'forged' })).statusCode).toBe(401);
    const limited = await deliver(other, { 'x-razorpay-signature': 'forged' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Razorpay's own deliveries still go through.
    expect((await deliver(other, { 'x-razorpay-signature': sign(other) })).statusCode).toBe(200);
  });

  it('confirms the order of a customer who paid and closed the tab, once, whatever the order of events', async () => {
    const { orderId, razorpayOrderId } = await openCheckout();
    // Checkout's payment; the browser never calls save-payment-details.
    const { payment } = await shop.double.pay(razorpayOrderId, { method: 'netbanking' });
    await shop.double.flushWebhooks();
    const sent = shop.double.sentWebhooks.filter((hook) => hook.status !== 0).slice(-2);
    expect(sent.map((hook) => [hook.event, hook.status])).toEqual([
      ['payment.captured', 200],
      ['order.paid', 200],
    ]);
    expect((await shop.order(orderId)).statusId).toBe(S.PACKING);
    expect((await shop.order(orderId)).paymentNote).toBe('Paid online by netbanking');

    // Replays: the same event id, and the same payment under a new id, in another order.
    const replayId = sent[0]?.id ?? '';
    const paymentEntity = shop.double.payments.get(payment.id);
    const orderEntity = shop.double.orders.get(razorpayOrderId);
    expect(
      (
        await shop.double.sendWebhook(
          'payment.captured',
          { payment: paymentEntity },
          { eventId: replayId },
        )
      ).status,
    ).toBe(200);
    expect(
      (await shop.double.sendWebhook('order.paid', { payment: paymentEntity, order: orderEntity }))
        .status,
    ).toBe(200);
    expect(
      (await shop.double.sendWebhook('payment.captured', { payment: paymentEntity })).status,
    ).toBe(200);
    expect(await transitionsTo(orderId, S.PACKING)).toBe(1);
    expect(await shop.paymentsOf(orderId)).toHaveLength(1);
    await shop.t.app.jobs.drain();
    const confirmations = (await readOutbox(shop.t.config.dataDir)).filter(
      (mail) => mail.subject === `Order confirmed — order #${orderId}`,
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.text).toContain('(Paid online by netbanking)');
  });

  it('records a payment once when both webhooks and the browser report it at the same moment', async () => {
    const { member, orderId, razorpayOrderId } = await openCheckout();
    const { payment, response } = await shop.double.pay(razorpayOrderId, {
      method: 'upi',
      sendWebhook: false,
    });
    const paymentEntity = shop.double.payments.get(payment.id);
    const orderEntity = shop.double.orders.get(razorpayOrderId);
    const [captured, paid, saved, savedTwice] = await Promise.all([
      shop.double.sendWebhook('payment.captured', { payment: paymentEntity }),
      shop.double.sendWebhook('order.paid', { payment: paymentEntity, order: orderEntity }),
      shop.save(member, orderId, response ?? {}),
      shop.save(member, orderId, response ?? {}),
    ]);
    expect([captured.status, paid.status]).toEqual([200, 200]);
    for (const answer of [saved, savedTwice]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().order.statusId).toBe(S.PACKING);
    }
    expect(await transitionsTo(orderId, S.PACKING)).toBe(1);
    const rows = await shop.paymentsOf(orderId);
    expect(rows.map((row) => [row.status, row.providerPaymentId])).toEqual([
      ['succeeded', payment.id],
    ]);
  });

  it('records a failed attempt on the order, which stays in Payment for a retry', async () => {
    const { member, orderId, razorpayOrderId } = await openCheckout();
    await shop.double.pay(razorpayOrderId, { outcome: 'failed' });
    await shop.double.flushWebhooks();
    expect((await shop.order(orderId)).statusId).toBe(S.PAYMENT);
    const [row] = await shop.paymentsOf(orderId);
    expect(row).toMatchObject({ status: 'requires_payment' });
    expect(row?.failureReason).toBeTruthy();
    // The retry pays the same Razorpay order.
    const again = (await shop.createIntent(member, orderId)).json();
    expect(again.razorpayOrderId).toBe(razorpayOrderId);
    const { response } = await shop.double.pay(razorpayOrderId, { sendWebhook: false });
    expect((await shop.save(member, orderId, response ?? {})).statusCode).toBe(200);
    expect((await shop.paymentsOf(orderId))[0]?.failureReason).toBeNull();
  });

  it('a payment that arrives after the order was cancelled is refunded in full through Razorpay', async () => {
    const { member, orderId, razorpayOrderId } = await openCheckout();
    const cancelled = await shop.call(member, 'POST', `/api/order/${orderId}/cancel`, {
      reasonCode: 'changed_mind',
    });
    expect(cancelled.statusCode).toBe(200);
    const { payment, response } = await shop.double.pay(razorpayOrderId, { method: 'wallet' });
    await shop.double.flushWebhooks();
    const late = await shop.save(member, orderId, response ?? {});
    expect(late.statusCode).toBe(200);
    expect(late.json().message).toBe('Payment already saved');
    expect((await shop.order(orderId)).statusId).toBe(S.CANCELLED);
    const [refund] = await shop.db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({
      reason: 'cancellation',
      amountMinor: 39800,
      provider: 'razorpay',
    });
    await shop.t.app.jobs.drain();
    const atRazorpay = [...shop.double.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(atRazorpay).toHaveLength(1);
    expect(atRazorpay[0]).toMatchObject({ amount: 39800, receipt: `refund-${refund?.id}` });
    const [settled] = await shop.db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(settled).toMatchObject({ status: 'succeeded', providerRefundId: atRazorpay[0]?.id });
  });

  it('a partial refund of a return goes to Razorpay once, and its end state comes from the webhook', async () => {
    const { member, orderId, razorpayOrderId } = await openCheckout();
    const { payment, response } = await shop.double.pay(razorpayOrderId, { sendWebhook: false });
    expect((await shop.save(member, orderId, response ?? {})).statusCode).toBe(200);
    shop.double.refundMode = 'pending';
    try {
      const row = await shop.db().transaction((tx) =>
        shop.t.app.refunds.refund(tx, {
          orderId,
          reason: 'return',
          amountMinor: 19900,
          byUserId: null,
        }),
      );
      // A retried job (a lost answer) must not refund twice: run the job, then run it again.
      await shop.t.app.jobs.drain();
      await shop.db().update(refunds).set({ providerRefundId: null }).where(eq(refunds.id, row.id));
      await shop.t.app.jobs.enqueue(shop.db(), 'send-refund', { refundId: row.id });
      await shop.t.app.jobs.drain();
      const atRazorpay = [...shop.double.refunds.values()].filter(
        (r) => r.payment_id === payment.id,
      );
      expect(atRazorpay).toHaveLength(1);
      expect(atRazorpay[0]).toMatchObject({ amount: 19900, status: 'pending' });
      const pending = await shop.t.app.refunds.listForOrder(shop.db(), orderId);
      expect(pending).toEqual([expect.objectContaining({ status: 'pending', amountMinor: 19900 })]);

      await shop.double.settleRefund(atRazorpay[0]?.id ?? '', 'processed', { sendWebhook: true });
      const done = await shop.t.app.refunds.listForOrder(shop.db(), orderId);
      expect(done).toEqual([expect.objectContaining({ status: 'succeeded', amountMinor: 19900 })]);
      const view = (await shop.call(member, 'GET', `/api/order/${orderId}/after-sales`)).json();
      expect(view.refunds[0]).toMatchObject({ status: 'succeeded', reason: 'return' });
    } finally {
      shop.double.refundMode = 'processed';
    }
  });

  it('reconciliation settles a paid order whose webhook was lost, closes abandoned ones and settles refunds', async () => {
    const paid = await openCheckout();
    await shop.double.pay(paid.razorpayOrderId, { sendWebhook: false });
    const waiting = await openCheckout();
    const recent = await openCheckout();
    await shop.double.pay(recent.razorpayOrderId, { sendWebhook: false });
    const cancelled = await openCheckout();
    await shop.call(cancelled.member, 'POST', `/api/order/${cancelled.orderId}/cancel`, {
      reasonCode: 'changed_mind',
    });
    // A refund Razorpay has not settled, whose webhook is lost too.
    const refunded = await openCheckout();
    const refundedPay = await shop.double.pay(refunded.razorpayOrderId, { sendWebhook: false });
    await shop.save(refunded.member, refunded.orderId, refundedPay.response ?? {});
    shop.double.refundMode = 'pending';
    await shop.call(refunded.member, 'POST', `/api/order/${refunded.orderId}/cancel`, {
      reasonCode: 'changed_mind',
    });
    await shop.t.app.jobs.drain();
    shop.double.refundMode = 'processed';
    const pendingRefund = [...shop.double.refunds.values()].find(
      (r) => r.payment_id === refundedPay.payment.id,
    );
    await shop.double.settleRefund(pendingRefund?.id ?? '', 'processed', { sendWebhook: false });

    // Made ten minutes ago, except `recent`.
    const tenMinutesAgo = new Date(Date.now() - 10 * MINUTE);
    for (const orderId of [paid.orderId, waiting.orderId, cancelled.orderId])
      await shop
        .db()
        .update(payments)
        .set({ createdAt: tenMinutesAgo })
        .where(eq(payments.orderId, orderId));
    await shop
      .db()
      .update(refunds)
      .set({ createdAt: tenMinutesAgo })
      .where(eq(refunds.orderId, refunded.orderId));

    await shop.t.app.jobs.enqueue(shop.db(), RECONCILE_PAYMENTS_QUEUE, {});
    await shop.t.app.jobs.drain();

    expect((await shop.order(paid.orderId)).statusId).toBe(S.PACKING);
    expect((await shop.order(waiting.orderId)).statusId).toBe(S.PAYMENT);
    expect((await shop.paymentsOf(waiting.orderId))[0]?.status).toBe('requires_payment');
    expect((await shop.order(recent.orderId)).statusId).toBe(S.PAYMENT);
    expect((await shop.paymentsOf(cancelled.orderId))[0]?.status).toBe('failed');
    const [refundRow] = await shop
      .db()
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, refunded.orderId));
    expect(refundRow?.status).toBe('succeeded');

    // Run again: nothing changes twice.
    await shop.t.app.jobs.enqueue(shop.db(), RECONCILE_PAYMENTS_QUEUE, {});
    await shop.t.app.jobs.drain();
    expect(await transitionsTo(paid.orderId, S.PACKING)).toBe(1);
  });
});
