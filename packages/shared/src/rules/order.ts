import {
  FINAL_ORDER_STATUSES,
  INCOMPLETE_ORDER_STATUSES,
  LOCKED_ORDER_STATUSES,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  type OrderStatusId,
} from '../constants/order-status';

interface OrderLike {
  statusId: number;
  addressId: number | null;
}

/**
 * Spec §4: the status name, except an order without an address shows 'Collecting Address'.
 * A final status (Cancelled, Delivered) is shown as it is: a cancelled order collects nothing
 * (docs/decisions/0006-order-flow.md).
 */
export function displayedStatus(order: OrderLike): string {
  const final = FINAL_ORDER_STATUSES.includes(order.statusId as OrderStatusId);
  if (order.addressId == null && !final) return ORDER_STATUS_NAMES[ORDER_STATUS.COLLECTING_ADDRESS];
  return ORDER_STATUS_NAMES[order.statusId as OrderStatusId] ?? 'Unknown';
}

/** Spec §4: editable if it has no address or its status is not locked. */
export function isOrderEditable(order: OrderLike): boolean {
  if (order.addressId == null) return true;
  return !LOCKED_ORDER_STATUSES.includes(order.statusId as OrderStatusId);
}

/** DECISIONS: after the address is confirmed the server chooses the next step. */
export function nextStatusAfterAddress(hasPrescriptionItems: boolean): OrderStatusId {
  return hasPrescriptionItems ? ORDER_STATUS.COLLECTING_PRESCRIPTION : ORDER_STATUS.PAYMENT;
}

/** DECISIONS: prescription orders wait for a pharmacist after payment; others go to packing. */
export function nextStatusAfterPayment(hasPrescriptionItems: boolean): OrderStatusId {
  return hasPrescriptionItems ? ORDER_STATUS.WAITING_TO_ACCEPT : ORDER_STATUS.PACKING;
}

/** DECISIONS: the owner sees 'Complete Order' while the order waits on them. */
export function needsCompletion(order: OrderLike): boolean {
  if (FINAL_ORDER_STATUSES.includes(order.statusId as OrderStatusId)) return false;
  return (
    order.addressId == null || INCOMPLETE_ORDER_STATUSES.includes(order.statusId as OrderStatusId)
  );
}
