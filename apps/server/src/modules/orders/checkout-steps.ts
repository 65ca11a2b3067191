import { ORDER_NOT_FOUND, ORDER_STATUS } from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import type { OrderEvents } from './order-events';
import { NOT_WAITING_FOR_PAYMENT, type OrderLifecycle } from './order-lifecycle';
import { toOrder } from './order-status';
import * as repository from './orders.repository';

export { NOT_WAITING_FOR_PAYMENT } from './order-lifecycle';
export const CARD_PAYMENT = 'Card payment';

/**
 * The steps of an order between placing and packing that other modules drive: card payments
 * (payments), prescription uploads and the pharmacist's review (prescriptions). Each is a step of
 * the order's lifecycle; what follows from it is published as an order event.
 */
/** What the steps other modules drive are built from (checkout-steps, online-payment-steps). */
export interface OrderStepDeps {
  db: Database;
  lifecycle: OrderLifecycle;
  events: OrderEvents;
  /** The order if the session may see it, locked for update when asked. */
  visibleOrder: (
    session: Session,
    orderId: number,
    tx?: DbOrTx,
    forUpdate?: boolean,
  ) => Promise<repository.OrderRow>;
}

export function createCheckoutSteps(deps: OrderStepDeps) {
  const { db, lifecycle, events, visibleOrder } = deps;
  const { completePayment, changeStatus } = lifecycle;

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
        if (order.statusId === ORDER_STATUS.CANCELLED) {
          // Recorded, then given back in full by the refunds module in this transaction (issue 19).
          await repository.markPaymentSucceeded(tx, payment.id, details.paymentMethodId);
          await events.publish(tx, 'order.paid_after_cancel', {
            orderId: order.id,
            byUserId: details.byUserId,
          });
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
    async prescriptionUploaded(
      tx: DbOrTx,
      orderId: number,
      userId: number,
      /**
       * Issue 31: the patient it is for (undefined leaves the order's as it is), and the history's
       * note when a saved prescription stands in for the upload.
       */
      options: { patientId?: number | null; note?: string } = {},
    ) {
      const order = await repository.findOrder(tx, orderId, { forUpdate: true });
      if (!order || order.statusId !== ORDER_STATUS.COLLECTING_PRESCRIPTION) {
        throw new ConflictError('This order is not waiting for a prescription.');
      }
      if (options.patientId !== undefined)
        await repository.updateOrder(tx, orderId, { patientId: options.patientId });
      const paid = await repository.hasPayment(tx, orderId);
      await changeStatus(
        tx,
        order,
        paid ? ORDER_STATUS.WAITING_TO_ACCEPT : ORDER_STATUS.PAYMENT,
        userId,
        options.note ?? 'Prescription uploaded',
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
      const decided = await changeStatus(
        tx,
        order,
        to,
        reviewerId,
        decision.approve ? 'Prescription approved' : `Prescription rejected: ${decision.reason}`,
        'flow',
      );
      await events.publish(tx, 'order.prescription_decided', {
        order: decided,
        byUserId: reviewerId,
        approved: decision.approve,
        reason: decision.reason,
      });
    },
  };
}
