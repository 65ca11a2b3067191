import {
  LIMITS,
  ORDER_STATUS,
  onlinePaymentOffered,
  type RazorpayIntentResponse,
  type SaveRazorpayPayment,
} from '@pharmacy/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { PAYMENT_NOT_NEEDED, type OnlinePaymentOutcome } from '../orders/online-payment-steps';
import type { OrdersService } from '../orders/orders.service';
import type { RefundsService } from '../refunds/refunds.service';
import type { RazorpayPaymentState, RazorpayProvider } from './payment-provider';

export const ONLINE_ONLY_ABOVE = `Online payment is offered for orders over ${LIMITS.cardPaymentAbove}.`;
export const PAYMENT_NOT_VERIFIED =
  'The payment could not be verified: its signature does not match. Nothing was changed.';
export const PAYMENT_NOT_FOR_ORDER = 'No payment found for this order.';
export const PAYMENT_NOT_COMPLETE =
  'The payment has not gone through yet. You can try again, or choose cash on delivery.';
export const PAYMENT_AMOUNT_MISMATCH =
  'The amount paid does not match the order total, so the payment was not accepted.';
export const ORDER_PAID_ONLINE = 'This order has already been paid.';
export const PAID_AFTER_CANCEL =
  'This order was cancelled before the payment arrived; the payment is being refunded in full.';

/** What the browser's save says for each outcome of recording the payment. */
const SAVE_MESSAGES: Record<OnlinePaymentOutcome, string> = {
  paid: 'Payment successful',
  'already-recorded': 'Payment already saved',
  // Recorded and refunded in full, as a card payment after a cancel is (issue 19).
  'refunded-cancelled': PAID_AFTER_CANCEL,
  'refunded-unneeded': PAYMENT_NOT_NEEDED,
};

/** How many Razorpay orders opened here are remembered for their webhooks (oldest dropped). */
const OPENED_HERE_KEPT = 10_000;

/** An open Razorpay order older than this is asked about by the reconciliation job. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** Razorpay lets an unpaid order be paid for days; after this the shop closes its side. */
export const OPEN_PAYMENT_LIFETIME_MS = 3 * 86_400_000;

/**
 * Razorpay's flow (issue 28, decision 0022): one Razorpay order per order total, Checkout in the
 * browser, and three reporters of the outcome (the browser's signed answer, the signed webhook,
 * the reconciliation job) that all end in the same once-only record of the payment.
 */
