import { eq } from 'drizzle-orm';
import {
  startRazorpayDouble,
  type RazorpayDouble,
} from '../../../../tooling/razorpay-double/razorpay-double';
import { orders, payments, products } from '../../src/db/schema/index';
import { createBasics, createProduct, type CatalogBasics } from '../catalog-factories';
import { caller, createUser, validAddress, type TestUser } from '../factories';
import { buildTestApp, type TestApp } from '../helpers';

export const RAZORPAY_KEYS = {
  keyId: 'rzp_test_LocalDouble01',
  keySecret: 'local-double-key-secret',
  webhookSecret: 'local-double-webhook-secret',
} as const;

/**
 * A shop configured for Razorpay (the three secrets, RAZORPAY_API_URL at the local double), the
 * double itself, and the steps of a customer's checkout up to the payment step.
 */
export async function startRazorpayShop(
  options: { codMaxOrderValueMinor?: number | null; listen?: boolean } = {},
) {
  const double: RazorpayDouble = await startRazorpayDouble({ ...RAZORPAY_KEYS });
  const t: TestApp = await buildTestApp(
    {
      razorpay: {
        ...RAZORPAY_KEYS,
        apiUrl: double.url,
        checkoutUrl: double.checkoutScriptUrl,
      },
      codMaxOrderValueMinor: options.codMaxOrderValueMinor ?? null,
    },
    { jobs: { poll: false } },
  );
  if (options.listen) {
    // Webhooks come over real HTTP from the double, as Razorpay's do.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    double.webhookUrl = `http://127.0.0.1:${port}/api/payment/webhook/razorpay`;
  }
  const basics: CatalogBasics = await createBasics(t.database.db);
  const call = caller(() => t);
  const db = () => t.database.db;

  /** A member's order at the Payment step: `units` × ₹199 (₹398 by default). */
  async function orderAtPayment(buyer?: TestUser, units = 2) {
    const member = buyer ?? (await createUser(t));
    const product = await createProduct(db(), basics, {
      quantity: 10,
      offerPriceMinor: 19900,
      maximumRetailPriceMinor: 21000,
    });
    await db().update(products).set({ quantity: 10 }).where(eq(products.id, product.id));
    const added = await call(member, 'POST', '/api/cart', {
      productId: product.id,
      quantity: units,
    });
    if (added.statusCode !== 200) throw new Error(`cart: ${added.body}`);
    const placed = await call(member, 'POST', '/api/order');
    const orderId = placed.json().orderId as number;
    const addressId = (await call(member, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    const confirmed = await call(member, 'PUT', `/api/order/${orderId}`, { addressId });
    if (confirmed.statusCode !== 200) throw new Error(`address: ${confirmed.body}`);
    return { member, orderId };
  }

  const createIntent = (member: TestUser, orderId: number) =>
    call(member, 'POST', `/api/payment/create-intent/${orderId}`);
  const save = (member: TestUser, orderId: number, body: object) =>
    call(member, 'POST', `/api/payment/save-payment-details/${orderId}`, body);

  async function order(orderId: number) {
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error(`no order ${orderId}`);
    return row;
  }
  const paymentsOf = (orderId: number) =>
    db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);

  return {
    t,
    double,
    call,
    db,
    orderAtPayment,
    createIntent,
    save,
    order,
    paymentsOf,
    async close() {
      await t.close();
      await double.close();
    },
  };
}

export type RazorpayShop = Awaited<ReturnType<typeof startRazorpayShop>>;
