import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  idempotencyKey: string;
}

export interface FakeStripe {
  server: Server;
  port: number;
  intents: Map<string, FakeIntent>;
  refunds: FakeRefund[];
  /** The Idempotency-Key header of every POST, in order. */
  idempotencyKeys: string[];
  /** The next N refund calls answer 500 (a retry must not refund twice). */
  failNextRefunds: number;
  close(): Promise<void>;
}

const notFound = (message: string) =>
  JSON.stringify({ error: { type: 'invalid_request_error', message } });

/**
 * A local stand-in for the Stripe endpoints the adapter uses (the SDK's host/port options):
 * payment intents, and refunds that, as Stripe does, answer the same refund for a repeated
 * idempotency key and refuse more than the intent took.
 */
export function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  const idempotencyKeys: string[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });
  const fake = { intents, refunds, idempotencyKeys, failNextRefunds: 0 } as FakeStripe;
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    response.setHeader('content-type', 'application/json');
    response.setHeader('request-id', 'req_local');
    const key = String(request.headers['idempotency-key'] ?? '');
    if (request.method === 'POST' && request.url === '/v1/payment_intents') {
      idempotencyKeys.push(key);
      const form = new URLSearchParams(body);
      const id = `pi_local_${intents.size + 1}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'inr',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_abc`,
        metadata: { orderId: form.get('metadata[orderId]') ?? '' },
        payment_method: null,
      };
      intents.set(id, intent);
      response.end(JSON.stringify(intent));
      return;
    }
    if (request.method === 'POST' && request.url === '/v1/refunds') {
      idempotencyKeys.push(key);
      if (fake.failNextRefunds > 0) {
        fake.failNextRefunds -= 1;
        response.statusCode = 500;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Try again' } }));
        return;
      }
      const earlier = refunds.find((refund) => refund.idempotencyKey === key);
      if (earlier) {
        response.end(JSON.stringify(earlier));
        return;
      }
      const form = new URLSearchParams(body);
      const intent = intents.get(form.get('payment_intent') ?? '');
      const amount = Number(form.get('amount'));
      const taken = refunds
        .filter((refund) => refund.payment_intent === intent?.id)
        .reduce((sum, refund) => sum + refund.amount, 0);
      if (!intent || intent.status !== 'succeeded' || taken + amount > intent.amount) {
        response.statusCode = 400;
        response.end(notFound('Refund amount is greater than unrefunded amount on charge'));
        return;
      }
      const refund: FakeRefund = {
        id: `re_local_${refunds.length + 1}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        idempotencyKey: key,
      };
      refunds.push(refund);
      response.end(JSON.stringify(refund));
      return;
    }
    // Stripe cancels an intent not yet paid; a succeeded one answers 400 and stays as it is.
    const cancel = /^\/v1\/payment_intents\/([\w-]+)\/cancel$/.exec(request.url ?? '');
    if (request.method === 'POST' && cancel) {
      const intent = intents.get(cancel[1] as string);
      if (!intent) {
        response.statusCode = 404;
        response.end(notFound('No such payment_intent'));
        return;
      }
      if (intent.status === 'succeeded') {
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
            },
          }),
        );
        return;
      }
      intent.status = 'canceled';
      response.end(JSON.stringify(intent));
      return;
    }
    const match = /^\/v1\/payment_intents\/([\w-]+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && match) {
      const intent = intents.get(match[1] as string);
      if (!intent) {
        response.statusCode = 404;
        response.end(notFound('No such payment_intent'));
        return;
      }
      response.end(JSON.stringify(intent));
      return;
    }
    response.statusCode = 404;
    response.end(notFound('Unknown endpoint'));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      fake.server = server;
      fake.port = (server.address() as AddressInfo).port;
      fake.close = () => new Promise((done) => server.close(() => done()));
      resolve(fake);
    }),
  );
}
