// The second server of the browser journeys (apps/web/e2e/razorpay.spec.ts): a shop that takes
// payments through Razorpay, here the local double (tooling/razorpay-double) in this process.
// The double listens first, on E2E_RAZORPAY_DOUBLE_PORT (E2E_PORT + 3), with its webhooks to the
// shop; then the shop starts on E2E_RAZORPAY_PORT (E2E_PORT + 2) with a fresh data directory and
// the demo catalogue, as scripts/e2e-server.mjs does. Playwright only waits for the double (up at
// once), so this shop boots beside the main one instead of after it; the journey waits for
// /api/health itself.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const base = Number(process.env.E2E_PORT ?? 4321);
const shopPort = process.env.E2E_RAZORPAY_PORT ?? String(base + 2);
const doublePort = Number(process.env.E2E_RAZORPAY_DOUBLE_PORT ?? base + 3);
const shopUrl = `http://127.0.0.1:${shopPort}`;
const keys = {
  keyId: 'rzp_test_e2e',
  keySecret: 'e2e_razorpay_key_secret',
  webhookSecret: 'e2e_razorpay_webhook_secret',
};

register();
const { startRazorpayDouble } = await import('../tooling/razorpay-double/razorpay-double.ts');
const razorpay = await startRazorpayDouble({
  ...keys,
  port: doublePort,
  webhookUrl: `${shopUrl}/api/payment/webhook/razorpay`,
});

process.env.DATA_DIR =
  process.env.E2E_RAZORPAY_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'pharmacy-e2e-razorpay-'));
process.env.PORT = shopPort;
process.env.HOST = '127.0.0.1';
process.env.SEED_DEMO = 'true';
process.env.LOG_LEVEL = process.env.E2E_LOG_LEVEL ?? 'warn';
// Every journey signs up from 127.0.0.1; the production limit (20 a minute) would throttle it.
process.env.SIGNUP_RATE_LIMIT = '1000';
process.env.PUBLIC_URL = shopUrl;
delete process.env.DATABASE_URL;
// Only Razorpay: no other provider's settings leak in from the environment.
for (const name of [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'COD_MAX_ORDER_VALUE',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
])
  delete process.env[name];
process.env.RAZORPAY_KEY_ID = keys.keyId;
process.env.RAZORPAY_KEY_SECRET = keys.keySecret;
process.env.RAZORPAY_WEBHOOK_SECRET = keys.webhookSecret;
process.env.RAZORPAY_API_URL = razorpay.url;
process.env.RAZORPAY_CHECKOUT_URL = razorpay.checkoutScriptUrl;
await import('../apps/server/src/server.ts');
