import {
  DISPENSING_STATUSES,
  POLICY,
  customerCancelCheck,
  type AfterSalesPolicy,
  ORDER_STATUS,
  checkTransition,
  displayedStatus,
  fromMinorUnits,
  type Order,
  type OrderStatusId,
  type TransitionActor,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { ConflictError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { OrderMail, OrderMailTarget } from '../notifications/order-mail';
import * as repository from './orders.repository';

/**
 * An order row as the API answers it. `canCancel` follows the configured window (the FAQ's 24
 * hours unless the caller passes the shop's own).
 */
export function toOrder(
  row: repository.OrderRow,
  cancelPolicy: Pick<AfterSalesPolicy, 'changeOrCancelHours'> = POLICY,
  now: Date = new Date(),
): Order {
  return {
    id: row.id,
    statusId: row.statusId,
    status: displayedStatus(row),
    addressId: row.addressId,
    userId: row.userId,
    totalOrderValue: fromMinorUnits(row.totalOrderValueMinor),
    createdAt: row.createdAt.toISOString(),
    expectedDeliveryDate: row.expectedDeliveryDate,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    orderedBy: { id: row.userId, name: row.orderedByName },
    itemCount: row.itemCount,
    firstItemImage: row.firstItemImage,
    hasPrescriptionItems: row.hasPrescriptionItems,
    shippingAddress: row.shippingAddress ?? null,
    paymentNote: row.paymentNote,
    subtotal: fromMinorUnits(
      row.totalOrderValueMinor + row.couponDiscountMinor + row.pointsDiscountMinor,
    ),
    couponCode: row.couponCode,
    couponDiscount: fromMinorUnits(row.couponDiscountMinor),
    pointsRedeemed: row.pointsRedeemed,
    pointsDiscount: fromMinorUnits(row.pointsDiscountMinor),
    canCancel: customerCancelCheck(row, now, cancelPolicy).allowed,
  };
}

export const mailTarget = (row: repository.OrderRow): OrderMailTarget => ({
  orderId: row.id,
  email: row.orderedByEmail,
  name: row.orderedByName,
  totalOrderValue: fromMinorUnits(row.totalOrderValueMinor),
  progressMails: row.orderedByProgressMails,
  expectedDeliveryDate: row.expectedDeliveryDate,
});

export type ChangeStatus = (
  tx: DbOrTx,
  order: repository.OrderRow,
  to: OrderStatusId,
  byUserId: number | null,
  note: string | null,
  actor: TransitionActor,
) => Promise<void>;

/** Told of a delivery inside its transaction (loyalty points, issue 19). */
export type OnOrderDelivered = (tx: DbOrTx, order: repository.OrderRow) => Promise<unknown>;

export function createStatusChanges(
  compliance: ComplianceService,
  mail: OrderMail,
  onDelivered?: OnOrderDelivered,
): ChangeStatus {
  /**
   * Every status change goes through here: the order state machine (shared ORDER_TRANSITIONS)
   * accepts or refuses it, the history and the audit chain record it, and a dispatch writes the
   * register, all in the caller's transaction.
   */
  return async function changeStatus(
    tx: DbOrTx,
    order: repository.OrderRow,
    to: OrderStatusId,
    byUserId: number | null,
    note: string | null,
    actor: TransitionActor,
  ) {
    const from = order.statusId as OrderStatusId;
    const needsApproval = DISPENSING_STATUSES.includes(to) && order.hasPrescriptionItems;
    const context = needsApproval
      ? await compliance.transitionContext(tx, order)
      : { hasPrescriptionItems: order.hasPrescriptionItems, prescriptionApproved: false };
    const check = checkTransition(from, to, actor, context);
    if (!check.allowed) throw new ConflictError(check.reason);
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
    if (to === ORDER_STATUS.DISPATCHED) await compliance.recordDispatch(tx, order.id, byUserId);
    if (to === ORDER_STATUS.DELIVERED && onDelivered) await onDelivered(tx, order);
    await recordAudit(tx, {
      actorUserId: byUserId,
      action: 'order.status_changed',
      entityType: 'order',
      entityId: order.id,
      details: { from, to, note },
    });
    // The expected delivery date may have been set by this same request, just before.
    const current =
      to === ORDER_STATUS.DISPATCHED
        ? ((await repository.findOrder(tx, order.id)) ?? order)
        : order;
    await mail.statusChanged(tx, mailTarget(current), to);
  };
}
