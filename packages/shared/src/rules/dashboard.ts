import { ORDER_STATUS, type OrderStatusId } from '../constants/order-status';
import { addDays } from './stock';

/**
 * The shop's days are days in India (Asia/Kolkata), as the financial year of the invoice
 * numbers is. India has kept UTC+05:30 without daylight saving since 1945, so a fixed offset
 * gives the same boundaries as the zone database, on the server, in PGlite and in the browser.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
const SHOP_UTC_OFFSET_MS = 330 * 60_000;

/** The shop's calendar day ('2026-11-26') that the instant `at` falls in. */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the shop's day `day` begins: midnight in India, 18:30 UTC the day before. */
export function shopDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SHOP_UTC_OFFSET_MS);
}

/**
 * Statuses of an order that is paid (card) or confirmed for cash on delivery and not cancelled:
 * the orders the dashboard's revenue and order counts are made of. An order still in checkout
 * (New, Collecting Address or Prescription, Payment) has not been bought yet.
 */
export const CONFIRMED_ORDER_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.WAITING_TO_ACCEPT,
  ORDER_STATUS.ACCEPTED,
  ORDER_STATUS.PACKING,
  ORDER_STATUS.DISPATCHED,
  ORDER_STATUS.DELIVERED,
];

/** Statuses in which a parcel is still owed to the customer (not Delivered, not Cancelled). */
export const OPEN_ORDER_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.NEW,
  ORDER_STATUS.COLLECTING_PRESCRIPTION,
  ORDER_STATUS.COLLECTING_ADDRESS,
  ORDER_STATUS.WAITING_TO_ACCEPT,
  ORDER_STATUS.ACCEPTED,
  ORDER_STATUS.DISPATCHED,
  ORDER_STATUS.PAYMENT,
  ORDER_STATUS.PACKING,
];

/**
 * Issue 29 point 5, the dispatch desk: confirmed orders the pharmacy has not handed to the courier
 * yet. CONFIRMED_ORDER_STATUSES less Dispatched and Delivered: Waiting To Accept (paid or cash on
 * delivery, the prescription under review), Accepted (approved, packing not started) and Packing
 * are all the pharmacy's to move, and their promise was made again when the customer paid
 * (decision 0023). The checkout statuses (New, Collecting Address or Prescription, Payment) carry a
 * date from the address step too, but the customer has not bought yet and the date is made again
 * at payment: not the desk's work. Delivered and Cancelled are final (order-transitions.ts).
 */
export const AWAITING_DISPATCH_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.WAITING_TO_ACCEPT,
  ORDER_STATUS.ACCEPTED,
  ORDER_STATUS.PACKING,
];

/** Confirmed orders whose promise is still running: awaiting dispatch, or on their way. */
export const PROMISE_OPEN_STATUSES: readonly OrderStatusId[] = [
  ...AWAITING_DISPATCH_STATUSES,
  ORDER_STATUS.DISPATCHED,
];

/**
 * The dispatch desk's two queues. `today` is India's day (shopDay, the same as delivery's
 * indiaToday); the promise is `orders.expected_delivery_date`, a day in India.
 *
 * - **Due today:** awaiting dispatch (AWAITING_DISPATCH_STATUSES) and promised for today.
 * - **Late:** awaiting dispatch or Dispatched (PROMISE_OPEN_STATUSES) and promised before today.
 *
 * They never overlap: one takes the promise of today, the other the days before it. Together,
 * Due today and the undispatched part of Late are every order still to dispatch whose promise is
 * today or earlier. In neither: an order without a promised date, one promised after today, a
 * Dispatched order promised for today (on its way, not late yet), an order still in checkout,
 * Delivered or Cancelled. The older "overdue" queue (OPEN_ORDER_STATUSES) also counts orders
 * still in checkout with a past date; Late is the part of it the pharmacy owes.
 */
export type DispatchQueue = 'dueToday' | 'late';

/** Which orders a dispatch queue holds: the dashboard's count and the order list's filter. */
export interface DispatchQueueFilter {
  statusIds: readonly OrderStatusId[];
  /** Promised on or after this day (yyyy-MM-dd), when given. */
  expectedFrom?: string;
  /** Promised before this day (yyyy-MM-dd). */
  expectedBefore: string;
}

export function dispatchQueueFilter(queue: DispatchQueue, today: string): DispatchQueueFilter {
  return queue === 'dueToday'
    ? {
        statusIds: AWAITING_DISPATCH_STATUSES,
        expectedFrom: today,
        expectedBefore: addDays(today, 1),
      }
    : { statusIds: PROMISE_OPEN_STATUSES, expectedBefore: today };
}

