import {
  FINAL_ORDER_STATUSES,
  ORDER_STATUS,
  placeholderImageIndex,
  type Order,
  type OrderStatusId,
} from '@pharmacy/shared';

type OrderState = Pick<Order, 'statusId' | 'addressId'>;

export type StatusTone = 'waiting' | 'progress' | 'success' | 'danger';

/** Spec §4 displayed status as an id: an order without an address shows 'Collecting Address'. */
export function displayedStatusId(order: OrderState): number {
  const final = FINAL_ORDER_STATUSES.includes(order.statusId as OrderStatusId);
  return order.addressId == null && !final ? ORDER_STATUS.COLLECTING_ADDRESS : order.statusId;
}

/** DESIGN.md: green for success, red for errors, amber for waiting; always with the word. */
export function statusTone(statusId: number): StatusTone {
  switch (statusId) {
    case ORDER_STATUS.DELIVERED:
      return 'success';
    case ORDER_STATUS.CANCELLED:
      return 'danger';
    case ORDER_STATUS.ACCEPTED:
    case ORDER_STATUS.PACKING:
    case ORDER_STATUS.DISPATCHED:
      return 'progress';
    default:
      return 'waiting';
  }
}

export function isFinalStatus(statusId: number): boolean {
  return FINAL_ORDER_STATUSES.includes(statusId as OrderStatusId);
}

/**
 * Spec §2: the order controls are hidden for Delivered or Cancelled orders, and from anyone who
 * may not move orders (issue 32: orders.fulfil or orders.cancel).
 */
export function showAdminControls(order: Pick<Order, 'statusId'>, mayManage: boolean): boolean {
  return mayManage && !isFinalStatus(order.statusId);
}

/** Spec §9: with no image, one of 5 placeholders chosen by the name's length. */
export function orderImageUrl(url: string | null | undefined, name: string): string {
  return url || `/placeholders/product-${placeholderImageIndex(name)}.svg`;
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A history entry's moment, en-IN in UTC like every date of spec §9. */
export function formatDateTime(value: string): string {
  return `${dateTime.format(new Date(value))} UTC`;
}

/** 'yyyy-MM-dd' (a calendar date) as a Date at UTC midnight, for the long date format. */
export function calendarDate(value: string): Date {
  return new Date(`${value.slice(0, 10)}T00:00:00Z`);
}
