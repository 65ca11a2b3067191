// Razorpay for the place-and-pay rows n4–n5 (issue 28): the local double of Razorpay's API
// (tooling/razorpay-double) in a process of its own, as Razorpay is a server of its own, and a
// relay between the double's webhooks and the shop. The relay takes each delivery off the
// double's one-at-a-time queue at once and sends it on by itself, as Razorpay delivers events
// (concurrently, in no promised order), and plays the reverse proxy of a deployment with
// TRUST_PROXY: it adds X-Forwarded-For, an address of its own for each delivery, so the webhook
// route's limit (600 a minute per client address) is counted, one upsert a delivery as in
// production, but never reached (every delivery here comes from 127.0.0.1). A control route
// waits for the webhooks queued and relayed so far and answers what happened since it was last
// asked: the double's API calls by kind, each webhook with the shop's status and time.
//
// Usage: node --import tsx bench/razorpay-double-server.mjs, with BENCH_RAZORPAY_PORT,
// BENCH_RAZORPAY_CONTROL_PORT, BENCH_RAZORPAY_WEBHOOK_TARGET (the shop's webhook URL) and the
// shop's own RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET / RAZORPAY_WEBHOOK_SECRET.
import http from 'node:http';
import { startRazorpayDouble } from '../tooling/razorpay-double/razorpay-double.ts';

const env = process.env;
const target = new URL(env.BENCH_RAZORPAY_WEBHOOK_TARGET);
const controlPort = Number(env.BENCH_RAZORPAY_CONTROL_PORT);
const agent = new http.Agent({ keepAlive: true });

/** Deliveries relayed since the last /flush: event, payment, when, the shop's status and time. */
let relayed = [];
let deliveries = 0;

/** An address never used before by this relay, 172.16.0.0/12 (the shoppers' are 10.0.0.0/8). */
function freshAddress() {
  deliveries += 1;
  return `172.${16 + ((deliveries >> 16) & 15)}.${(deliveries >> 8) & 255}.${deliveries & 255}`;
}

/** Deliveries on their way to the shop (each its own, as Razorpay's are). */
const inFlight = new Set();

/**
 * Takes a delivery from the double, answers it at once and sends it on to the shop. The double
 * delivers its webhooks one at a time (so that tests see a stable order); at the bench's rate that
 * queue fell seconds behind the payments, capped webhooks at one shop answer at a time, and left
 * the webhooks no race to run. Answered here, the double's queue moves on and the events reach
 * the shop as Razorpay's do, each on its own, racing each other and the browser's save.
 */
function relay(request, response) {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    response.writeHead(200).end();
    const receivedAt = Date.now();
    const started = performance.now();
    let event;
    let paymentId;
    try {
      const parsed = JSON.parse(body.toString('utf8'));
      event = parsed.event;
      paymentId = parsed.payload?.payment?.entity?.id;
    } catch {
      // Relayed as it is; the shop says what it thinks of it.
    }
    const headers = { ...request.headers, host: target.host, 'x-forwarded-for': freshAddress() };
    const delivered = new Promise((resolve) => {
      const done = (status) => {
        relayed.push({ event, paymentId, receivedAt, status, ms: performance.now() - started });
        resolve();
      };
      const forward = http.request(target, { method: 'POST', headers, agent }, (answer) => {
        answer.resume();
        answer.on('end', () => done(answer.statusCode ?? 0));
        answer.on('error', () => done(0));
      });
      forward.on('error', () => done(0));
      forward.end(body);
    });
    inFlight.add(delivered);
    delivered.then(() => inFlight.delete(delivered));
  });
}

const double = await startRazorpayDouble({
  keyId: env.RAZORPAY_KEY_ID,
  keySecret: env.RAZORPAY_KEY_SECRET,
  webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
  port: Number(env.BENCH_RAZORPAY_PORT),
  webhookUrl: `http://127.0.0.1:${controlPort}/webhook`,
});
let requestsSeen = 0;

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

http
  .createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/webhook') return relay(request, response);
    if (request.url === '/health') return response.writeHead(200).end('ok');
    if (request.url === '/flush') {
      const started = performance.now();
      const flushed = async () => {
        // The double's queue, then whatever it handed over that is still on its way.
        await double.flushWebhooks();
        while (inFlight.size > 0) await Promise.all([...inFlight]);
      };
      flushed().then(() => {
        const answer = {
          flushMs: performance.now() - started,
          api: apiCallsSinceLast(),
          webhooks: relayed,
        };
        relayed = [];
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