/** The dispatch queue an order is in on `today`, or null (read from dispatchQueueFilter). */
export function dispatchQueueOf(
  order: { statusId: number; expectedDeliveryDate: string | null },
  today: string,
): DispatchQueue | null {
  const promised = order.expectedDeliveryDate;
  if (promised === null) return null;
  const holds = (queue: DispatchQueue) => {
    const filter = dispatchQueueFilter(queue, today);
    return (
      filter.statusIds.includes(order.statusId as OrderStatusId) &&
      (filter.expectedFrom === undefined || promised >= filter.expectedFrom) &&
      promised < filter.expectedBefore
    );
  };
  if (holds('dueToday')) return 'dueToday';
  if (holds('late')) return 'late';
  return null;
}

/**
 * Whether a delivery kept its promise: delivered on or before the promised day, the delivery's
 * instant read as a day in India (18:29 UTC is 23:59 there the same day, 18:31 UTC the next day).
 */
export function deliveredOnTime(deliveredAt: Date, promisedDay: string): boolean {
  return shopDay(deliveredAt) <= promisedDay;
}

/**
 * The on-time rate of `delivered` deliveries with a promise, `onTime` of them on time (integers,
 * 0 ≤ onTime ≤ delivered). Null when nothing promised was delivered: the page shows '—', not 0 %.
 * Rounded half up to a tenth of a percent (0.001), as the page shows it, except that it is 1 only
 * when every delivery was on time and 0 only when none was: 1,999 of 2,000 reads 99.9 %, never a
 * 100 % that hides a late parcel.
 */
export function onTimeRate(onTime: number, delivered: number): number | null {
  if (delivered <= 0) return null;
  if (onTime >= delivered) return 1;
  if (onTime <= 0) return 0;
  const rounded = Math.round((onTime * 1000) / delivered) / 1000;
  return Math.min(0.999, Math.max(0.001, rounded));
}

/** The lengths of the dashboard's periods, in the shop's days, today included. */
export const DASHBOARD_PERIOD_DAYS = [1, 7, 30] as const;
export type DashboardPeriodDays = (typeof DASHBOARD_PERIOD_DAYS)[number];

export interface DayRange {
  /** First day, included. */
  from: string;
  /** Last day, included. */
  to: string;
}

/**
 * A period of `days` whole days ending with `today`, and the period of the same length just
 * before it: today against yesterday, the last 7 days against the 7 before them.
 */
export function dashboardPeriod(
  today: string,
  days: number,
): { current: DayRange; previous: DayRange } {
  const from = addDays(today, -(days - 1));
  return {
    current: { from, to: today },
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
  };
}

/** What one shop day contributes to the dashboard's figures. */
export interface DailyFigures {
  day: string;
  /** Confirmed orders placed that day (CONFIRMED_ORDER_STATUSES). */
  orders: number;
  /** Their order values, in paise. */
  revenueMinor: number;
  /** Orders placed that day that are now Cancelled. */
  cancelledOrders: number;
  /** Customer accounts opened that day. */
  newCustomers: number;
  /** Orders delivered that day (India) that had a promised date. */
  delivered: number;
  /** Those of them delivered on or before their promised date (deliveredOnTime). */
  deliveredOnTime: number;
}

export interface PeriodFigures {
  revenueMinor: number;
  orders: number;
  /** Revenue per confirmed order, rounded to the paisa; null without orders. */
  averageOrderValueMinor: number | null;
  newCustomers: number;
  cancelledOrders: number;
  /** Cancelled ÷ (confirmed + cancelled) orders placed in the period; null when both are 0. */
  cancellationRate: number | null;
  /** Orders delivered in the period that had a promised date. */
  deliveredOrders: number;
  /** Those of them delivered on or before that date. */
  deliveredOnTime: number;
  /** deliveredOnTime ÷ deliveredOrders (onTimeRate); null when nothing promised was delivered. */
  onTimeRate: number | null;
}

/** Adds up the days of `daily` that fall in `range` (days missing from `daily` count as 0). */
export function periodFigures(daily: readonly DailyFigures[], range: DayRange): PeriodFigures {
  let revenueMinor = 0;
  let orders = 0;
  let cancelledOrders = 0;
  let newCustomers = 0;
  let deliveredOrders = 0;
  let deliveredInTime = 0;
  for (const day of daily) {
    if (day.day < range.from || day.day > range.to) continue;
    revenueMinor += day.revenueMinor;
    orders += day.orders;
    cancelledOrders += day.cancelledOrders;
    newCustomers += day.newCustomers;
    deliveredOrders += day.delivered;
    deliveredInTime += day.deliveredOnTime;
  }
  const decided = orders + cancelledOrders;
  return {
    revenueMinor,
    orders,
    averageOrderValueMinor: orders === 0 ? null : Math.round(revenueMinor / orders),
    newCustomers,
    cancelledOrders,
    cancellationRate: decided === 0 ? null : cancelledOrders / decided,
    deliveredOrders,
    deliveredOnTime: deliveredInTime,
    onTimeRate: onTimeRate(deliveredInTime, deliveredOrders),
  };
}

/**
 * The change from `previous` to `current` as a fraction (0.25 is +25 %); null when there is no
 * previous figure to compare with (0 or missing), where a percentage would mean nothing.
 */
export function relativeChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}
