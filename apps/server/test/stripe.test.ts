import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@pharmacy/shared';
import { payments } from '../src/db/schema/index';
import { createStripePaymentProvider } from '../src/modules/payments/stripe-provider';
import { createBasics, createProduct } from './catalog-factories';
import { createUser, validAddress, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';
import { startFakeStripe, type FakeIntent, type FakeStripe } from './support/fake-stripe';

const WEBHOOK_SECRET = 'whsec_local_test_secret';

describe(`Stripe adapter (${testDriver})`, () => {
  let fake: FakeStripe;
  let t: TestApp;
  let user: TestUser;
  const signer = new Stripe('sk_test_local');

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({});
    await t.app.close();
    // Rebuild the app with the Stripe provider pointed at the local stand-in.
    const { buildApp } = await import('../src/app');
    const provider = await createStripePaymentProvider({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    });
    t.app = await buildApp(t.config, {
      database: t.database,
      logger: false,
      paymentProvider: provider,
    });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function orderAtPayment(): Promise<number> {
    const basics = await createBasics(t.database.db);
    const product = await createProduct(t.database.db, basics, {
      quantity: 5,
      offerPriceMinor: 19900,
      maximumRetailPriceMinor: 21000,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.auth,
      payload: { productId: product.id, quantity: 2 },
    });
    const { orderId } = (
      await t.app.inject({ method: 'POST', url: '/api/order', headers: user.auth })
    ).json();
    const addressId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/saveAddress',
        headers: user.auth,
        payload: validAddress,
      })
    ).json().addressId;
    await t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}`,
      headers: user.auth,
      payload: { addressId },
    });
    return orderId;
  }

  const webhook = (payload: string, header: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  const succeededEvent = (intent: FakeIntent, id = 'evt_1') =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, status: 'succeeded', payment_method: 'pm_card_visa' } },
    });

  it('creates the intent with the amount from the order and an idempotency key', async () => {
    const orderId = await orderAtPayment();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/create-intent/${orderId}`,
      headers: user.auth,
    });
    expect(res.json()).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_local',
      amount: 398,
      clientSecret: expect.stringContaining('_secret_'),
    });
    const intent = fake.intents.get(res.json().intentId);
    expect(intent).toMatchObject({
      amount: 39800,
      currency: 'inr',
      metadata: { orderId: String(orderId) },
    });
    expect(fake.idempotencyKeys.at(-1)).toBe(`order-${orderId}-amount-39800`);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payment/test/confirm',
          headers: user.auth,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  it('records a payment from a signed webhook once, and refuses forged and stale ones', async () => {
    const orderId = await orderAtPayment();
    const { intentId } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/payment/create-intent/${orderId}`,
        headers: user.auth,
      })
    ).json();
    const intent = fake.intents.get(intentId) as FakeIntent;
    const payload = succeededEvent(intent, 'evt_pay_1');

    const forged = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
    );
    expect(forged.statusCode).toBe(400);
    const stale = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    );
    expect(stale.statusCode).toBe(400);
    const tampered = await webhook(
      payload.replace('39800', '100'),
      signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(tampered.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/order/getOrderDetail/${orderId}`,
          headers: user.auth,
        })
      ).json().order.statusId,
    ).toBe(ORDER_STATUS.PAYMENT);

    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await webhook(payload, header)).json()).toEqual({ received: true });
    expect((await webhook(payload, header)).statusCode).toBe(200);
    intent.status = 'succeeded';
    const client = await t.app.inject({
      method: 'POST',
      url: `/api/payment/save-payment-details/${orderId}`,
      headers: user.auth,
      payload: { paymentId: intentId, paymentMethodId: 'pm_card_visa' },
    });
    expect(client.json().message).toBe('Payment already saved');
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows.filter((row) => row.status === 'succeeded')).toHaveLength(1);
    expect(client.json().order).toMatchObject({
      statusId: ORDER_STATUS.PACKING,
      paymentNote: 'Card payment',
    });
  });

  it('cancels an intent of an old total at Stripe, and leaves a paid one alone', async () => {
    const orderId = await orderAtPayment();
    const { intentId } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/payment/create-intent/${orderId}`,
        headers: user.auth,
      })
    ).json();
    const provider = await createStripePaymentProvider({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    });
    expect(await provider.cancelIntent(intentId)).toBe('canceled');
    expect(fake.intents.get(intentId)?.status).toBe('canceled');
    const paid = fake.intents.get(intentId);
    if (paid) paid.status = 'succeeded';
    expect(await provider.cancelIntent(intentId)).toBe('succeeded');
  });

  it('refuses to save a payment Stripe has not confirmed', async () => {
    const orderId = await orderAtPayment();
    const { intentId } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/payment/create-intent/${orderId}`,
        headers: user.auth,
      })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/save-payment-details/${orderId}`,
      headers: user.auth,
      payload: { paymentId: intentId },
    });
    expect(res.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/payment/save-payment-details/${orderId}`,
      headers: user.auth,
      payload: { paymentId: 'pi_nope' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
