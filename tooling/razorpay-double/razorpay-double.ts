import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A local Razorpay: the REST API the official `razorpay` SDK calls, the browser Checkout script,
 * and signed webhooks, so the shop's tests, journeys and bench run without the internet. It keeps
 * Razorpay's field names, error bodies and state rules (an order is paid once a payment is
 * captured, refunds never exceed what was captured) so the shop meets the same answers it would
 * meet in production.
 */

export interface RazorpayDoubleOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The shop's webhook endpoint (e.g. http://127.0.0.1:3000/api/payment/webhook/razorpay); unset: no webhooks sent. */
  webhookUrl?: string;
  /** Delay before an automatic webhook is sent after a Checkout payment (default 0 = right after answering). */
  webhookDelayMs?: number;
  /**
   * 'in-order' (default): the automatic webhooks go one at a time in the order of their events,
   * so a test sees the same order every run. 'concurrent': each on its own, as Razorpay delivers
   * them (no promised order, racing each other and the browser's save), for load runs.
   */
  webhookDelivery?: 'in-order' | 'concurrent';
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

/** Razorpay answers an empty notes field as a JSON array (its PHP heritage), a filled one as an object. */
export type RazorpayNotes = Record<string, string | number> | [];

export type RazorpayPaymentMethod = 'upi' | 'card' | 'netbanking' | 'wallet';

export interface RazorpayOrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: RazorpayNotes;
  created_at: number;
}

export interface RazorpayPaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: false;
  method: RazorpayPaymentMethod;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: RazorpayNotes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

export interface RazorpayRefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: RazorpayNotes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: 'normal' | 'optimum';
}

export type RazorpayWebhookEvent =
  | 'payment.captured'
  | 'payment.failed'
  | 'payment.authorized'
  | 'order.paid'
  | 'refund.processed'
  | 'refund.failed';

export interface RazorpayWebhookEntities {
  payment?: RazorpayPaymentEntity;
  order?: RazorpayOrderEntity;
  refund?: RazorpayRefundEntity;
}

export interface RazorpayCheckoutResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface PayOptions {
  method?: RazorpayPaymentMethod;
  /** Default: 'captured', or 'authorized' for an order created with payment_capture 0/false. */
  outcome?: 'captured' | 'authorized' | 'failed';
  /** Default: the order's amount due. */
  amount?: number;
  /** Default true (when a webhookUrl is set). */
  sendWebhook?: boolean;
}

/** An event ready to send: its body as signed, and the payment it is about. */
interface PreparedWebhook {
  event: RazorpayWebhookEvent;
  body: string;
  signature: string;
  paymentId: string | undefined;
}

/** A webhook delivery: the shop's status (0: no answer), when it was sent, how long the shop took. */
export interface SentWebhook {
  id: string;
  event: string;
  status: number;
  paymentId: string | undefined;
  sentAt: number;
  ms: number;
}

