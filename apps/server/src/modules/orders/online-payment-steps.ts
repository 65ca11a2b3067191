import {
  ORDER_NOT_FOUND,
  ORDER_STATUS,
  fromMinorUnits,
  onlinePaymentNote,
  type OrderPaymentSummary,
  type PaymentChannel,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import type { OrderStepDeps } from './checkout-steps';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { NOT_WAITING_FOR_PAYMENT } from './order-lifecycle';
import { toOrder } from './order-status';
import * as repository from './orders.repository';

export const PAYMENT_NOT_NEEDED =
  'This payment was not needed: the order was already paid, or its total changed. Razorpay will give it back in full.';

/** What became of an online payment the provider confirmed. */
export type OnlinePaymentOutcome =
  /** It paid the order, which moved on (Packing, or Waiting To Accept). */
  | 'paid'
  /** Recorded before (the browser and the webhook both report it): nothing changed. */
  | 'already-recorded'
  /** The order was cancelled meanwhile: recorded and refunded in full (issue 19). */
  | 'refunded-cancelled'
  /** The order did not need it (paid already, or another total): recorded and refunded in full. */
  | 'refunded-unneeded';

export interface ConfirmedOnlinePayment {
  /** The shop's order whose Razorpay order this is (checked again under the order's lock). */
  orderId: number;
  /** The provider's order (Razorpay) the payment belongs to. */
  providerOrderId: string;
  providerPaymentId: string;
  amountMinor: number;
  channel: PaymentChannel | null;
  byUserId: number | null;
}

/**
 * The order's side of an online payment made through Razorpay's orders and Checkout (issue 28):
 * opening one Razorpay order per order total, and recording a confirmed payment exactly once,
 * whoever reports it first (the browser, the webhook or the reconciliation job).
 */
/** The order's payments as its page shows them. */
export async function paymentSummaries(
  tx: DbOrTx,
  orderId: number,
): Promise<OrderPaymentSummary[]> {
  const rows = await repository.listPayments(tx, orderId);
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    method: row.method,
    channel: (row.channel as PaymentChannel | null) ?? null,
    providerOrderId: row.provider === 'none' ? null : row.intentId,
    providerPaymentId: row.providerPaymentId,
    status: row.status,
    amount: fromMinorUnits(row.amountMinor),
    failureReason: row.failureReason ?? (row.status === 'failed' ? row.note : null),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A lost race or a total changed meanwhile makes create-intent read again; this many times. */
const OPEN_PROVIDER_ORDER_ROUNDS = 3;

export const ORDER_CHANGED_MEANWHILE =
  'The order changed while the payment was being prepared. Please try again.';

export function createOnlinePaymentSteps(deps: OrderStepDeps) {
  const { db, lifecycle, events } = deps;

  return {
    /**
     * The open Razorpay order for the order's current total, made by `create` when there is none.
     * One read (the order and its open Razorpay order), and when there is none, Razorpay's order
     * and one guarded insert, without a transaction or a connection held during the call out:
     * the insert takes the order's row lock for its statement and only inserts while the order
     * is still in Payment with that total and no open Razorpay order for it exists (a unique
     * index), so a double click, a second tab or another instance gets the same Razorpay order.
     * The loser of such a race reads again and answers the winner's; its own Razorpay order is
     * simply never paid (nobody opens Checkout on it), which is harmless: Razorpay lets an
     * unpaid order expire and charges nothing for it.
     */
    async openProviderOrder(
      session: Session,
      orderId: number,
      create: (amountMinor: number) => Promise<{ id: string }>,
    ) {
      for (let round = 1; ; round += 1) {
        const order = await repository.findRazorpayPaymentStep(db, orderId);
        if (!order || order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
        if (order.statusId !== ORDER_STATUS.PAYMENT)
          throw new ConflictError(NOT_WAITING_FOR_PAYMENT);
        const amountMinor = order.totalOrderValueMinor;
        // Checkout's prefill: the order's delivery address was confirmed before the payment
        // step, so its name and phone are the ones to use, with the account's e-mail.
        const contact = order.shippingAddress
          ? {
              name: order.shippingAddress.name,
              email: order.email,
              contact: order.shippingAddress.phone,
            }
          : { name: order.name ?? '', email: order.email ?? '', contact: order.phone ?? '' };
        if (order.openIntentId)
          return { providerOrderId: order.openIntentId, amountMinor, created: false, contact };
        // Only when the order changes again and again under this request (its total edited
        // between each read and insert): the customer tries again.
        if (round > OPEN_PROVIDER_ORDER_ROUNDS) throw new ConflictError(ORDER_CHANGED_MEANWHILE);
        const made = await create(amountMinor);
        const inserted = await repository.insertOpenRazorpayPayment(db, {
          orderId,
          userId: session.userId,
          statusId: ORDER_STATUS.PAYMENT,
          amountMinor,
          intentId: made.id,
        });
        if (inserted) return { providerOrderId: made.id, amountMinor, created: true, contact };
        // Lost a race (another request's Razorpay order for this total) or the order changed
        // (cancelled, another total): read again and answer as for that state.
      }
    },

    /**
     * A Razorpay payment as the shop holds it, read without a lock: the payment row of its
     * Razorpay order and the row that recorded it, if any, so that the second and third reports
     * of a payment (webhook, browser, order.paid) cost one query.
     */
    providerPayment: (providerOrderId: string, providerPaymentId: string) =>
      repository.findProviderPayment(db, providerOrderId, providerPaymentId),

    /**
     * A payment the provider confirmed as captured. Saved once: the order's row is locked, and a
     * payment id already recorded changes nothing. Money that the order did not need (cancelled
     * meanwhile, paid already, another total) is recorded and refunded in full in the same
     * transaction, so nothing a customer paid is ever kept without an order to show for it.
     */
    async recordConfirmedPayment(
      confirmed: ConfirmedOnlinePayment,
      options: {
        /**
         * The browser's report refuses a payment the order does not need (409, nothing written):
         * a refused request changes nothing. The webhook and the reconciliation job, which speak
         * for Razorpay, record it and give it back.
         */
        refuseUnneeded?: boolean;
      } = {},
    ): Promise<{
      outcome: OnlinePaymentOutcome;
      orderId: number;
      /** The order as this payment left it, when it paid it ('paid'). */
      paidOrder?: repository.OrderRow;
    }> {
      return db.transaction(async (tx) => {
        // The order's row lock first (its id known from the unlocked read), then the payment
        // rows as they stand under it: a report racing this one has committed or waits.
        const order = await repository.findOrder(tx, confirmed.orderId, { forUpdate: true });
        if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
        const { forOrder: payment, recorded: known } = await repository.findProviderPaymentIn(
          tx,
          confirmed.providerOrderId,
          confirmed.providerPaymentId,
        );
        if (!payment || payment.orderId !== order.id)
          throw new NotFoundError('No payment found for this order.');
        if (known) return { outcome: 'already-recorded', orderId: order.id };

        // Razorpay takes one payment per order; should a second ever arrive, it gets its own row.
        let paymentId = payment.id;
        if (payment.status === 'succeeded') {
          paymentId = await repository.insertPayment(tx, {
            orderId: order.id,
            method: 'card',
            provider: 'razorpay',
            amountMinor: confirmed.amountMinor,
            status: 'succeeded',
            note: `Second payment of ${confirmed.providerOrderId}`,
            providerPaymentId: confirmed.providerPaymentId,
            channel: confirmed.channel,
          });
        } else {
          await repository.markOnlinePaymentSucceeded(tx, payment.id, confirmed);
        }

        if (order.statusId === ORDER_STATUS.CANCELLED) {
          await events.publish(tx, 'order.paid_after_cancel', {
            orderId: order.id,
            byUserId: confirmed.byUserId,
          });
          return { outcome: 'refunded-cancelled', orderId: order.id };
        }
        const needed =
          paymentId === payment.id &&
          order.statusId === ORDER_STATUS.PAYMENT &&
          confirmed.amountMinor === payment.amountMinor &&
          confirmed.amountMinor === order.totalOrderValueMinor;
        if (!needed && options.refuseUnneeded) throw new ConflictError(PAYMENT_NOT_NEEDED);
        if (!needed) {
          await events.publish(tx, 'order.payment_unneeded', {
            orderId: order.id,
            paymentId,
            amountMinor: confirmed.amountMinor,
            byUserId: confirmed.byUserId,
          });
          return { outcome: 'refunded-unneeded', orderId: order.id };
        }
        const paidOrder = await lifecycle.completePayment(
          tx,
          order,
          onlinePaymentNote('razorpay', confirmed.channel),
          confirmed.byUserId,
        );
        return { outcome: 'paid', orderId: order.id, paidOrder };
      });
    },

    /** A failed attempt: the order stays in Payment, and its page says why. */
    recordPaymentFailure: (providerOrderId: string, reason: string) =>
      repository.recordPaymentFailure(db, providerOrderId, reason),

    closeOpenPayment: (paymentId: number, note: string) =>
      repository.closeOpenPayment(db, paymentId, note),

    openPaymentsBetween: (
      provider: 'razorpay' | 'stripe' | 'test',
      from: Date,
      to: Date,
      limit: number,
    ) => repository.openPaymentsBetween(db, provider, from, to, limit),

    /** The order as the customer sees it once a payment is settled: `paidOrder` when it is known. */
    async orderAfterPayment(orderId: number, paidOrder?: repository.OrderRow) {
      const row = paidOrder ?? (await repository.findOrderPrepared(db, orderId));
      if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
      return toOrder(row);
    },
  };
}

export type OnlinePaymentSteps = ReturnType<typeof createOnlinePaymentSteps>;
