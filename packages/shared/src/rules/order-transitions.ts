import {
  FINAL_ORDER_STATUSES,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  type OrderStatusId,
} from '../constants/order-status';

const S = ORDER_STATUS;

/**
 * Who makes a transition. `flow`: the server, as a step of the customer's checkout (address
 * confirmed, prescription uploaded, payment done) or of the pharmacist's review; never chosen
 * from the admin's status list. `admin`: offered in the admin order page's status list.
 * `customer`: the owner's own 'Cancel order' (issue 19), and nothing else: only a cancellation
 * the admin may also make, within the shop's window, and never of a parcel already on its way.
 */
export type TransitionActor = 'flow' | 'admin' | 'customer';

const FLOW: readonly TransitionActor[] = ['flow'];
const ADMIN: readonly TransitionActor[] = ['admin'];
const ADMIN_OR_COURIER: readonly TransitionActor[] = ['admin', 'flow'];
/** A cancellation before the parcel leaves: the pharmacy's, or the owner's own. */
const EITHER_CANCELS: readonly TransitionActor[] = ['admin', 'customer'];

/**
 * The one table of allowed order status changes and who may make each (docs/decisions/0012,
 * docs/architecture.md). Anything not listed is refused by the server; the admin order page offers
 * only the `admin` ones, the order page's 'Cancel order' only the `customer` ones. Delivered and
 * Cancelled have no way out.
 */
export const ORDER_TRANSITIONS: Readonly<
  Record<OrderStatusId, Readonly<Partial<Record<OrderStatusId, readonly TransitionActor[]>>>>
> = {
  [S.NEW]: { [S.COLLECTING_ADDRESS]: FLOW, [S.CANCELLED]: EITHER_CANCELS },
  [S.COLLECTING_ADDRESS]: {
    [S.COLLECTING_PRESCRIPTION]: FLOW,
    [S.PAYMENT]: FLOW,
    [S.CANCELLED]: EITHER_CANCELS,
  },
  [S.COLLECTING_PRESCRIPTION]: {
    [S.PAYMENT]: FLOW,
    [S.WAITING_TO_ACCEPT]: FLOW,
    [S.CANCELLED]: EITHER_CANCELS,
  },
  [S.PAYMENT]: {
    [S.PACKING]: FLOW,
    [S.WAITING_TO_ACCEPT]: FLOW,
    [S.CANCELLED]: EITHER_CANCELS,
  },
  // Approval and rejection are the pharmacist's review, which records who and on what evidence.
  [S.WAITING_TO_ACCEPT]: {
    [S.ACCEPTED]: FLOW,
    [S.COLLECTING_PRESCRIPTION]: FLOW,
    [S.CANCELLED]: EITHER_CANCELS,
  },
  [S.ACCEPTED]: { [S.PACKING]: ADMIN, [S.CANCELLED]: EITHER_CANCELS },
  [S.PACKING]: { [S.DISPATCHED]: ADMIN, [S.CANCELLED]: EITHER_CANCELS },
  // A parcel that comes back undelivered is cancelled by the pharmacy; its units return to their
  // batches. The owner can no longer cancel it: they ask to return it once it is delivered.
  // Delivered by the pharmacy's word or by the courier's (issue 29: the tracking webhook's
  // "delivered" for the order's last parcel).
  [S.DISPATCHED]: { [S.DELIVERED]: ADMIN_OR_COURIER, [S.CANCELLED]: ADMIN },
  [S.DELIVERED]: {},
  [S.CANCELLED]: {},
};

/** Statuses that mean the medicine is being handed over: a prescription must be approved first. */
export const DISPENSING_STATUSES: readonly OrderStatusId[] = [S.PACKING, S.DISPATCHED, S.DELIVERED];

/** Every sentence the order's state machine answers with (the API's 409, the order page). */
export const TRANSITION_TEXTS = {
  alreadyCancelled: 'This order is already cancelled.',
  alreadyDispatched:
    'This order has already been dispatched and can no longer be cancelled. You can ask to return it once it is delivered.',
  noLongerCancellable: 'This order can no longer be cancelled.',
  final: (status: string) => `This order is ${status} and its status can no longer change.`,
  impossible: (from: string, to: string) => `An order cannot go from ${from} to ${to}.`,
  pharmacyOnly: (to: string) => `Only the pharmacy can move an order to ${to}.`,
  reviewOnly:
    'A prescription order is accepted or sent back only through the pharmacist’s prescription review.',
  customerStep: (to: string) =>
    `${to} follows from the customer’s own step; it cannot be set by hand.`,
  unapproved: (to: string) =>
    `This order holds prescription medicine and cannot be ${to} until a pharmacist has approved its prescription.`,
  cancelWindow: (hours: string) =>
    `Orders can be cancelled within ${hours} of being placed; this one was placed earlier. Please contact our support team.`,
} as const;

