import {
  ORDER_STATUS,
  fromMinorUnits,
  refundCheck,
  refundableMinor,
  type PayoutChannel,
  type RefundReason,
  type RefundSummary,
} from '@pharmacy/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import type { RefundRow } from '../../db/schema/index';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import type { JobQueue, QueueSettings } from '../jobs/job-queue';
import type { MailOutbox } from '../notifications/mail-outbox';
import type { OrderEvents } from '../orders/order-events';
import type { PaymentProvider } from '../payments/payment-provider';
import { refundMail } from './refund-mail';
import * as repository from './refunds.repository';

export const REFUND_QUEUE = 'send-refund';
export const COD_REFUND_NEEDS_PAYOUT =
  'A cash-on-delivery refund needs the UPI or bank transfer reference.';
export const NOTHING_PAID = 'Nothing has been paid for this order, so there is nothing to refund.';

/** Card refunds are retried for about an hour (30 s doubling) before a person must look. */
export const refundQueueSettings = (expireSeconds: number): QueueSettings => ({
  retryLimit: 6,
  retryDelaySeconds: 30,
  expireSeconds,
});

export interface RefundInput {
  orderId: number;
  reason: RefundReason;
  amountMinor: number;
  returnRequestId?: number | null;
  /** The payment to give back (a payment the order did not need); unset: the order's one. */
  paymentId?: number | null;
  byUserId: number | null;
  /** Cash on delivery only: how the pharmacy paid the money back. */
  payout?: { channel: PayoutChannel; reference: string };
  /**
   * false when the caller's own mail says it (a cancellation mails the refund sentence with the
   * cancellation); otherwise the customer gets a refund mail.
   */
  mail?: boolean;
}

type SettledPayment = Awaited<ReturnType<typeof repository.settledPayments>>[number];

/**
 * What was actually paid: the succeeded card payment; for cash on delivery the order total once
 * the order is delivered (the cash was collected), nothing before.
 */
function paidFrom(
  order: { statusId: number; totalOrderValueMinor: number },
  settled: SettledPayment[],
) {
  const card = settled.filter(
    (payment) => payment.method === 'card' && payment.status === 'succeeded',
  );
  if (card.length > 0)
    return {
      paidMinor: card.reduce((sum, payment) => sum + payment.amountMinor, 0),
      card: card[0],
    };
  const cod = settled.find((payment) => payment.method === 'cash_on_delivery');
  if (cod && order.statusId === ORDER_STATUS.DELIVERED)
    return { paidMinor: order.totalOrderValueMinor, card: undefined };
  return { paidMinor: 0, card: undefined };
}

