import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isPaymentChannel } from '@pharmacy/shared';
import {
  WebhookSignatureError,
  type ProviderRefund,
  type RazorpayOrderState,
  type RazorpayPaymentState,
  type RazorpayProvider,
  type RazorpayRefundState,
  type RazorpayWebhookEvent,
} from './payment-provider';

/** The fields of Razorpay's entities this shop reads (its API answers many more). */
interface OrderEntity {
  id: string;
  amount: number | string;
  status: string;
  receipt?: string | null;
}
interface PaymentEntity {
  id: string;
  order_id?: string | null;
  amount: number | string;
  currency?: string;
  status: string;
  method?: string | null;
  error_description?: string | null;
}
interface RefundEntity {
  id: string;
  payment_id: string;
  amount: number | string;
  status: string;
  receipt?: string | null;
  notes?: Record<string, unknown> | unknown[] | null;
}

function toOrder(entity: OrderEntity): RazorpayOrderState {
  const status =
    entity.status === 'paid' || entity.status === 'attempted' ? entity.status : 'created';
  return {
    id: entity.id,
    amountMinor: Number(entity.amount),
    status,
    receipt: entity.receipt ?? null,
  };
}

const PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'refunded', 'failed'] as const;

export function toPaymentState(entity: PaymentEntity): RazorpayPaymentState {
  const status = (PAYMENT_STATUSES as readonly string[]).includes(entity.status)
    ? (entity.status as RazorpayPaymentState['status'])
    : 'created';
  return {
    id: entity.id,
    orderId: entity.order_id ?? null,
    amountMinor: Number(entity.amount),
    currency: entity.currency ?? 'INR',
    status,
    channel: isPaymentChannel(entity.method) ? entity.method : null,
    errorDescription: entity.error_description ?? null,
  };
}

function shopRefundKey(entity: RefundEntity): string | null {
  const notes = entity.notes && !Array.isArray(entity.notes) ? entity.notes : {};
  const key = notes.shop_refund ?? entity.receipt;
  return typeof key === 'string' ? key : null;
}

export function toRefundState(entity: RefundEntity): RazorpayRefundState {
  const status =
    entity.status === 'processed' || entity.status === 'failed' ? entity.status : 'pending';
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amountMinor: Number(entity.amount),
    status,
    shopRefundKey: shopRefundKey(entity),
  };
}

function toProviderRefund(refund: RazorpayRefundState): ProviderRefund {
  return {
    id: refund.id,
    status:
      refund.status === 'processed'
        ? 'succeeded'
        : refund.status === 'failed'
          ? 'failed'
          : 'pending',
    amountMinor: refund.amountMinor,
  };
}

/** Hex HMAC-SHA256, compared in constant time (the SDK's own check compares with ===). */
export function hmacMatches(secret: string, payload: string | Buffer, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(payload).digest();
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The SDK throws `{ statusCode, error }` for API errors (and a TypeError when no answer came). */
function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const code = Number((error as { statusCode: unknown }).statusCode);
    return Number.isFinite(code) ? code : undefined;
  }
  return undefined;
}

/** An Error with Razorpay's own description, so logs and refunds' last_error say what it said. */
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (error && typeof error === 'object' && 'error' in error) {
    const body = (error as { error?: { description?: unknown } }).error;
    const code = statusOf(error);
    if (body && typeof body.description === 'string')
      return new Error(`Razorpay answered ${code ?? 'an error'}: ${body.description}`);
  }
  return new Error('Razorpay could not be reached.');
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw asError(error);
  }
}

async function fetchOrUndefined<T>(request: () => Promise<T>): Promise<T | undefined> {
  try {
    return await request();
  } catch (error) {
    if (statusOf(error) === 404 || statusOf(error) === 400) return undefined;
    throw asError(error);
  }
}

/**
 * Razorpay through its official SDK (`razorpay` on npm). The SDK's base URL is fixed to
 * api.razorpay.com; RAZORPAY_API_URL replaces it on the SDK's own HTTP client (a proxy, or the
 * local double the tests start). Signatures are checked here in constant time.
 */
