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
 * the admin may also make, and never of a parcel already on its way.
 */
export type TransitionActor = 'flow' | 'admin' | 'customer';

/**
 * The one table of allowed order status changes (docs/decisions/0012). Anything not listed is
 * refused by the server; the admin order page offers only the `admin` ones. Delivered and
 * Cancelled have no way out.
 */
export const ORDER_TRANSITIONS: Readonly<
  Record<OrderStatusId, Readonly<Partial<Record<OrderStatusId, TransitionActor>>>>
> = {
  [S.NEW]: { [S.COLLECTING_ADDRESS]: 'flow', [S.CANCELLED]: 'admin' },
  [S.COLLECTING_ADDRESS]: {
    [S.COLLECTING_PRESCRIPTION]: 'flow',
    [S.PAYMENT]: 'flow',
    [S.CANCELLED]: 'admin',
  },
  [S.COLLECTING_PRESCRIPTION]: {
    [S.PAYMENT]: 'flow',
    [S.WAITING_TO_ACCEPT]: 'flow',
    [S.CANCELLED]: 'admin',
  },
  [S.PAYMENT]: {
    [S.PACKING]: 'flow',
    [S.WAITING_TO_ACCEPT]: 'flow',
    [S.CANCELLED]: 'admin',
  },
  // Approval and rejection are the pharmacist's review, which records who and on what evidence.
  [S.WAITING_TO_ACCEPT]: {
    [S.ACCEPTED]: 'flow',
    [S.COLLECTING_PRESCRIPTION]: 'flow',
    [S.CANCELLED]: 'admin',
  },
  [S.ACCEPTED]: { [S.PACKING]: 'admin', [S.CANCELLED]: 'admin' },
  [S.PACKING]: { [S.DISPATCHED]: 'admin', [S.CANCELLED]: 'admin' },
  // A parcel that comes back undelivered is cancelled; its units return to their batches.
  [S.DISPATCHED]: { [S.DELIVERED]: 'admin', [S.CANCELLED]: 'admin' },
  [S.DELIVERED]: {},
  [S.CANCELLED]: {},
};

/** Statuses that mean the medicine is being handed over: a prescription must be approved first. */
export const DISPENSING_STATUSES: readonly OrderStatusId[] = [S.PACKING, S.DISPATCHED, S.DELIVERED];

export interface TransitionContext {
  hasPrescriptionItems: boolean;
  prescriptionApproved: boolean;
}

export type TransitionCheck = { allowed: true } | { allowed: false; reason: string };

const name = (status: OrderStatusId) => ORDER_STATUS_NAMES[status] ?? `status ${status}`;

/**
 * Whether `actor` may move an order from `from` to `to`. The refusal is a sentence for the
 * person who asked (the API answers it with 409).
 */
export function checkTransition(
  from: OrderStatusId,
  to: OrderStatusId,
  actor: TransitionActor,
  context: TransitionContext,
): TransitionCheck {
  if (FINAL_ORDER_STATUSES.includes(from)) {
    return {
      allowed: false,
      reason: `This order is ${name(from)} and its status can no longer change.`,
    };
  }
  const allowedBy = ORDER_TRANSITIONS[from]?.[to];
  if (allowedBy === undefined) {
    return {
      allowed: false,
      reason: `An order cannot go from ${name(from)} to ${name(to)}.`,
    };
  }
  if (actor === 'customer' && (to !== S.CANCELLED || from === S.DISPATCHED)) {
    return {
      allowed: false,
      reason:
        to === S.CANCELLED
          ? 'This order has already been dispatched and can no longer be cancelled.'
          : `Only the pharmacy can move an order to ${name(to)}.`,
    };
  }
  if (allowedBy === 'flow' && actor === 'admin') {
    return {
      allowed: false,
      reason:
        from === S.WAITING_TO_ACCEPT
          ? 'A prescription order is accepted or sent back only through the pharmacist’s prescription review.'
          : `${name(to)} follows from the customer’s own step; it cannot be set by hand.`,
    };
  }
  if (
    DISPENSING_STATUSES.includes(to) &&
    context.hasPrescriptionItems &&
    !context.prescriptionApproved
  ) {
    return {
      allowed: false,
      reason: `This order holds prescription medicine and cannot be ${name(to)} until a pharmacist has approved its prescription.`,
    };
  }
  return { allowed: true };
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