export interface TransitionContext {
  hasPrescriptionItems: boolean;
  prescriptionApproved: boolean;
}

/** The owner's cancellation window: placed at, checked at, and the shop's hours. */
export interface CustomerWindow {
  placedAt: Date | string;
  now: Date;
  hours: number;
}

export type TransitionCheck = { allowed: true } | { allowed: false; reason: string };

const name = (status: OrderStatusId) => ORDER_STATUS_NAMES[status] ?? `status ${status}`;
const HOUR_MS = 3_600_000;
const hoursText = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);
const refused = (reason: string): TransitionCheck => ({ allowed: false, reason });

/** The owner asks; their sentences say what they can do instead. */
function customerCheck(
  from: OrderStatusId,
  to: OrderStatusId,
  window: CustomerWindow | undefined,
): TransitionCheck {
  if (to !== S.CANCELLED) return refused(TRANSITION_TEXTS.pharmacyOnly(name(to)));
  if (from === S.CANCELLED) return refused(TRANSITION_TEXTS.alreadyCancelled);
  if (from === S.DISPATCHED || from === S.DELIVERED)
    return refused(TRANSITION_TEXTS.alreadyDispatched);
  if (!ORDER_TRANSITIONS[from]?.[to]?.includes('customer'))
    return refused(TRANSITION_TEXTS.noLongerCancellable);
  if (window && window.now.getTime() - new Date(window.placedAt).getTime() > window.hours * HOUR_MS)
    return refused(TRANSITION_TEXTS.cancelWindow(hoursText(window.hours)));
  return { allowed: true };
}

/**
 * Whether `actor` may move an order from `from` to `to`. The refusal is a sentence for the
 * person who asked (the API answers it with 409). The owner's cancellation is also held to the
 * shop's window when `window` is given (the server always gives it).
 */
export function checkTransition(
  from: OrderStatusId,
  to: OrderStatusId,
  actor: TransitionActor,
  context: TransitionContext,
  window?: CustomerWindow,
): TransitionCheck {
  if (actor === 'customer') return customerCheck(from, to, window);
  if (FINAL_ORDER_STATUSES.includes(from)) return refused(TRANSITION_TEXTS.final(name(from)));
  const allowedBy = ORDER_TRANSITIONS[from]?.[to];
  if (allowedBy === undefined) return refused(TRANSITION_TEXTS.impossible(name(from), name(to)));
  if (!allowedBy.includes(actor)) {
    return refused(
      from === S.WAITING_TO_ACCEPT
        ? TRANSITION_TEXTS.reviewOnly
        : TRANSITION_TEXTS.customerStep(name(to)),
    );
  }
  if (
    DISPENSING_STATUSES.includes(to) &&
    context.hasPrescriptionItems &&
    !context.prescriptionApproved
  )
    return refused(TRANSITION_TEXTS.unapproved(name(to)));
  return { allowed: true };
}

/** Statuses from which the owner may still cancel (within the window): not yet on its way. */
export const CUSTOMER_CANCELLABLE_STATUSES: readonly OrderStatusId[] = (
  Object.keys(ORDER_TRANSITIONS).map(Number) as OrderStatusId[]
).filter((from) => ORDER_TRANSITIONS[from][S.CANCELLED]?.includes('customer'));

/** Whether the owner may cancel now, and if not, the sentence the 409 and the page give. */
export function customerCancelCheck(
  order: { statusId: number; createdAt: Date | string },
  now: Date,
  policy: { changeOrCancelHours: number },
): TransitionCheck {
  return checkTransition(
    order.statusId as OrderStatusId,
    S.CANCELLED,
    'customer',
    { hasPrescriptionItems: false, prescriptionApproved: false },
    { placedAt: order.createdAt, now, hours: policy.changeOrCancelHours },
  );
}

/** The statuses in the order an order lives through them (ids are not in that order). */
export const ORDER_STATUS_FLOW: readonly OrderStatusId[] = [
  S.NEW,
  S.COLLECTING_ADDRESS,
  S.COLLECTING_PRESCRIPTION,
  S.PAYMENT,
  S.WAITING_TO_ACCEPT,
  S.ACCEPTED,
  S.PACKING,
  S.DISPATCHED,
  S.DELIVERED,
  S.CANCELLED,
];

/** The statuses the admin order page offers next, in flow order (never the current one). */
export function adminNextStatuses(
  from: OrderStatusId,
  context: TransitionContext,
): OrderStatusId[] {
  return ORDER_STATUS_FLOW.filter(
    (to) =>
      to in (ORDER_TRANSITIONS[from] ?? {}) && checkTransition(from, to, 'admin', context).allowed,
  );
}