export interface RazorpayDouble {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** `${url}/v1/checkout.js` */
  checkoutScriptUrl: string;
  orders: Map<string, RazorpayOrderEntity>;
  payments: Map<string, RazorpayPaymentEntity>;
  refunds: Map<string, RazorpayRefundEntity>;
  /** Every API request (the /v1 calls that need the key): method, path (with query), for assertions. */
  requests: { method: string; path: string }[];
  /** Settable at runtime. */
  webhookUrl: string | undefined;
  /** Webhooks sent, with the shop's answer status (0: no answer). */
  sentWebhooks: SentWebhook[];
  /** Refunds created from now on answer 'processed' (default) or stay 'pending' until settleRefund. */
  refundMode: 'processed' | 'pending';
  /** The next N calls of the given kind answer 500 (to test retries). */
  failNext: { orders: number; refunds: number; payments: number };
  /** What Checkout does in the browser: a payment attempt on a Razorpay order. */
  pay(
    orderId: string,
    options?: PayOptions,
  ): Promise<{ payment: RazorpayPaymentEntity; response: RazorpayCheckoutResponse | null }>;
  /** Settle a pending refund (refund.processed / refund.failed webhook when sendWebhook). */
  settleRefund(
    refundId: string,
    outcome: 'processed' | 'failed',
    options?: { sendWebhook?: boolean },
  ): Promise<RazorpayRefundEntity>;
  /** Send a signed webhook event now (returns the shop's status and body). eventId defaults to a new one; pass the same id to replay. */
  sendWebhook(
    event: RazorpayWebhookEvent,
    entities: RazorpayWebhookEntities,
    options?: { eventId?: string },
  ): Promise<{ status: number; body: string }>;
  /** Resolves once every automatic webhook scheduled so far has been delivered (or has failed). */
  flushWebhooks(): Promise<void>;
  /** The signature Checkout returns: hex HMAC-SHA256 of `${orderId}|${paymentId}` with the key secret. */
  sign(orderId: string, paymentId: string): string;
  close(): Promise<void>;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 14 characters, as Razorpay's own ids and event ids have. */
function randomId(length = 14): string {
  const bytes = randomPool(length);
  let id = '';
  // 62 does not divide 256, so the modulo slightly favours some characters: irrelevant for ids.
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return id;
}

/** Random bytes from a pool refilled 4 kB at a time: one call into the kernel per ~290 ids. */
let pool = Buffer.alloc(0);
let poolAt = 0;
function randomPool(length: number): Buffer {
  if (poolAt + length > pool.length) {
    pool = randomBytes(4096);
    poolAt = 0;
  }
  poolAt += length;
  return pool.subarray(poolAt - length, poolAt);
}

function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

const FALLBACK_ORIGIN_LITERAL = "'http://razorpay-double.invalid'";
const CHECKOUT_SCRIPT_FILE = new URL('./checkout.js', import.meta.url);

/** An error Razorpay would answer, in its own body shape. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly details: {
      code?: string;
      source?: string;
      step?: string;
      reason?: string;
      metadata?: Record<string, string>;
      field?: string;
    } = {},
  ) {
    super(description);
  }

  body() {
    return {
      error: {
        code: this.details.code ?? (this.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR'),
        description: this.description,
        source: this.details.source ?? 'NA',
        step: this.details.step ?? 'NA',
        reason: this.details.reason ?? 'NA',
        metadata: this.details.metadata ?? {},
        ...(this.details.field ? { field: this.details.field } : {}),
      },
    };
  }
}

const notFound = () => new ApiError(400, 'The id provided does not exist');

type Json = Record<string, unknown>;
type Kind = keyof RazorpayDouble['failNext'];
interface Route {
  method: string;
  pattern: RegExp;
  kind: Kind;
  handle: (params: string[], body: Json, query: URLSearchParams) => unknown;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Razorpay takes amounts as integers in paise, as JSON numbers or numeric strings. */
function parseAmount(value: unknown, field = 'amount'): number {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isInteger(amount))
    throw new ApiError(400, `The ${field} must be an integer.`, { field });
  return amount;
}

function parseNotes(value: unknown): RazorpayNotes {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.length === 0) return [];
  if (!isRecord(value))
    throw new ApiError(400, 'The notes must be an object of keys and values.', { field: 'notes' });
  const entries = Object.entries(value);
  if (entries.length > 15)
    throw new ApiError(400, 'Number of fields in notes should be less than or equal to 15', {
      field: 'notes',
    });
  const notes: Record<string, string | number> = {};
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number')
      throw new ApiError(400, `The notes.${key} must be a string or a number.`, { field: 'notes' });
    if (String(note).length > 256)
      throw new ApiError(400, 'Notes values may not be greater than 256 characters.', {
        field: 'notes',
      });
    notes[key] = note;
  }
  return entries.length === 0 ? [] : notes;
}

