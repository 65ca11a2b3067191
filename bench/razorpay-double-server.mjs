// Razorpay for the place-and-pay rows n4–n5 (issue 28): the local double of Razorpay's API
// (tooling/razorpay-double) in a process of its own, as Razorpay is a server of its own. Its
// webhooks go straight to the shop, each delivery on its own ('concurrent' mode), as Razorpay
// delivers events: in no promised order, racing each other and the browser's save. The shop
// counts only refused webhook deliveries against its limit, so these signed ones cost it no
// write. A control route waits for the webhooks sent so far and answers what happened since it
// was last asked: the double's API calls by kind, each webhook with the shop's status and time.
//
// Usage: node --import tsx bench/razorpay-double-server.mjs, with BENCH_RAZORPAY_PORT,
// BENCH_RAZORPAY_CONTROL_PORT, BENCH_RAZORPAY_WEBHOOK_TARGET (the shop's webhook URL) and the
// shop's own RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET / RAZORPAY_WEBHOOK_SECRET.
import http from 'node:http';
import { startRazorpayDouble } from '../tooling/razorpay-double/razorpay-double.ts';

const env = process.env;
const controlPort = Number(env.BENCH_RAZORPAY_CONTROL_PORT);

const double = await startRazorpayDouble({
  keyId: env.RAZORPAY_KEY_ID,
  keySecret: env.RAZORPAY_KEY_SECRET,
  webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
  port: Number(env.BENCH_RAZORPAY_PORT),
  webhookUrl: env.BENCH_RAZORPAY_WEBHOOK_TARGET,
  webhookDelivery: 'concurrent',
});
let requestsSeen = 0;
let webhooksSeen = 0;

/** The double's API calls since the last /flush, by kind ('POST /v1/orders', 'GET /v1/payments/:id'). */
function apiCallsSinceLast() {
  const calls = {};
  for (const { method, path } of double.requests.slice(requestsSeen)) {
    const kind = `${method} ${path.split('?')[0].replace(/\/(order|pay|rfnd)_[A-Za-z0-9]+/g, '/:id')}`;
    calls[kind] = (calls[kind] ?? 0) + 1;
  }
  requestsSeen = double.requests.length;
  return calls;
}

/** Webhooks sent since the last /flush: event, payment, when sent, the shop's status and time. */
function webhooksSinceLast() {
  const sent = double.sentWebhooks.slice(webhooksSeen).map((hook) => ({
    event: hook.event,
    paymentId: hook.paymentId,
    receivedAt: hook.sentAt,
    status: hook.status,
    ms: hook.ms,
  }));
  webhooksSeen = double.sentWebhooks.length;
  return sent;
}

http
  .createServer((request, response) => {
    if (request.url === '/health') return response.writeHead(200).end('ok');
    if (request.url === '/flush') {
      const started = performance.now();
      double.flushWebhooks().then(() => {
        const answer = {
          flushMs: performance.now() - started,
          api: apiCallsSinceLast(),
          webhooks: webhooksSinceLast(),
        };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      });
      return undefined;
    }
    return response.writeHead(404).end();
  })
  .listen(controlPort, '127.0.0.1');

const stop = () => {
  void double.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
