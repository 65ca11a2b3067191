import { startRazorpayDouble } from './razorpay-double';

/**
 * Starts the Razorpay double for trying the shop by hand:
 *   node --import tsx tooling/razorpay-double/serve.ts
 * It reads the shop's own variable names, so one environment configures both.
 */
const env = process.env;
const settings = {
  keyId: env.RAZORPAY_KEY_ID || 'rzp_test_double',
  keySecret: env.RAZORPAY_KEY_SECRET || 'double_key_secret',
  webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || 'double_webhook_secret',
};
const port = Number(env.RAZORPAY_DOUBLE_PORT || 0);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`RAZORPAY_DOUBLE_PORT is not a port: ${env.RAZORPAY_DOUBLE_PORT}`);
  process.exit(1);
}

const double = await startRazorpayDouble({
  ...settings,
  port,
  webhookUrl: env.RAZORPAY_DOUBLE_WEBHOOK_URL || undefined,
});

process.stdout.write(
  [
    `Razorpay double at ${double.url}`,
    `Webhooks to ${double.webhookUrl ?? '(none: set RAZORPAY_DOUBLE_WEBHOOK_URL)'}`,
    'Start the shop with:',
    `  RAZORPAY_KEY_ID=${settings.keyId}`,
    `  RAZORPAY_KEY_SECRET=${settings.keySecret}`,
    `  RAZORPAY_WEBHOOK_SECRET=${settings.webhookSecret}`,
    `  RAZORPAY_API_URL=${double.url}`,
    `  RAZORPAY_CHECKOUT_URL=${double.checkoutScriptUrl}`,
    '',
  ].join('\n'),
);

const stop = () => {
  void double.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
