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
}

/** Adds up the days of `daily` that fall in `range` (days missing from `daily` count as 0). */
export function periodFigures(daily: readonly DailyFigures[], range: DayRange): PeriodFigures {
  let revenueMinor = 0;
  let orders = 0;
  let cancelledOrders = 0;
  let newCustomers = 0;
  for (const day of daily) {
    if (day.day < range.from || day.day > range.to) continue;
    revenueMinor += day.revenueMinor;
    orders += day.orders;
    cancelledOrders += day.cancelledOrders;
    newCustomers += day.newCustomers;
  }
  const decided = orders + cancelledOrders;
  return {
    revenueMinor,
    orders,
    averageOrderValueMinor: orders === 0 ? null : Math.round(revenueMinor / orders),
    newCustomers,
    cancelledOrders,
    cancellationRate: decided === 0 ? null : cancelledOrders / decided,
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