export function toRefundSummary(row: RefundRow): RefundSummary {
  return {
    id: row.id,
    reason: row.reason as RefundSummary['reason'],
    method: row.method as RefundSummary['method'],
    amount: fromMinorUnits(row.amountMinor),
    amountMinor: row.amountMinor,
    status: row.status as RefundSummary['status'],
    payoutChannel: (row.payoutChannel as RefundSummary['payoutChannel']) ?? null,
    payoutReference: row.payoutReference,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/**
 * The refunds engine (issue 19), shared by cancellation and returns. A refund is decided inside
 * the caller's transaction under the order's row lock, so two refunds of one order can never
 * together exceed what was paid; a card refund is sent to the provider by a job queued in that
 * same transaction, with the refund's id as idempotency key, so a retry never pays twice.
 */
export function createRefundsService(deps: {
  db: Database;
  jobs: JobQueue;
  outbox: MailOutbox;
  provider: PaymentProvider;
  publicUrl: string;
  shopName: string;
  currencySymbol: string;
  log: FastifyBaseLogger;
  retryLimit: number;
  /** `order.refunded` is published in the refund's transaction (loyalty takes back points). */
  events: OrderEvents;
}) {
  const { db, jobs, outbox, provider, events } = deps;

  /** The online payment a refund gives back: its own, else the order's succeeded one. */
  async function paymentOf(tx: DbOrTx, refund: RefundRow) {
    const settled = await repository.settledPayments(tx, refund.orderId);
    if (refund.paymentId) return settled.find((payment) => payment.id === refund.paymentId);
    // Not one a refund of its own gave back (a payment the order did not need).
    const givenBack = new Set(await repository.paymentsRefundedOnTheirOwn(tx, refund.orderId));
    return settled.find(
      (payment) =>
        payment.method === 'card' && payment.status === 'succeeded' && !givenBack.has(payment.id),
    );
  }

  jobs.work<{ refundId: number }>(REFUND_QUEUE, async (job) => {
    const refund = await repository.findRefund(db, job.data.refundId);
    if (!refund || refund.status !== 'pending' || refund.method !== 'card') return;
    // Razorpay answered this refund before and settles it later (webhook or reconciliation).
    if (refund.providerRefundId && provider.name === 'razorpay') return;
    const card = await paymentOf(db, refund);
    try {
      if (!card?.intentId) throw new Error('The card payment of this order was not found.');
      const result = await provider.refund({
        intentId: card.intentId,
        providerPaymentId: card.providerPaymentId,
        amountMinor: refund.amountMinor,
        idempotencyKey: `refund-${refund.id}`,
      });
      const refused = result.status === 'failed' || result.status === 'canceled';
      // Stripe's 'pending' settles on its own; Razorpay says 'processed' or 'failed' later.
      const settlesLater = provider.name === 'razorpay' && result.status === 'pending';
      await repository.updateRefund(db, refund.id, {
        status: refused ? 'failed' : settlesLater ? 'pending' : 'succeeded',
        providerRefundId: result.id,
        lastError: refused ? `The payment provider answered ${result.status}.` : null,
        completedAt: refused || settlesLater ? null : new Date(),
      });
      if (refused) deps.log.warn({ refundId: refund.id }, 'the provider refused a refund');
    } catch (error) {
      const last = job.retryCount >= deps.retryLimit;
      const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      await repository.updateRefund(db, refund.id, {
        lastError: message,
        ...(last ? { status: 'failed' as const } : {}),
      });
      if (last) {
        deps.log.error({ refundId: refund.id }, 'a card refund failed for good');
        return;
      }
      throw error;
    }
  });

  /** What was paid, read without a lock (refund() takes the order's lock itself). */
  async function paidMinor(tx: DbOrTx, orderId: number): Promise<number> {
    const order = await repository.lockOrder(tx, orderId, false);
    if (!order) return 0;
    return paidFrom(order, await repository.settledPayments(tx, orderId)).paidMinor;
  }

  return {
    paidMinor,

    /**
     * The provider's final word on a refund (Razorpay's refund.processed / refund.failed, or its
     * answer to the reconciliation job). Out-of-order deliveries are harmless: 'processed' is
     * final, and a refund already settled the same way is left alone.
     */
    async settleProviderRefund(input: {
      providerRefundId: string;
      shopRefundKey: string | null;
      status: 'processed' | 'failed' | 'pending';
    }): Promise<'settled' | 'unchanged' | 'unknown'> {
      if (input.status === 'pending') return 'unchanged';
      const keyed = /^refund-(\d{1,9})$/.exec(input.shopRefundKey ?? '');
      return db.transaction(async (tx) => {
        const refund = await repository.findRefundForProvider(
          tx,
          input.providerRefundId,
          keyed ? Number(keyed[1]) : null,
        );
        if (!refund || refund.method !== 'card') return 'unknown';
        const status = input.status === 'processed' ? 'succeeded' : 'failed';
        if (refund.status === status || refund.status === 'succeeded') return 'unchanged';
        await repository.updateRefund(tx, refund.id, {
          status,
          providerRefundId: input.providerRefundId,
          completedAt: status === 'succeeded' ? new Date() : null,
          lastError:
            status === 'failed' ? 'The payment provider reported the refund failed.' : null,
        });
        await recordAudit(tx, {
          actorUserId: null,
          action: status === 'succeeded' ? 'refund.settled' : 'refund.failed',
          entityType: 'order',
          entityId: refund.orderId,
          details: { refundId: refund.id, providerRefundId: input.providerRefundId },
        });
        if (status === 'failed')
          deps.log.error({ refundId: refund.id }, 'the provider reported a refund failed');
        return 'settled';
      });
    },

    /** Refunds the provider has not settled yet, with the payment each gives back. */
    async pendingProviderRefunds(before: Date, limit: number) {
      if (provider.name !== 'razorpay') return [];
      const rows = await repository.pendingProviderRefunds(db, provider.name, before, limit);
      const pending = [];
      for (const row of rows) {
        const payment = await paymentOf(db, row);
        if (row.providerRefundId && payment?.providerPaymentId)
          pending.push({
            id: row.id,
            providerRefundId: row.providerRefundId,
            providerPaymentId: payment.providerPaymentId,
          });
      }
      return pending;
    },

    refundedMinor: (tx: DbOrTx, orderId: number) => repository.refundedMinor(tx, orderId),

    /** What may still be refunded: paid less every refund not failed (the shared rule). */
    async refundableMinor(tx: DbOrTx, orderId: number): Promise<number> {
      const [paid, refunded] = [
        await paidMinor(tx, orderId),
        await repository.refundedMinor(tx, orderId),
      ];
      return refundableMinor(paid, refunded);
    },

    async listForOrder(tx: DbOrTx, orderId: number): Promise<RefundSummary[]> {
      return (await repository.listForOrder(tx, orderId)).map(toRefundSummary);
    },

    async refund(tx: DbOrTx, input: RefundInput): Promise<RefundRow> {
      const order = await repository.lockOrder(tx, input.orderId);
      if (!order) throw new NotFoundError('No order found.');
      const settled = await repository.settledPayments(tx, input.orderId);
      const { paidMinor: paid, card } = paidFrom(order, settled);
      const refunded = await repository.refundedMinor(tx, input.orderId);
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
        throw new BadRequestError('A refund must be a positive amount.');
      if (paid === 0) throw new ConflictError(NOTHING_PAID);
      const check = refundCheck(input.amountMinor, paid, refunded);
      if (!check.allowed) throw new ConflictError(check.reason);

      let row: RefundRow;
      if (card) {
        row = await repository.insertRefund(tx, {
          orderId: input.orderId,
          returnRequestId: input.returnRequestId ?? null,
          reason: input.reason,
          method: 'card',
          provider: card.provider,
          paymentId: input.paymentId ?? null,
          amountMinor: input.amountMinor,
          status: 'pending',
          createdByUserId: input.byUserId,
        });
        await jobs.enqueue(tx, REFUND_QUEUE, { refundId: row.id });
      } else {
        const reference = input.payout?.reference.trim() ?? '';
        if (!input.payout || !reference || reference.length > 100)
          throw new BadRequestError(COD_REFUND_NEEDS_PAYOUT);
        row = await repository.insertRefund(tx, {
          orderId: input.orderId,
          returnRequestId: input.returnRequestId ?? null,
          reason: input.reason,
          method: 'payout',
          provider: 'none',
          amountMinor: input.amountMinor,
          status: 'succeeded',
          payoutChannel: input.payout.channel,
          payoutReference: reference,
          createdByUserId: input.byUserId,
          completedAt: new Date(),
        });
      }

      const refundedMinorAfter = refunded + input.amountMinor;
      await events.publish(tx, 'order.refunded', {
        orderId: input.orderId,
        userId: order.userId,
        amountMinor: input.amountMinor,
        paidMinor: paid,
        refundedMinorAfter,
      });
      await recordAudit(tx, {
        actorUserId: input.byUserId,
        action: 'refund.issued',
        entityType: 'order',
        entityId: input.orderId,
        details: {
          refundId: row.id,
          reason: input.reason,
          method: row.method,
          amountMinor: input.amountMinor,
          returnRequestId: input.returnRequestId ?? null,
          ...(row.payoutChannel ? { payoutChannel: row.payoutChannel } : {}),
        },
      });
      if (input.mail !== false) {
        const customer = await repository.customerOf(tx, input.orderId);
        if (customer)
          await outbox.enqueue(
            tx,
            'order.refund',
            refundMail(
              {
                orderId: input.orderId,
                email: customer.email,
                name: customer.name,
                amountMinor: input.amountMinor,
                method: row.method as 'card' | 'payout',
                provider: row.provider,
                payoutChannel: row.payoutChannel as PayoutChannel | null,
                payoutReference: row.payoutReference,
              },
              deps,
            ),
          );
      }
      return row;
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
