import { ORDER_NOT_FOUND, ORDER_STATUS, nextStatusAfterPayment } from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import type { InvoicesService } from '../invoices/invoices.service';
import type { OrderMail } from '../notifications/order-mail';
import { mailTarget, toOrder, type ChangeStatus } from './order-status';
import * as repository from './orders.repository';

export const NOT_WAITING_FOR_PAYMENT = 'This order is not waiting for payment.';
export const CARD_PAYMENT = 'Card payment';

/** An order just confirmed, as other modules hear of it (refill reminders restart their interval). */
export interface ConfirmedOrder {
  orderId: number;
  userId: number;
  /** The products still in the catalogue that the order holds. */
  productIds: number[];
}

/** Called inside the confirming transaction; what it writes commits or rolls back with it. */
export type OnOrderConfirmed = (tx: DbOrTx, order: ConfirmedOrder) => Promise<void>;

/**
 * The steps of an order between placing and packing that other modules drive: card payments
 * (payments), prescription uploads and the pharmacist's review (prescriptions).
 */
export function createCheckoutSteps(deps: {
  db: Database;
  mail: OrderMail;
  changeStatus: ChangeStatus;
  visibleOrder: (
    session: Session,
    orderId: number,
    tx?: DbOrTx,
    forUpdate?: boolean,
  ) => Promise<repository.OrderRow>;
  onConfirmed?: OnOrderConfirmed;
  invoices: Pick<InvoicesService, 'issueInvoice'>;
  /**
   * Issue 19: a card payment that went through after the order was cancelled (paid in another
   * tab, or a late webhook) is recorded and given back in full in the same transaction.
   */
  onPaidAfterCancel?: (tx: DbOrTx, orderId: number, byUserId: number | null) => Promise<void>;
}) {
  const { db, mail, changeStatus, visibleOrder, onConfirmed, invoices } = deps;

  /**
   * Payment done (card success or cash on delivery): Packing, or Waiting To Accept when a
   * pharmacist must see the prescription first (DECISIONS). Only from the Payment step. The GST
   * invoice takes its number here, in the same transaction (issue 18, decision 0015).
   */
  async function completePayment(
    tx: DbOrTx,
    order: repository.OrderRow,
    note: string,
    byUserId: number | null,
  ) {
    if (order.statusId !== ORDER_STATUS.PAYMENT) throw new ConflictError(NOT_WAITING_FOR_PAYMENT);
    await repository.updateOrder(tx, order.id, { paymentNote: note });
    await changeStatus(
      tx,
      order,
      nextStatusAfterPayment(order.hasPrescriptionItems),
      byUserId,
      note,
      'flow',
    );
    const [lines, batches] = await Promise.all([
      repository.listLines(tx, order.id),
      repository.listLineBatches(tx, order.id),
    ]);
    const invoice = await invoices.issueInvoice(
      tx,
      {
        orderId: order.id,
        placedAt: order.createdAt,
        buyerName: order.orderedByName,
        shippingAddress: order.shippingAddress,
        paymentNote: note,
        hasPrescriptionItems: order.hasPrescriptionItems,
        lines,
        batches,
        promotions: {
          couponCode: order.couponCode,
          couponDiscountMinor: order.couponDiscountMinor,
          pointsRedeemed: order.pointsRedeemed,
          pointsDiscountMinor: order.pointsDiscountMinor,
        },
      },
      byUserId,
    );
    await mail.confirmed(tx, mailTarget(order), note, invoice.number);
    if (onConfirmed) {
      const productIds = lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
      await onConfirmed(tx, { orderId: order.id, userId: order.userId, productIds });
    }
  }

  return {
    completePayment,

    /** The owner's order waiting for a card payment, with the amount taken from the order itself. */
    async orderForCardPayment(session: Session, orderId: number) {
      const order = await visibleOrder(session, orderId);
      if (order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.statusId !== ORDER_STATUS.PAYMENT) throw new ConflictError(NOT_WAITING_FOR_PAYMENT);
      return {
        id: order.id,
        amountMinor: order.totalOrderValueMinor,
        openPayment: await repository.findOpenCardPayment(db, order.id, order.totalOrderValueMinor),
        superseded: await repository.supersededCardPayments(
          db,
          order.id,
          order.totalOrderValueMinor,
        ),
      };
    },

    /** An intent cancelled at the provider because the order's total changed is no longer open. */
    markPaymentSuperseded: (paymentId: number) => repository.markPaymentSuperseded(db, paymentId),

    async recordCardIntent(
      orderId: number,
      intent: { intentId: string; provider: 'stripe' | 'test'; amountMinor: number },
    ) {
      await repository.insertPayment(db, {
        orderId,
        method: 'card',
        provider: intent.provider,
        amountMinor: intent.amountMinor,
        status: 'requires_payment',
        note: null,
        intentId: intent.intentId,
      });
    },

    /**
     * A card payment the provider reports as succeeded (from the client or the webhook). Saved
     * exactly once: the payment row is locked, and a second report of the same intent is a no-op.
     */
    async recordCardSuccess(
      intentId: string,
      details: {
        orderId: number;
        amountMinor: number;
        paymentMethodId: string | null;
        byUserId: number | null;
      },
    ) {
      const outcome = await db.transaction(async (tx) => {
        const order = await repository.findOrder(tx, details.orderId, { forUpdate: true });
        if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
        const payment = await repository.findPaymentByIntent(tx, intentId);
        if (!payment || payment.orderId !== order.id)
          throw new NotFoundError('No payment found for this order.');
        if (payment.status === 'succeeded') return { order, saved: false };
        if (order.statusId === ORDER_STATUS.CANCELLED && deps.onPaidAfterCancel) {
          await repository.markPaymentSucceeded(tx, payment.id, details.paymentMethodId);
          await deps.onPaidAfterCancel(tx, order.id, details.byUserId);
          return { order, saved: true };
        }
        if (
          payment.amountMinor !== details.amountMinor ||
          order.totalOrderValueMinor !== details.amountMinor
        ) {
          throw new ConflictError('The amount paid does not match the order total.');
        }
        await repository.markPaymentSucceeded(tx, payment.id, details.paymentMethodId);
        await completePayment(tx, order, CARD_PAYMENT, details.byUserId);
        return { order, saved: true };
      });
      const updated = await repository.findOrder(db, details.orderId);
      if (!updated) throw new NotFoundError(ORDER_NOT_FOUND);
      return { saved: outcome.saved, order: toOrder(updated) };
    },

    /** The owner's order that is waiting for a prescription (first upload, or after a rejection). */
    async orderForPrescription(session: Session, orderId: number) {
      const order = await visibleOrder(session, orderId);
      if (order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.statusId !== ORDER_STATUS.COLLECTING_PRESCRIPTION || !order.hasPrescriptionItems) {
        throw new ConflictError('This order is not waiting for a prescription.');
      }
      return order;
    },

    /**
     * After an upload: on to Payment, or straight back to the pharmacist when the order was paid
     * before its prescription was rejected (no second payment, DECISIONS).
     */
    async prescriptionUploaded(tx: DbOrTx, orderId: number, userId: number) {
      const order = await repository.findOrder(tx, orderId, { forUpdate: true });
      if (!order || order.statusId !== ORDER_STATUS.COLLECTING_PRESCRIPTION) {
        throw new ConflictError('This order is not waiting for a prescription.');
      }
      const paid = await repository.hasPayment(tx, orderId);
      await changeStatus(
        tx,
        order,
        paid ? ORDER_STATUS.WAITING_TO_ACCEPT : ORDER_STATUS.PAYMENT,
        userId,
        'Prescription uploaded',
        'flow',
      );
    },

    /** Pharmacist review of an order waiting to be accepted (admin). */
    async reviewPrescription(
      tx: DbOrTx,
      orderId: number,
      reviewerId: number,
      decision: { approve: boolean; reason: string | null },
    ) {
      const order = await repository.findOrder(tx, orderId, { forUpdate: true });
      if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.statusId !== ORDER_STATUS.WAITING_TO_ACCEPT)
        throw new ConflictError('This order is not waiting for a prescription review.');
      const to = decision.approve ? ORDER_STATUS.ACCEPTED : ORDER_STATUS.COLLECTING_PRESCRIPTION;
      await changeStatus(
        tx,
        order,
        to,
        reviewerId,
        decision.approve ? 'Prescription approved' : `Prescription rejected: ${decision.reason}`,
        'flow',
      );
      if (!decision.approve && decision.reason)
        await mail.prescriptionRejected(tx, mailTarget(order), decision.reason);
    },
  };
}
