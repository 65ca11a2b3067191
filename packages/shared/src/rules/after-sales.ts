import { ORDER_STATUS, type OrderStatusId } from '../constants/order-status';

/**
 * After-sales rules (issue 19) that the server enforces and the order page uses to decide which
 * buttons to show: the cancel and change window, the return and damage-report windows, the
 * return request's state machine and the refund cap. Times are compared as instants (ms).
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The FAQ's figures; the server may configure other values and sends them to the web app. */
export interface AfterSalesPolicy {
  changeOrCancelHours: number;
  returnDays: number;
  damageReportHours: number;
}

export type RuleCheck = { allowed: true } | { allowed: false; reason: string };

/** Statuses in which the owner may still change the delivery address: before packing starts. */
export const ADDRESS_CHANGEABLE_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.COLLECTING_PRESCRIPTION,
  ORDER_STATUS.PAYMENT,
  ORDER_STATUS.WAITING_TO_ACCEPT,
  ORDER_STATUS.ACCEPTED,
];

export const CANCEL_REASONS = [
  { code: 'changed_mind', label: 'I changed my mind' },
  { code: 'ordered_by_mistake', label: 'I ordered by mistake' },
  { code: 'found_cheaper', label: 'I found a better price elsewhere' },
  { code: 'delivery_too_late', label: 'The delivery date is too late' },
  { code: 'wrong_items', label: 'I chose the wrong products or quantities' },
  { code: 'other', label: 'Another reason' },
] as const;
export type CancelReasonCode = (typeof CANCEL_REASONS)[number]['code'];

export const RETURN_REASONS = [
  { code: 'not_needed', label: 'No longer needed (unopened)' },
  { code: 'ordered_by_mistake', label: 'Ordered by mistake (unopened)' },
  { code: 'doctor_changed', label: 'My doctor changed the prescription' },
  { code: 'other', label: 'Another reason' },
] as const;
export const DAMAGE_REASONS = [
  { code: 'damaged', label: 'Arrived damaged' },
  { code: 'wrong_item', label: 'Wrong item sent' },
  { code: 'missing_item', label: 'Item missing from the parcel' },
  { code: 'expired', label: 'Expired or close to expiry' },
] as const;
export type ReturnReasonCode = (typeof RETURN_REASONS)[number]['code'];
export type DamageReasonCode = (typeof DAMAGE_REASONS)[number]['code'];

export const hoursText = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);
export const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** Whether the owner may change the delivery address now (before packing, within the window). */
export function addressChangeCheck(
  order: { statusId: number; createdAt: Date | string },
  now: Date,
  policy: Pick<AfterSalesPolicy, 'changeOrCancelHours'>,
): RuleCheck {
  if (!ADDRESS_CHANGEABLE_STATUSES.includes(order.statusId as OrderStatusId))
    return {
      allowed: false,
      reason: 'The delivery address can only be changed before the order is packed.',
    };
  const placed = new Date(order.createdAt).getTime();
  if (now.getTime() - placed > policy.changeOrCancelHours * HOUR_MS)
    return {
      allowed: false,
      reason: `The delivery address can be changed within ${hoursText(policy.changeOrCancelHours)} of placing the order. Please contact our support team.`,
    };
  return { allowed: true };
}

/** A return of unopened units: within returnDays of delivery. */
export function returnWindowCheck(
  deliveredAt: Date | string | null,
  now: Date,
  policy: Pick<AfterSalesPolicy, 'returnDays'>,
): RuleCheck {
  if (!deliveredAt) return { allowed: false, reason: 'Only a delivered order can be returned.' };
  if (now.getTime() - new Date(deliveredAt).getTime() > policy.returnDays * DAY_MS)
    return {
      allowed: false,
      reason: `Returns are accepted within ${daysText(policy.returnDays)} of delivery; this order was delivered earlier.`,
    };
  return { allowed: true };
}

/** A report of damaged or wrong items: within damageReportHours of delivery. */
export function damageWindowCheck(
  deliveredAt: Date | string | null,
  now: Date,
  policy: Pick<AfterSalesPolicy, 'damageReportHours'>,
): RuleCheck {
  if (!deliveredAt)
    return {
      allowed: false,
      reason: 'Damaged or wrong items can be reported once the order is delivered.',
    };
  if (now.getTime() - new Date(deliveredAt).getTime() > policy.damageReportHours * HOUR_MS)
    return {
      allowed: false,
      reason: `Damaged or wrong items must be reported within ${hoursText(policy.damageReportHours)} of delivery.`,
    };
  return { allowed: true };
}

/** Why a line cannot be returned, or null when it can (the request form shows the sentence). */
export function lineReturnBlock(
  line: { returnable: boolean; prescription: boolean; productExists: boolean },
  kind: 'return' | 'damage',
): string | null {
  if (kind === 'damage') return null;
  if (!line.productExists) return 'This product is no longer sold, so it cannot be returned.';
  if (!line.returnable)
    return 'This product cannot be returned: it needs cold storage or cannot be resold once it has left the pharmacy.';
  return null;
}

/** Return request statuses and their allowed moves (issue 19). */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
  'replaced',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_NAMES: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
  replaced: 'Replaced',
};

export const RETURN_TRANSITIONS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: ['refunded', 'replaced'],
  refunded: [],
  replaced: [],
};

/** Requests still waiting on the pharmacy: the returns queue. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received'];

export function checkReturnTransition(from: ReturnStatus, to: ReturnStatus): RuleCheck {
  if (RETURN_TRANSITIONS[from].includes(to)) return { allowed: true };
  return {
    allowed: false,
    reason: `A ${RETURN_STATUS_NAMES[from].toLowerCase()} request cannot be marked ${RETURN_STATUS_NAMES[to].toLowerCase()}.`,
  };
}

/** What may still be refunded on an order: paid less every refund not failed. Never negative. */
export function refundableMinor(paidMinor: number, refundedMinor: number): number {
  return Math.max(0, paidMinor - refundedMinor);
}

/** A refund of `amountMinor` is allowed when positive, whole and within what is left. */
export function refundCheck(
  amountMinor: number,
  paidMinor: number,
  refundedMinor: number,
): RuleCheck {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    return { allowed: false, reason: 'A refund must be a positive amount.' };
  const left = refundableMinor(paidMinor, refundedMinor);
  if (amountMinor > left)
    return {
      allowed: false,
      reason:
        left === 0
          ? 'Everything paid for this order has already been refunded.'
          : 'A refund cannot be more than what is left of the amount paid.',
    };
  return { allowed: true };
}

/**
 * What returning some units of a line gives back: the line's paid amount (gross less its share of
 * the discounts) pro rata to the units, rounded down to the paisa so that the refunds of all of
 * a line's units never exceed what the line was paid (the last unit gets the remainder).
 */
export function lineRefundMinor(
  line: { unitPriceMinor: number; quantity: number; discountMinor: number },
  units: number,
  unitsAlreadyReturned = 0,
): number {
  const paid = line.unitPriceMinor * line.quantity - line.discountMinor;
  if (units <= 0) return 0;
  const returnedAfter = Math.min(line.quantity, unitsAlreadyReturned + units);
  const upTo = (n: number) => Math.floor((paid * n) / line.quantity);
  return upTo(returnedAfter) - upTo(unitsAlreadyReturned);
}