export function createRazorpayPaymentsService(deps: {
  orders: OrdersService;
  refunds: Pick<RefundsService, 'settleProviderRefund' | 'pendingProviderRefunds'>;
  provider: RazorpayProvider;
  shopName: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { orders, provider, log } = deps;
  const online = orders.onlinePayments;
  const now = deps.now ?? (() => new Date());
  /** Webhook deliveries handled here lately; the payment's own state makes a replay harmless. */
  const seenEvents = new Map<string, number>();

  /**
   * Captures an authorized payment when it is for the amount the shop asked; Razorpay releases
   * an authorization that is never captured, so one for another amount is left alone.
   */
  async function captureIfDue(payment: RazorpayPaymentState, expectedMinor: number) {
    if (payment.status !== 'authorized' || payment.amountMinor !== expectedMinor) return payment;
    return provider.capture(payment.id, payment.amountMinor);
  }

  /**
   * Razorpay orders this instance opened and has not yet seen paid: Razorpay order id → the shop
   * order and the amount asked, which its payment row holds and which never change. The webhook
   * that records a payment takes them from here instead of reading that row first; the recording
   * still reads the payment rows under the order's lock and decides from them (a payment
   * recorded meanwhile, by another instance too, is 'already-recorded' there). Absent (opened by
   * another instance, before a restart, or dropped), the row is read as before.
   */
  const openedHere = new Map<string, { orderId: number; amountMinor: number }>();

  type Settled = Awaited<ReturnType<typeof settleNow>>;
  /**
   * Reports of one payment being recorded in this process now, by payment id. Razorpay's two
   * webhooks and the browser's save usually arrive within milliseconds of each other: the later
   * ones wait for the first here instead of each taking a database connection to wait for the
   * order's row lock. Other instances still meet at that lock.
   */
  const settling = new Map<string, { providerOrderId: string; result: Promise<Settled> }>();

  /** The outcome of a report of this payment already running here, as a later report sees it. */
  async function joinRunning(
    providerOrderId: string,
    paymentId: string,
  ): Promise<Settled | undefined> {
    const running = settling.get(paymentId);
    if (!running || running.providerOrderId !== providerOrderId) return undefined;
    const result = await running.result.catch(() => undefined);
    // Paid by the other report: recorded already; refunded by it: the same refund, said again.
    if (!result) return undefined;
    return result.outcome === 'paid'
      ? {
          outcome: 'already-recorded' as const,
          orderId: result.orderId,
          paidOrder: result.paidOrder,
        }
      : result;
  }

  /** The shop's payment row of a Razorpay order, as `providerPayment` reads it. */
  type ForOrder = NonNullable<Awaited<ReturnType<typeof online.providerPayment>>['forOrder']>;

  /**
   * A payment Razorpay holds: recorded once when captured, whoever reports it. `known`: the
   * Razorpay order's row as the caller has just read it, with this payment not recorded then (the
   * browser's save), so it is not read again; the recording reads it once more under the lock.
   */
  async function settle(
    payment: RazorpayPaymentState,
    byUserId: number | null,
    options: { refuseUnneeded?: boolean; known?: ForOrder } = {},
  ): Promise<Settled> {
    if (!payment.orderId) return undefined;
    const joined = await joinRunning(payment.orderId, payment.id);
    if (joined) return joined;
    const result = settleNow(payment, byUserId, options);
    const entry = { providerOrderId: payment.orderId, result };
    settling.set(payment.id, entry);
    try {
      const settled = await result;
      // Recorded (or refunded): later reports read the row, which says so in one statement.
      if (settled) openedHere.delete(payment.orderId);
      return settled;
    } finally {
      if (settling.get(payment.id) === entry) settling.delete(payment.id);
    }
  }

  async function settleNow(
    payment: RazorpayPaymentState,
    byUserId: number | null,
    options: { refuseUnneeded?: boolean; known?: ForOrder },
  ) {
    if (!payment.orderId) return undefined;
    // Only a captured payment is taken on the map's word: one still to capture is captured only
    // after the row said it is not recorded yet.
    let forOrder: { orderId: number; amountMinor: number } | undefined =
      options.known ??
      (payment.status === 'captured' ? openedHere.get(payment.orderId) : undefined);
    if (!forOrder) {
      const read = await online.providerPayment(payment.orderId, payment.id);
      if (read.recorded)
        return {
          outcome: 'already-recorded' as const,
          orderId: read.recorded.orderId,
          paidOrder: undefined,
        };
      forOrder = read.forOrder;
    }
    if (!forOrder) return undefined;
    const current = await captureIfDue(payment, forOrder.amountMinor);
    if (current.status !== 'captured' && current.status !== 'refunded') return undefined;
    if (current.currency !== 'INR') return undefined;
    return online.recordConfirmedPayment(
      {
        orderId: forOrder.orderId,
        providerOrderId: payment.orderId,
        providerPaymentId: current.id,
        amountMinor: current.amountMinor,
        channel: current.channel,
        byUserId,
      },
      { refuseUnneeded: options.refuseUnneeded },
    );
  }

  return {
    provider,

    async createIntent(session: Session, orderId: number): Promise<RazorpayIntentResponse> {
      const opened = await online.openProviderOrder(session, orderId, (amountMinor) => {
        // Checked before Razorpay is asked, under the order's lock: an open Razorpay order was
        // made for an amount that passed, and a new total is checked again here.
        if (!onlinePaymentOffered(amountMinor)) throw new ConflictError(ONLINE_ONLY_ABOVE);
        return provider.createOrder({
          amountMinor,
          receipt: String(orderId),
          notes: { shop_order_id: String(orderId) },
        });
      });
      if (opened.created) {
        openedHere.set(opened.providerOrderId, { orderId, amountMinor: opened.amountMinor });
        if (openedHere.size > OPENED_HERE_KEPT)
          openedHere.delete(openedHere.keys().next().value as string);
      } else {
        // Paid already, with the word not yet here (a closed tab, a late webhook): record it
        // now rather than open Checkout for an order Razorpay will refuse to take again.
        const state = await provider.fetchOrder(opened.providerOrderId);
        if (state?.status === 'paid') {
          for (const payment of await provider.orderPayments(opened.providerOrderId))
            await settle(payment, session.userId);
          throw new ConflictError(ORDER_PAID_ONLINE);
        }
      }
      return {
        provider: 'razorpay',
        keyId: provider.keyId,
        razorpayOrderId: opened.providerOrderId,
        amount: opened.amountMinor,
        currency: 'INR',
        checkoutScriptUrl: provider.checkoutScriptUrl,
        name: deps.shopName,
        description: `Order #${orderId}`,
        prefill: opened.contact,
      };
    },

    /** Checkout's answer: believed only with a valid signature and Razorpay's own word on it. */
    async savePaymentDetails(session: Session, orderId: number, body: SaveRazorpayPayment) {
      const {
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      } = body;
      if (!provider.verifyCheckoutSignature(providerOrderId, paymentId, signature))
        throw new BadRequestError(PAYMENT_NOT_VERIFIED);
      // A webhook recording this very payment now: its outcome, once it has committed.
      const joined = await joinRunning(providerOrderId, paymentId);
      if (joined?.orderId === orderId) {
        // The order as that report's commit left it, without reading it again.
        const order = await online.orderAfterPayment(orderId, joined.paidOrder);
        if (order.userId !== session.userId) throw new NotFoundError(PAYMENT_NOT_FOR_ORDER);
        return { message: SAVE_MESSAGES[joined.outcome], order };
      }
      const { forOrder: row, recorded } = await online.providerPayment(providerOrderId, paymentId);
      if (!row || row.orderId !== orderId || row.ownerId !== session.userId)
        throw new NotFoundError(PAYMENT_NOT_FOR_ORDER);
      // Recorded already (the webhook usually wins the race): Razorpay signed this pair and the
      // shop holds it as captured, so there is nothing to ask Razorpay again.
      if (recorded?.orderId === orderId)
        return {
          message: 'Payment already saved',
          order: await online.orderAfterPayment(orderId),
        };
      // A webhook may have started on it since: its outcome costs no call to Razorpay.
      const joinedLate = await joinRunning(providerOrderId, paymentId);
      if (joinedLate?.orderId === orderId)
        return {
          message: SAVE_MESSAGES[joinedLate.outcome],
          order: await online.orderAfterPayment(orderId, joinedLate.paidOrder),
        };
      const fetched = await provider.fetchPayment(paymentId);
      if (!fetched || fetched.orderId !== providerOrderId)
        throw new NotFoundError(PAYMENT_NOT_FOR_ORDER);
      if (fetched.amountMinor !== row.amountMinor || fetched.currency !== 'INR')
        if (fetched.status === 'authorized' || fetched.status === 'created')
          throw new ConflictError(PAYMENT_AMOUNT_MISMATCH);
      // The row was read above, this payment not recorded then: not read again before the lock.
      const result = await settle(fetched, session.userId, {
        refuseUnneeded: true,
        known: recorded ? undefined : row,
      });
      if (!result) throw new ConflictError(PAYMENT_NOT_COMPLETE);
      return {
        message: SAVE_MESSAGES[result.outcome],
        order: await online.orderAfterPayment(orderId, result.paidOrder),
      };
    },

    /** A verified webhook (the route checked the signature before anything was read). */
    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
      eventId: string | undefined,
    ): Promise<{ received: true }> {
      const event = provider.parseWebhook(rawBody, signature, eventId);
      const at = Date.now();
      // Oldest first (a Map keeps insertion order): stop at the first still fresh, so a delivery
      // costs the ids that expired, not a walk over a whole day's ids.
      for (const [id, seen] of seenEvents) {
        if (at - seen <= 86_400_000) break;
        seenEvents.delete(id);
      }
      if (seenEvents.has(event.id)) return { received: true };
      try {
        switch (event.type) {
          case 'payment.captured':
          case 'payment.authorized':
          case 'order.paid':
            await settle(event.payment, null);
            break;
          case 'payment.failed':
            if (event.payment.orderId)
              await online.recordPaymentFailure(
                event.payment.orderId,
                event.payment.errorDescription ?? 'The payment failed.',
              );
            break;
          case 'refund.processed':
          case 'refund.failed':
            await deps.refunds.settleProviderRefund({
              providerRefundId: event.refund.id,
              shopRefundKey: event.refund.shopRefundKey,
              status: event.refund.status,
            });
            break;
          case 'other':
            break;
        }
      } catch (error) {
        // A payment for an order that moved on is logged for a person to look at; Razorpay
        // would only send it again and again. A server fault is a 500, so that it does retry.
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        log.warn({ err: error, eventId: event.id }, 'Razorpay webhook could not be applied');
      }
      seenEvents.set(event.id, at);
      return { received: true };
    },

    /**
     * The reconciliation job: asks Razorpay about open payments older than a few minutes, so a
     * lost webhook never leaves a paid order unconfirmed, and about refunds it has not settled.
     */
    async reconcile() {
      const at = now().getTime();
      const tally = { paid: 0, closed: 0, pending: 0, refundsSettled: 0 };
      const open = await online.openPaymentsBetween(
        'razorpay',
        new Date(0),
        new Date(at - RECONCILE_AFTER_MS),
        100,
      );
      for (const row of open) {
        if (!row.intentId) continue;
        try {
          const attempts = await provider.orderPayments(row.intentId);
          let settled = false;
          for (const attempt of attempts) {
            const result = await settle(attempt, null);
            if (result) settled = true;
          }
          if (settled) {
            tally.paid += 1;
            continue;
          }
          const expired = row.createdAt.getTime() < at - OPEN_PAYMENT_LIFETIME_MS;
          const failed = attempts.filter((attempt) => attempt.status === 'failed');
          if (expired || row.orderStatusId !== ORDER_STATUS.PAYMENT) {
            await online.closeOpenPayment(
              row.id,
              expired
                ? 'Expired: not paid within 3 days'
                : 'Closed: the order no longer waits for it',
            );
            tally.closed += 1;
          } else {
            if (failed.length > 0 && failed.length === attempts.length)
              await online.recordPaymentFailure(
                row.intentId,
                failed[failed.length - 1]?.errorDescription ?? 'The payment failed.',
              );
            tally.pending += 1;
          }
        } catch (error) {
          log.warn({ err: error, paymentId: row.id }, 'reconciling a Razorpay payment failed');
        }
      }
      const refunds = await deps.refunds.pendingProviderRefunds(
        new Date(at - RECONCILE_AFTER_MS),
        100,
      );
      for (const refund of refunds) {
        try {
          const state = await provider.fetchRefund(
            refund.providerPaymentId,
            refund.providerRefundId,
          );
          if (!state) continue;
          const outcome = await deps.refunds.settleProviderRefund({
            providerRefundId: state.id,
            shopRefundKey: state.shopRefundKey,
            status: state.status,
          });
          if (outcome === 'settled') tally.refundsSettled += 1;
        } catch (error) {
          log.warn({ err: error, refundId: refund.id }, 'reconciling a Razorpay refund failed');
        }
      }
      return tally;
    },
  };
}

export type RazorpayPaymentsService = ReturnType<typeof createRazorpayPaymentsService>;
