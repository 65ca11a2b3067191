import {
  CANCEL_REASONS,
  DISPENSING_STATUSES,
  ORDER_STATUS,
  checkTransition,
  nextStatusAfterPayment,
  type AfterSalesPolicy,
  type OrderStatusId,
  type TransitionActor,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { ConflictError } from '../../lib/errors';
import type { DeliveryService } from '../delivery/delivery.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { CancelActor, OrderEventMap, OrderEvents } from './order-events';
import * as repository from './orders.repository';

export const NOT_WAITING_FOR_PAYMENT = 'This order is not waiting for payment.';
export const PHARMACY_CANCEL_CODE = 'pharmacy';
const PHARMACY_CANCEL_LABEL = 'Cancelled by the pharmacy';

/** Who cancels and why: the owner with a listed reason, or the pharmacy with its note. */
export interface CancelBy {
  by: CancelActor;
  userId: number | null;
  reasonCode: string;
  reasonText: string | null;
}

export const reasonLabel = (code: string) =>
  code === PHARMACY_CANCEL_CODE
    ? PHARMACY_CANCEL_LABEL
    : (CANCEL_REASONS.find((reason) => reason.code === code)?.label ?? code);

/** The events a status change announces besides `order.status_changed`. */
const STATUS_EVENTS: Partial<
  Record<OrderStatusId, 'order.packed' | 'order.dispatched' | 'order.delivered'>
> = {
  [ORDER_STATUS.PACKING]: 'order.packed',
  [ORDER_STATUS.DISPATCHED]: 'order.dispatched',
  [ORDER_STATUS.DELIVERED]: 'order.delivered',
};

/**
 * The one owner of an order's status (issue 27): every change goes through `changeStatus`, the
 * shared table (ORDER_TRANSITIONS) accepts or refuses it, the history records it and the order's
 * events announce it, all in the caller's transaction, which holds the order row's lock. What
 * follows from a change (stock, invoices, refunds, points, mail, audit) is the subscribers' work.
 */
export function createOrderLifecycle(deps: {
  events: OrderEvents;
  compliance: Pick<ComplianceService, 'transitionContext'>;
  policy: Pick<AfterSalesPolicy, 'changeOrCancelHours'>;
  /** The promise for the order's pincode, made again when the order is confirmed (issue 29). */
  delivery: Pick<DeliveryService, 'promiseFor'>;
  now?: () => Date;
}) {
  const { events, compliance } = deps;
  const now = deps.now ?? (() => new Date());

  async function check(
    tx: DbOrTx,
    order: repository.OrderRow,
    to: OrderStatusId,
    actor: TransitionActor,
  ) {
    const needsApproval = DISPENSING_STATUSES.includes(to) && order.hasPrescriptionItems;
    const context = needsApproval
      ? await compliance.transitionContext(tx, order)
      : { hasPrescriptionItems: order.hasPrescriptionItems, prescriptionApproved: false };
    const window = {
      placedAt: order.createdAt,
      now: now(),
      hours: deps.policy.changeOrCancelHours,
    };
    const verdict = checkTransition(order.statusId as OrderStatusId, to, actor, context, window);
    if (!verdict.allowed) throw new ConflictError(verdict.reason);
  }

  async function changeStatus(
    tx: DbOrTx,
    order: repository.OrderRow,
    to: OrderStatusId,
    byUserId: number | null,
    note: string | null,
    actor: TransitionActor,
  ): Promise<repository.OrderRow> {
    const from = order.statusId as OrderStatusId;
    await check(tx, order, to, actor);
    await repository.updateOrder(tx, order.id, {
      statusId: to,
      ...(to === ORDER_STATUS.DELIVERED ? { deliveredAt: new Date() } : {}),
    });
    await repository.insertHistory(tx, {
      orderId: order.id,
      fromStatusId: from,
      toStatusId: to,
      changedByUserId: byUserId,
      note,
    });
    // A dispatch is read again: the expected delivery date may have been set by this same request
    // (the dispatch mail names it). Other changes spare the query: only the status moved.
    const changed = (to === ORDER_STATUS.DISPATCHED
      ? await repository.findOrder(tx, order.id)
      : undefined) ?? { ...order, statusId: to };
    // The status's own event first: what it records (the H1 register on dispatch, the points on
    // delivery) comes before the audit entry and the mail of the change, as one change's `record`
    // work precedes its `notify` work.
    const named = STATUS_EVENTS[to];
    if (named) await events.publish(tx, named, { order: changed, byUserId });
    await events.publish(tx, 'order.status_changed', {
      order: changed,
      byUserId,
      from,
      to,
      note,
      actor,
    });
    return changed;
  }

  return {
    changeStatus,

    /**
     * The one cancellation, the owner's and the pharmacy's (issue 27 item 1): the shared table
     * decides (the owner's window included), then the status, who and why, and the event whose
     * subscribers put the stock back, issue the credit note, refund what was paid, give back the
     * coupon and points, write the audit entry and the mail. The caller holds the order's lock.
     */
    async cancel(tx: DbOrTx, order: repository.OrderRow, who: CancelBy) {
      const reason = who.reasonText ?? reasonLabel(who.reasonCode);
      const cancelled = await changeStatus(
        tx,
        order,
        ORDER_STATUS.CANCELLED,
        who.userId,
        reason,
        who.by,
      );
      await repository.insertCancellation(tx, {
        orderId: order.id,
        cancelledByUserId: who.userId,
        cancelledBy: who.by,
        reasonCode: who.reasonCode,
        reasonText: who.reasonText,
      });
      const event: OrderEventMap['order.cancelled'] = {
        order: cancelled,
        byUserId: who.userId,
        by: who.by,
        reasonCode: who.reasonCode,
        reasonText: who.reasonText,
        reason,
        receipt: { creditNoteNumber: null, refund: null },
      };
      await events.publish(tx, 'order.cancelled', event);
    },

    /**
     * Payment done (card success or cash on delivery): Packing, or Waiting To Accept when a
     * pharmacist must see the prescription first (DECISIONS). Only from the Payment step. The
     * invoice, the confirmation mail and the refill reminders follow from `order.paid`.
     */
    async completePayment(
      tx: DbOrTx,
      order: repository.OrderRow,
      note: string,
      byUserId: number | null,
    ) {
      if (order.statusId !== ORDER_STATUS.PAYMENT) throw new ConflictError(NOT_WAITING_FOR_PAYMENT);
      // The customer is promised the date of the moment the order is confirmed (its cut-off),
      // not of when the address was chosen; the pharmacy may still change it (spec §4).
      const pincode = order.shippingAddress?.pinCode;
      const promise = pincode ? await deps.delivery.promiseFor(pincode, tx) : undefined;
      const expectedDeliveryDate = promise?.deliverBy ?? order.expectedDeliveryDate;
      await repository.updateOrder(tx, order.id, { paymentNote: note, expectedDeliveryDate });
      const paid = await changeStatus(
        tx,
        { ...order, paymentNote: note, expectedDeliveryDate },
        nextStatusAfterPayment(order.hasPrescriptionItems),
        byUserId,
        note,
        'flow',
      );
      const [lines, batches] = await Promise.all([
        repository.listLines(tx, order.id),
        repository.listLineBatches(tx, order.id),
      ]);
      await events.publish(tx, 'order.paid', {
        order: paid,
        byUserId,
        note,
        lines,
        batches,
        receipt: { invoiceNumber: null },
      });
      // As a read after the commit would find it: no subscriber of the payment's events changes
      // the order's own row.
      return paid;
    },
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