export async function createRazorpayProvider(options: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  checkoutUrl: string;
}): Promise<RazorpayProvider> {
  const { default: Razorpay } = await import('razorpay');
  const sdk = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const http = (
    sdk.api as unknown as {
      rq: { defaults: { baseURL?: string; timeout?: number; maxRedirects?: number } };
    }
  ).rq;
  http.defaults.baseURL = options.apiUrl;
  http.defaults.timeout = 15_000;
  // Razorpay's API answers, it does not redirect: without redirects axios sends through Node's
  // own http module instead of the follow-redirects wrapper, about a third less CPU per call.
  // Connections are reused either way (Node's global agent keeps them alive).
  http.defaults.maxRedirects = 0;

  async function refundsOf(paymentId: string): Promise<RazorpayRefundState[]> {
    const list = (await call(() =>
      sdk.payments.fetchMultipleRefund(paymentId, { count: 100 }),
    )) as {
      items: RefundEntity[];
    };
    return list.items.map(toRefundState);
  }

  return {
    name: 'razorpay',
    keyId: options.keyId,
    checkoutScriptUrl: options.checkoutUrl,

    async createOrder({ amountMinor, receipt, notes }) {
      const order = (await call(() =>
        sdk.orders.create({ amount: amountMinor, currency: 'INR', receipt, notes }),
      )) as OrderEntity;
      return toOrder(order);
    },

    async fetchOrder(orderId) {
      const order = await fetchOrUndefined(() => sdk.orders.fetch(orderId));
      return order ? toOrder(order as OrderEntity) : undefined;
    },

    async orderPayments(orderId) {
      const list = (await call(() => sdk.orders.fetchPayments(orderId))) as {
        items: PaymentEntity[];
      };
      return list.items.map(toPaymentState);
    },

    async fetchPayment(paymentId) {
      const payment = await fetchOrUndefined(() => sdk.payments.fetch(paymentId));
      return payment ? toPaymentState(payment as PaymentEntity) : undefined;
    },

    async capture(paymentId, amountMinor) {
      try {
        return toPaymentState(
          (await sdk.payments.capture(paymentId, amountMinor, 'INR')) as PaymentEntity,
        );
      } catch (error) {
        // Captured meanwhile (Razorpay's automatic capture, or another server): say what it is.
        const now = await fetchOrUndefined(() => sdk.payments.fetch(paymentId));
        if (now && (now as PaymentEntity).status === 'captured')
          return toPaymentState(now as PaymentEntity);
        throw asError(error);
      }
    },

    async refund({ providerPaymentId, amountMinor, idempotencyKey }) {
      if (!providerPaymentId) throw new Error('The Razorpay payment of this refund is not known.');
      // Razorpay's refund call has no idempotency key: a retry first looks for the refund the
      // earlier try made (the shop's refund key is its receipt and note), so it never pays twice.
      const earlier = (await refundsOf(providerPaymentId)).find(
        (refund) => refund.shopRefundKey === idempotencyKey,
      );
      if (earlier) return toProviderRefund(earlier);
      const created = (await call(() =>
        sdk.payments.refund(providerPaymentId, {
          amount: amountMinor,
          speed: 'normal',
          receipt: idempotencyKey,
          notes: { shop_refund: idempotencyKey },
        }),
      )) as RefundEntity;
      return toProviderRefund(toRefundState(created));
    },

    async fetchRefund(paymentId, refundId) {
      const refund = await fetchOrUndefined(() => sdk.payments.fetchRefund(paymentId, refundId));
      return refund ? toRefundState(refund as RefundEntity) : undefined;
    },

    verifyCheckoutSignature(orderId, paymentId, signature) {
      return hmacMatches(options.keySecret, `${orderId}|${paymentId}`, signature);
    },

    parseWebhook(rawBody, signature, eventId) {
      if (!signature) throw new WebhookSignatureError('No X-Razorpay-Signature header.');
      if (!hmacMatches(options.webhookSecret, rawBody, signature))
        throw new WebhookSignatureError('The signature does not match.');
      return parseWebhookBody(rawBody, eventId);
    },
  };
}

/**
 * What a webhook's entities must hold before anything is done with them. The signature says the
 * body is Razorpay's; this says it is one the shop understands (ids, whole paise, a status).
 */
const minor = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const webhookPayment = z.object({
  id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/),
  order_id: z
    .string()
    .regex(/^order_[A-Za-z0-9]{1,40}$/)
    .nullish(),
  amount: minor,
  currency: z.string().max(3).optional(),
  status: z.string().max(20),
  method: z.string().max(30).nullish(),
  error_description: z.string().max(1000).nullish(),
});
const webhookRefund = z.object({
  id: z.string().regex(/^rfnd_[A-Za-z0-9]{1,40}$/),
  payment_id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/),
  amount: minor,
  status: z.string().max(20),
  receipt: z.string().max(100).nullish(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
});

function entityOf<T>(schema: z.ZodType<T>, value: unknown, event: string, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadWebhookError(`${event} carries no valid ${what}.`);
  return parsed.data;
}

/** Reads a webhook body whose signature was verified; a malformed one is a BadWebhookError. */
export function parseWebhookBody(
  rawBody: Buffer,
  eventId: string | undefined,
): RazorpayWebhookEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new BadWebhookError('The webhook body is not JSON.');
  }
  if (!body || typeof body !== 'object')
    throw new BadWebhookError('The webhook body is not an event.');
  const event = body as {
    event?: unknown;
    created_at?: unknown;
    payload?: {
      payment?: { entity?: unknown };
      refund?: { entity?: unknown };
    };
  };
  if (typeof event.event !== 'string') throw new BadWebhookError('The webhook has no event name.');
  // Razorpay names each delivery in X-Razorpay-Event-Id; without it the signed body is the name.
  const id =
    eventId && eventId.length <= 100
      ? eventId
      : `body-${createHmac('sha256', 'event').update(rawBody).digest('hex')}`;
  const payload = event.payload && typeof event.payload === 'object' ? event.payload : {};
  switch (event.event) {
    case 'payment.captured':
    case 'payment.authorized':
    case 'order.paid':
    case 'payment.failed': {
      const payment = entityOf(webhookPayment, payload.payment?.entity, event.event, 'payment');
      return { id, type: event.event, payment: toPaymentState(payment) };
    }
    case 'refund.processed':
    case 'refund.failed': {
      const refund = entityOf(webhookRefund, payload.refund?.entity, event.event, 'refund');
      return { id, type: event.event, refund: toRefundState(refund) };
    }
    default:
      return { id, type: 'other', event: event.event };
  }
}

export class BadWebhookError extends Error {}
