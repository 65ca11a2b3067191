/** Order statuses with the ids of spec §4. The ids are part of the API contract. */
export const ORDER_STATUS = {
  NEW: 1,
  COLLECTING_PRESCRIPTION: 2,
  COLLECTING_ADDRESS: 3,
  WAITING_TO_ACCEPT: 4,
  ACCEPTED: 5,
  DISPATCHED: 6,
  DELIVERED: 7,
  CANCELLED: 8,
  PAYMENT: 9,
  PACKING: 10,
} as const;

export type OrderStatusId = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUS_NAMES: Record<OrderStatusId, string> = {
  1: 'New',
  2: 'Collecting Prescription',
  3: 'Collecting Address',
  4: 'Waiting To Accept',
  5: 'Accepted',
  6: 'Dispatched',
  7: 'Delivered',
  8: 'Cancelled',
  9: 'Payment',
  10: 'Packing',
};

export const ORDER_STATUS_IDS = Object.values(ORDER_STATUS) as OrderStatusId[];

export function isOrderStatusId(value: unknown): value is OrderStatusId {
  return typeof value === 'number' && (ORDER_STATUS_IDS as number[]).includes(value);
}

/** DECISIONS: Delivered and Cancelled are final; nothing moves an order out of them. */
export const FINAL_ORDER_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.DELIVERED,
  ORDER_STATUS.CANCELLED,
];

/** Spec §4: an order with an address is no longer editable in these statuses. */
export const LOCKED_ORDER_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.DELIVERED,
  ORDER_STATUS.CANCELLED,
  ORDER_STATUS.DISPATCHED,
  ORDER_STATUS.PACKING,
];

/** DECISIONS: the owner sees 'Complete Order' while the order waits on them. */
export const INCOMPLETE_ORDER_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.NEW,
  ORDER_STATUS.COLLECTING_ADDRESS,
  ORDER_STATUS.COLLECTING_PRESCRIPTION,
  ORDER_STATUS.PAYMENT,
];
