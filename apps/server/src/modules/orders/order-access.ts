import {
  ORDER_STATUS,
  can,
  type Order,
  type OrderUpdateInput,
  type Permission,
} from '@pharmacy/shared';
import { ForbiddenError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';

/**
 * Issue 32: what each role may do to an order through PUT /order/{id}, and what it may see of
 * an order's money. The role table is the shared package's; these are the order's own rules.
 */

export const ONLY_THE_PHARMACY =
  'Only the pharmacy can change the status or the delivery date of an order.';
export const NOT_YOUR_ROLE = 'Your role does not allow this change to an order.';
export const DISPATCHED_CANCEL_IS_THE_OWNERS =
  'An order that has left the pharmacy can only be cancelled by the owner.';

function need(session: Session, permission: Permission, message = NOT_YOUR_ROLE) {
  if (!can(session.roleId, permission)) throw new ForbiddenError(message);
}

/**
 * Refuses (403) a change the session's role may not make. Members set only their own order's
 * address and payment; staff set the status (cancelling is `orders.cancel`, every other move
 * and the delivery date `orders.fulfil`), and only the owner cancels an order once dispatched
 * (an undelivered parcel: it takes both). Giving an address or cash on delivery for someone
 * else's order is acting on the customer's behalf, support's `orders.cancel`.
 */
export function assertMayUpdate(
  session: Session,
  order: { userId: number; statusId: number },
  input: OrderUpdateInput,
): void {
  const staff = can(session.roleId, 'orders.view');
  if (!staff && (input.statusId !== undefined || input.expectedDeliveryDate !== undefined))
    throw new ForbiddenError(ONLY_THE_PHARMACY);
  if (input.statusId !== undefined && input.statusId !== order.statusId) {
    if (input.statusId === ORDER_STATUS.CANCELLED) {
      need(session, 'orders.cancel');
      if (order.statusId === ORDER_STATUS.DISPATCHED)
        need(session, 'orders.fulfil', DISPATCHED_CANCEL_IS_THE_OWNERS);
    } else need(session, 'orders.fulfil');
  }
  if (input.expectedDeliveryDate !== undefined) need(session, 'orders.fulfil');
  if (
    order.userId !== session.userId &&
    (input.addressId !== undefined || input.payment !== undefined)
  )
    need(session, 'orders.cancel');
}

/**
 * The order without its money and patient, for staff who may not see them: the packer neither,
 * support no patient (which of the customer's patients it is for is health data).
 */
export function withoutMoneyFor(session: Session, order: Order): Order {
  if (order.userId === session.userId) return order;
  if (can(session.roleId, 'money.view')) {
    if (can(session.roleId, 'patients.view')) return order;
    const { patientId: _patient, ...rest } = order;
    return rest;
  }
  const {
    totalOrderValue: _total,
    paymentNote: _payment,
    subtotal: _subtotal,
    couponCode: _coupon,
    couponDiscount: _couponDiscount,
    pointsRedeemed: _points,
    pointsDiscount: _pointsDiscount,
    patientId: _patient,
    ...rest
  } = order;
  return rest;
}