function parseReceipt(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw new ApiError(400, 'The receipt must be a string.', { field: 'receipt' });
  if (value.length > 40)
    throw new ApiError(400, 'The receipt may not be greater than 40 characters.', {
      field: 'receipt',
    });
  return value;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Razorpay's collection answer, newest first, with the SDK's from/to/count/skip honoured. */
function collection<T extends { created_at: number }>(all: Iterable<T>, query: URLSearchParams) {
  const from = Number(query.get('from') ?? '') || 0;
  const to = Number(query.get('to') ?? '') || Infinity;
  const count = Math.min(Math.max(Number(query.get('count') ?? '') || 10, 1), 100);
  const skip = Math.max(Number(query.get('skip') ?? '') || 0, 0);
  const items = [...all]
    .reverse()
    .filter((item) => item.created_at >= from && item.created_at <= to)
    .slice(skip, skip + count);
  return { entity: 'collection', count: items.length, items };
}

/** 2% of the amount plus 18% GST on it, as Razorpay's standard plan charges on capture. */
function feeOf(amount: number): { fee: number; tax: number } {
  const base = Math.round(amount * 0.02);
  const tax = Math.round(base * 0.18);
  return { fee: base + tax, tax };
}

const PAYMENT_METHODS: readonly RazorpayPaymentMethod[] = ['upi', 'card', 'netbanking', 'wallet'];
const WEBHOOK_CONTAINS: Record<RazorpayWebhookEvent, (keyof RazorpayWebhookEntities)[]> = {
  'payment.captured': ['payment'],
  'payment.failed': ['payment'],
  'payment.authorized': ['payment'],
  'order.paid': ['payment', 'order'],
  'refund.processed': ['refund', 'payment'],
  'refund.failed': ['refund', 'payment'],
};

class RazorpayDoubleServer implements RazorpayDouble {
  url = '';
  port = 0;
  checkoutScriptUrl = '';
  readonly orders = new Map<string, RazorpayOrderEntity>();
  readonly payments = new Map<string, RazorpayPaymentEntity>();
  readonly refunds = new Map<string, RazorpayRefundEntity>();
  readonly requests: { method: string; path: string }[] = [];
  readonly sentWebhooks: SentWebhook[] = [];
  webhookUrl: string | undefined;
  refundMode: 'processed' | 'pending' = 'processed';
  failNext = { orders: 0, refunds: 0, payments: 0 };

  private readonly server: http.Server;
  /** Orders created with payment_capture 0/false: Checkout leaves their payments authorized. */
  private readonly manualCapture = new Set<string>();
  /**
   * Deliveries reuse their connections (keep-alive), as an HTTP client sending a stream of events
   * to one endpoint does: a new TCP connection per webhook cost the double and the shop more CPU
   * than the webhook itself on the bench's shared cores.
   */
  private readonly webhookAgent = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };
  /** The automatic webhooks, delivered one at a time in the order of their events. */
  private webhookQueue: Promise<void> = Promise.resolve();
  /** Concurrent deliveries still on their way ('concurrent' mode). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly aborter = new AbortController();
  /** Webhook requests on their way, destroyed by close(). */
  private readonly openDeliveries = new Set<http.ClientRequest>();
  private readonly checkoutScript: string;
  private readonly routes: Route[];

  constructor(private readonly options: RazorpayDoubleOptions) {
    this.webhookUrl = options.webhookUrl;
    this.checkoutScript = readFileSync(CHECKOUT_SCRIPT_FILE, 'utf8');
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        console.error('razorpay-double: request failed', error);
        if (!res.headersSent) this.json(res, 500, new ApiError(500, 'Internal error').body());
        else res.destroy();
      });
    });
    this.routes = this.buildRoutes();
  }

  async listen(): Promise<void> {
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
    // A wildcard address is not one a browser or the SDK can call.
    const reachable =
      host === '0.0.0.0'
        ? '127.0.0.1'
        : host === '::'
          ? '[::1]'
          : host.includes(':')
            ? `[${host}]`
            : host;
    this.url = `http://${reachable}:${this.port}`;
    this.checkoutScriptUrl = `${this.url}/v1/checkout.js`;
  }

  sign(orderId: string, paymentId: string): string {
    return createHmac('sha256', this.options.keySecret)
      .update(`${orderId}|${paymentId}`)
      .digest('hex');
  }

  async pay(
    orderId: string,
    options: PayOptions = {},
  ): Promise<{ payment: RazorpayPaymentEntity; response: RazorpayCheckoutResponse | null }> {
    const payment = this.attempt(orderId, options);
    if (options.sendWebhook !== false) this.scheduleAttemptWebhooks(payment);
    return {
      payment: structuredClone(payment),
      response: payment.status === 'failed' ? null : this.checkoutResponse(payment),
    };
  }

  async settleRefund(
    refundId: string,
    outcome: 'processed' | 'failed',
    options: { sendWebhook?: boolean } = {},
  ): Promise<RazorpayRefundEntity> {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`No refund ${refundId}.`);
    if (refund.status !== 'pending')
      throw new Error(`Refund ${refundId} is ${refund.status}, not pending.`);
    refund.status = outcome;
    const payment = this.payments.get(refund.payment_id);
    if (outcome === 'processed') refund.acquirer_data = { arn: randomArn() };
    else if (payment) {
      // A failed refund gives the money back to the merchant's balance: it may be refunded again.
      payment.amount_refunded = Math.max(0, payment.amount_refunded - refund.amount);
      applyRefundTotals(payment);
    }
    if (options.sendWebhook !== false && this.webhookUrl)
      await this.sendWebhook(outcome === 'processed' ? 'refund.processed' : 'refund.failed', {
        refund,
        ...(payment ? { payment } : {}),
      });
    return structuredClone(refund);
  }

  async sendWebhook(
    event: RazorpayWebhookEvent,
    entities: RazorpayWebhookEntities,
    options: { eventId?: string } = {},
  ): Promise<{ status: number; body: string }> {
    const url = this.webhookUrl;
    if (!url) throw new Error('The Razorpay double has no webhookUrl to send to.');
    return this.deliver(url, this.webhookEvent(event, entities), options.eventId ?? randomId());
  }

  async flushWebhooks(): Promise<void> {
    // Webhooks scheduled while waiting (a request the shop makes meanwhile) are waited for too.
    let queue: Promise<void>;
    do {
      queue = this.webhookQueue;
      await queue;
      while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
    } while (queue !== this.webhookQueue);
  }

  async close(): Promise<void> {
    this.aborter.abort();
    for (const request of this.openDeliveries) request.destroy();
    await this.webhookQueue;
    await Promise.all([...this.inFlight]);
    this.webhookAgent.http.destroy();
    this.webhookAgent.https.destroy();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  // ---- payments (shared by pay() and the Checkout endpoint) ----

  private attempt(
    orderId: string,
    options: PayOptions & { email?: string; contact?: string; description?: string },
  ): RazorpayPaymentEntity {
    const order = this.orders.get(orderId);
    if (!order) throw notFound();
    if (order.status === 'paid') throw new ApiError(400, 'Order has already been paid');
    const method = options.method ?? 'upi';
    if (!PAYMENT_METHODS.includes(method))
      throw new ApiError(400, 'Invalid payment method', { field: 'method' });
    const outcome =
      options.outcome ?? (this.manualCapture.has(order.id) ? 'authorized' : 'captured');
    const failed = outcome === 'failed';
    const payment: RazorpayPaymentEntity = {
      id: this.newId('pay_', this.payments),
      entity: 'payment',
      amount: options.amount ?? order.amount_due,
      currency: order.currency,
      status: failed ? 'failed' : 'authorized',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: options.description ?? null,
      card_id: method === 'card' ? `card_${randomId()}` : null,
      bank: method === 'netbanking' ? 'HDFC' : null,
      wallet: method === 'wallet' ? 'paytm' : null,
      // Razorpay's test-mode UPI handles: the one that succeeds and the one that fails.
      vpa: method === 'upi' ? (failed ? 'failure@razorpay' : 'success@razorpay') : null,
      email: options.email ?? 'void@razorpay.com',
      contact: options.contact ?? '+919000090000',
      notes: [],
      fee: null,
      tax: null,
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment failed' : null,
      error_source: failed ? 'customer' : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? 'payment_failed' : null,
      created_at: unixNow(),
    };
    this.payments.set(payment.id, payment);
    order.attempts += 1;
    order.status = 'attempted';
    if (outcome === 'captured') this.capturePayment(payment);
    return payment;
  }

  private capturePayment(payment: RazorpayPaymentEntity): void {
    const { fee, tax } = feeOf(payment.amount);
    payment.status = 'captured';
    payment.captured = true;
    payment.fee = fee;
    payment.tax = tax;
    const order = this.orders.get(payment.order_id);
    if (order) {
      // A second payment captured on the same order (a customer who paid twice) adds up.
      order.status = 'paid';
      order.amount_paid += payment.amount;
      order.amount_due = Math.max(0, order.amount - order.amount_paid);
    }
  }

  private checkoutResponse(payment: RazorpayPaymentEntity): RazorpayCheckoutResponse {
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: payment.order_id,
      razorpay_signature: this.sign(payment.order_id, payment.id),
    };
  }

  private failedAttemptError(payment: RazorpayPaymentEntity): ApiError {
    return new ApiError(400, 'Payment failed', {
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { order_id: payment.order_id, payment_id: payment.id },
    });
  }

  // ---- webhooks ----

  /** The events the shop would receive after this attempt (it subscribes to no others). */
  private scheduleAttemptWebhooks(payment: RazorpayPaymentEntity): void {
    if (payment.status === 'failed') this.schedule([['payment.failed', { payment }]]);
    else if (payment.status === 'authorized') this.schedule([['payment.authorized', { payment }]]);
    else this.scheduleCaptured(payment);
  }

  private scheduleCaptured(payment: RazorpayPaymentEntity): void {
    const order = this.orders.get(payment.order_id);
    this.schedule([
      ['payment.captured', { payment }],
      ...(order ? [['order.paid', { payment, order }] as const] : []),
    ]);
  }

  /**
   * Delivers the events webhookDelayMs after now, behind any delivery still queued, so the shop
   * sees them in the order they happened (and a test sees the same order every run). The entities
   * are serialised now: a webhook describes the state at its event, not at its delivery.
   */
  private schedule(events: (readonly [RazorpayWebhookEvent, RazorpayWebhookEntities])[]): void {
    const url = this.webhookUrl;
    if (!url || this.aborter.signal.aborted) return;
    const webhooks = events.map(([event, entities]) => this.webhookEvent(event, entities));
    const due = Date.now() + (this.options.webhookDelayMs ?? 0);
    const signal = this.aborter.signal;
    if (this.options.webhookDelivery === 'concurrent') {
      for (const webhook of webhooks) {
        const delivery = sleep(Math.max(0, due - Date.now()), undefined, { signal })
          .then(() => this.deliver(url, webhook, randomId()))
          .catch(() => {
            // Closed while waiting: dropped, as a stopped Razorpay would drop it.
          })
          .finally(() => this.inFlight.delete(delivery));
        this.inFlight.add(delivery);
      }
      return;
    }
    this.webhookQueue = this.webhookQueue.then(async () => {
      try {
        // Always a turn of the event loop, so the HTTP answer that caused these leaves first.
        await sleep(Math.max(0, due - Date.now()), undefined, { signal });
        for (const webhook of webhooks) {
          if (signal.aborted) return;
          await this.deliver(url, webhook, randomId());
        }
      } catch (error) {
        // Closed while waiting: those webhooks are dropped, as a stopped Razorpay would drop them.
        // Anything else is logged, not thrown: a rejected queue would stop every later webhook.
        if (!signal.aborted) console.error('razorpay-double: webhook delivery failed', error);
      }
    });
  }

  /**
   * The event as Razorpay sends it: serialised and signed once, when it happens. The text is the
   * snapshot (a webhook describes the state at its event, not at its delivery), and the one text
   * is what is signed and sent, so nothing is copied or serialised again on the way out.
   */
  private webhookEvent(
    event: RazorpayWebhookEvent,
    entities: RazorpayWebhookEntities,
  ): PreparedWebhook {
    const payment =
      entities.payment ??
      (entities.refund ? this.payments.get(entities.refund.payment_id) : undefined);
    const order = entities.order ?? (payment ? this.orders.get(payment.order_id) : undefined);
    const available: RazorpayWebhookEntities = { payment, order, refund: entities.refund };
    const payload: Partial<Record<keyof RazorpayWebhookEntities, { entity: unknown }>> = {};
    for (const name of WEBHOOK_CONTAINS[event]) {
      const entity = available[name];
      if (!entity) throw new Error(`A ${event} webhook needs a ${name} entity.`);
      payload[name] = { entity };
    }
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_double',
      event,
      contains: WEBHOOK_CONTAINS[event],
      payload,
      created_at: unixNow(),
    });
    return {
      event,
      body,
      signature: createHmac('sha256', this.options.webhookSecret).update(body).digest('hex'),
      paymentId: WEBHOOK_CONTAINS[event].includes('payment') ? payment?.id : undefined,
    };
  }

  private async deliver(
    url: string,
    webhook: PreparedWebhook,
    eventId: string,
  ): Promise<{ status: number; body: string }> {
    const sentAt = Date.now();
    const started = performance.now();
    const answer = await this.post(url, webhook.body, {
      'Content-Type': 'application/json',
      'User-Agent': 'Razorpay-Webhook/v1',
      'X-Razorpay-Signature': webhook.signature,
      'X-Razorpay-Event-Id': eventId,
    });
    this.sentWebhooks.push({
      id: eventId,
      event: webhook.event,
      status: answer.status,
      paymentId: webhook.paymentId,
      sentAt,
      ms: performance.now() - started,
    });
    return answer;
  }

  /** Never rejects: a shop that is down or slow is status 0, as Razorpay records a failed delivery. */
  private post(
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve) => {
      const target = this.webhookTarget(url);
      if (!target || this.aborter.signal.aborted) return resolve({ status: 0, body: '' });
      // The request's callbacks run later, once `finish` and `timer` below exist.
      const secure = target.protocol === 'https:';
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          agent: secure ? this.webhookAgent.https : this.webhookAgent.http,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            finish({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', failed);
          // Cut off before its end (the timer below, the double closing): a failed delivery.
          response.on('close', failed);
        },
      );
      // Razorpay gives up on an endpoint after a few seconds too. A timer of the request's own,
      // not the socket's idle timeout: with kept-alive sockets that one cut off about 2 % of
      // deliveries the shop had answered within milliseconds (socket hang up). A plain timer,
      // not AbortSignal.any with AbortSignal.timeout: on Node 20 those cost ~60 µs of CPU per
      // delivery (~4 µs for a timer) and register each composite signal on the double's own, and
      // a request given the double's own signal adds a listener to it while on its way.
      const timer = setTimeout(
        () => request.destroy(new Error('webhook delivery timed out')),
        5_000,
      );
      let settled = false;
      const finish = (answer: { status: number; body: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      };
      const failed = () => finish({ status: 0, body: '' });
      // Cut off by close() too (a stopped Razorpay), as the double's abort signal did.
      this.openDeliveries.add(request);
      request.on('close', () => this.openDeliveries.delete(request));
      request.on('error', failed);
      request.end(body);
    });
  }

  /** The webhook URL parsed once (every delivery goes to the same one). */
  private parsedWebhookUrl: { url: string; target: URL | undefined } | undefined;

  private webhookTarget(url: string): URL | undefined {
    if (this.parsedWebhookUrl?.url !== url) {
      let target: URL | undefined;
      try {
        target = new URL(url);
      } catch {
        target = undefined;
      }
      this.parsedWebhookUrl = { url, target };
    }
    return this.parsedWebhookUrl.target;
  }

  // ---- HTTP ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://double');
    // The SDK asks for some paths with a trailing slash (fetchTransferOrder).
    const path = url.pathname.replace(/\/+$/, '') || '/';

    if (path === '/v1/checkout.js' && (method === 'GET' || method === 'HEAD')) {
      const script = this.checkoutScript.replace(FALLBACK_ORIGIN_LITERAL, JSON.stringify(this.url));
      res.writeHead(200, {
        'Content-Type': 'application/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
        'Access-Control-Allow-Origin': '*',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
      res.end(method === 'HEAD' ? undefined : script);
      return;
    }
    if (path === '/v1/checkout/pay') {
      await this.handleCheckoutPay(req, res, method);
      return;
    }

    if (!path.startsWith('/v1/')) {
      this.json(
        res,
        404,
        new ApiError(404, 'The requested URL was not found on the server.').body(),
      );
      return;
    }
    this.requests.push({ method, path: req.url ?? '/' });
    if (!this.authorized(req)) {
      this.json(res, 401, new ApiError(401, 'Authentication failed').body());
      return;
    }
    let params: string[] = [];
    const route = this.routes.find((candidate) => {
      if (candidate.method !== method) return false;
      const match = candidate.pattern.exec(path);
      if (match) params = match.slice(1).map(decodeSegment);
      return match !== null;
    });
    if (!route) {
      this.json(
        res,
        404,
        new ApiError(404, 'The requested URL was not found on the server.').body(),
      );
      return;
    }
    if (this.failNext[route.kind] > 0) {
      // Before any change of state: a retry of the same call is safe, as after Razorpay's own 5xx.
      this.failNext[route.kind] -= 1;
      this.json(
        res,
        500,
        new ApiError(
          500,
          'We are facing some trouble completing your request at the moment. Please try again shortly.',
        ).body(),
      );
      return;
    }
    try {
      const body = method === 'GET' ? {} : await readJson(req);
      this.json(res, 200, route.handle(params, body, url.searchParams));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.json(res, error.status, error.body());
    }
  }

  private async handleCheckoutPay(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
  ): Promise<void> {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Max-Age': '600',
    };
    if (method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    if (method !== 'POST') {
      this.json(
        res,
        404,
        new ApiError(404, 'The requested URL was not found on the server.').body(),
        cors,
      );
      return;
    }
    let payment: RazorpayPaymentEntity;
    try {
      const body = await readJson(req);
      if (body.key_id !== this.options.keyId)
        throw new ApiError(401, 'The api key provided is invalid', { field: 'key_id' });
      const order_id = optionalString(body.order_id);
      if (!order_id)
        throw new ApiError(400, 'The order id field is required.', { field: 'order_id' });
      const outcome = body.outcome;
      payment = this.attempt(order_id, {
        method: body.method as RazorpayPaymentMethod,
        // 'success' (what the script's method buttons send) follows the order's capture setting.
        outcome:
          outcome === 'captured' || outcome === 'authorized' || outcome === 'failed'
            ? outcome
            : undefined,
        email: optionalString(body.email),
        contact: optionalString(body.contact),
        description: optionalString(body.description),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.json(res, error.status, error.body(), cors);
      return;
    }
    if (payment.status === 'failed')
      this.json(res, 400, this.failedAttemptError(payment).body(), cors);
    else this.json(res, 200, this.checkoutResponse(payment), cors);
    this.scheduleAttemptWebhooks(payment);
  }

  private authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const [scheme, encoded] = header.split(' ');
    if (scheme?.toLowerCase() !== 'basic' || !encoded) return false;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return (
      colon !== -1 &&
      decoded.slice(0, colon) === this.options.keyId &&
      decoded.slice(colon + 1) === this.options.keySecret
    );
  }

  private json(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  }

  private newId<T>(prefix: string, taken: Map<string, T>): string {
    let id = `${prefix}${randomId()}`;
    while (taken.has(id)) id = `${prefix}${randomId()}`;
    return id;
  }

  // ---- the REST API ----

  private buildRoutes(): Route[] {
    const id = '([^/]+)';
    const route = (method: string, path: string, kind: Kind, handle: Route['handle']): Route => ({
      method,
      pattern: new RegExp(`^${path.replaceAll(':id', id)}$`),
      kind,
      handle,
    });
    return [
      route('POST', '/v1/orders', 'orders', (_, body) => this.createOrder(body)),
      route('GET', '/v1/orders', 'orders', (_, __, query) => {
        const receipt = query.get('receipt');
        const orders = [...this.orders.values()];
        return collection(receipt ? orders.filter((o) => o.receipt === receipt) : orders, query);
      }),
      route('GET', '/v1/orders/:id', 'orders', ([orderId]) => this.order(orderId)),
      route('GET', '/v1/orders/:id/payments', 'orders', ([orderId], _, query) => {
        const order = this.order(orderId);
        const payments = [...this.payments.values()].filter((p) => p.order_id === order.id);
        return collection(payments, query);
      }),
      route('GET', '/v1/payments', 'payments', (_, __, query) =>
        collection(this.payments.values(), query),
      ),
      route('GET', '/v1/payments/:id', 'payments', ([paymentId]) => this.payment(paymentId)),
      route('POST', '/v1/payments/:id/capture', 'payments', ([paymentId], body) =>
        this.capture(this.payment(paymentId), body),
      ),
      route('POST', '/v1/payments/:id/refund', 'refunds', ([paymentId], body) =>
        this.createRefund(this.payment(paymentId), body),
      ),
      route('GET', '/v1/payments/:id/refunds', 'refunds', ([paymentId], _, query) => {
        const payment = this.payment(paymentId);
        const refunds = [...this.refunds.values()].filter((r) => r.payment_id === payment.id);
        return collection(refunds, query);
      }),
      route('GET', '/v1/payments/:id/refunds/:id', 'refunds', ([paymentId, refundId]) => {
        const refund = this.refund(refundId);
        if (refund.payment_id !== this.payment(paymentId).id) throw notFound();
        return refund;
      }),
      route('GET', '/v1/refunds', 'refunds', (_, __, query) =>
        collection(this.refunds.values(), query),
      ),
      route('GET', '/v1/refunds/:id', 'refunds', ([refundId]) => this.refund(refundId)),
    ];
  }

  private order(orderId: string | undefined): RazorpayOrderEntity {
    const order = orderId === undefined ? undefined : this.orders.get(orderId);
    if (!order) throw notFound();
    return order;
  }

  private payment(paymentId: string | undefined): RazorpayPaymentEntity {
    const payment = paymentId === undefined ? undefined : this.payments.get(paymentId);
    if (!payment) throw notFound();
    return payment;
  }

  private refund(refundId: string | undefined): RazorpayRefundEntity {
    const refund = refundId === undefined ? undefined : this.refunds.get(refundId);
    if (!refund) throw notFound();
    return refund;
  }

  private createOrder(body: Json): RazorpayOrderEntity {
    if (body.amount === undefined || body.amount === null || body.amount === '')
      throw new ApiError(400, 'The amount field is required.', { field: 'amount' });
    const amount = parseAmount(body.amount);
    if (amount < 100)
      throw new ApiError(400, 'Order amount less than minimum amount allowed', { field: 'amount' });
    const currency = body.currency ?? 'INR';
    if (currency !== 'INR')
      throw new ApiError(400, 'Currency is not supported', { field: 'currency' });
    const receipt = parseReceipt(body.receipt);
    const notes = parseNotes(body.notes);
    const capture = body.payment_capture;
    const order: RazorpayOrderEntity = {
      id: this.newId('order_', this.orders),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes,
      created_at: unixNow(),
    };
    this.orders.set(order.id, order);
    if (capture === false || capture === 0 || capture === '0' || capture === 'false')
      this.manualCapture.add(order.id);
    return order;
  }

  private capture(payment: RazorpayPaymentEntity, body: Json): RazorpayPaymentEntity {
    if (payment.status === 'captured' || payment.status === 'refunded')
      throw new ApiError(400, 'This payment has already been captured');
    if (payment.status !== 'authorized')
      throw new ApiError(
        400,
        'Only payments which have been authorized and not yet captured can be captured',
      );
    if (body.amount === undefined)
      throw new ApiError(400, 'The amount field is required.', { field: 'amount' });
    if (parseAmount(body.amount) !== payment.amount)
      throw new ApiError(400, 'Capture amount must be equal to the amount authorized', {
        field: 'amount',
      });
    if (body.currency !== undefined && body.currency !== payment.currency)
      throw new ApiError(400, 'Currency should be same as payment currency', {
        field: 'currency',
      });
    this.capturePayment(payment);
    // Razorpay announces a capture however it happened, an API call's included.
    this.scheduleCaptured(payment);
    return payment;
  }

  private createRefund(payment: RazorpayPaymentEntity, body: Json): RazorpayRefundEntity {
    if (payment.status === 'refunded')
      throw new ApiError(400, 'The payment has been fully refunded already');
    if (payment.status !== 'captured')
      throw new ApiError(400, 'Only captured payments can be refunded');
    const refundable = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined ? refundable : parseAmount(body.amount);
    if (amount < 100)
      throw new ApiError(400, 'The amount must be atleast INR 1.00', { field: 'amount' });
    if (amount > refundable)
      throw new ApiError(400, 'The refund amount provided is greater than amount captured', {
        field: 'amount',
      });
    const speed = body.speed ?? 'normal';
    if (speed !== 'normal' && speed !== 'optimum')
      throw new ApiError(400, 'The selected speed is invalid.', { field: 'speed' });
    const processed = this.refundMode === 'processed';
    const refund: RazorpayRefundEntity = {
      id: this.newId('rfnd_', this.refunds),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: parseNotes(body.notes),
      receipt: parseReceipt(body.receipt),
      acquirer_data: { arn: processed ? randomArn() : null },
      created_at: unixNow(),
      batch_id: null,
      status: processed ? 'processed' : 'pending',
      speed_processed: speed === 'optimum' ? 'instant' : 'normal',
      speed_requested: speed,
    };
    this.refunds.set(refund.id, refund);
    // Razorpay counts a refund against the payment as soon as it is created, pending or not.
    payment.amount_refunded += amount;
    applyRefundTotals(payment);
    if (processed) this.schedule([['refund.processed', { refund, payment }]]);
    return refund;
  }
}

function applyRefundTotals(payment: RazorpayPaymentEntity): void {
  if (payment.amount_refunded <= 0) {
    payment.refund_status = null;
    if (payment.captured) payment.status = 'captured';
  } else if (payment.amount_refunded >= payment.amount) {
    payment.refund_status = 'full';
    payment.status = 'refunded';
  } else {
    payment.refund_status = 'partial';
    payment.status = 'captured';
  }
}

/** An acquirer reference number as card networks give one: 23 digits. */
function randomArn(): string {
  return Array.from(randomBytes(23), (byte) => String(byte % 10)).join('');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks = await new Promise<Buffer[]>((resolve, reject) => {
    const read: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) {
        req.destroy();
        reject(new ApiError(400, 'The request body is too large.'));
      } else read.push(chunk);
    });
    req.on('end', () => resolve(read));
    req.on('error', reject);
  });
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
  if (!isRecord(body)) throw new ApiError(400, 'The request body must be a JSON object.');
  return body;
}

export async function startRazorpayDouble(options: RazorpayDoubleOptions): Promise<RazorpayDouble> {
  const double = new RazorpayDoubleServer(options);
  await double.listen();
  return double;
}
