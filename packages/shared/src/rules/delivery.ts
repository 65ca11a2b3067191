import { addDays } from './stock';

/**
 * The delivery promise (issue 29): whether the shop delivers to a pincode and by which day.
 * Every date is a calendar day in India written yyyy-MM-dd; India keeps one time zone all year
 * (IST, UTC+05:30, no daylight saving), so the local day and time are the UTC instant shifted by
 * five and a half hours, with no time-zone database needed on either side.
 */

/** IST is UTC+05:30 all year. */
export const INDIA_UTC_OFFSET_MINUTES = 330;
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** The longest promise the shop may make for a pincode, in working days after dispatch. */
export const MAX_DELIVERY_DAYS = 30;
/** A day further than this many calendar days ahead is never searched for (a calendar of holidays only). */
const SEARCH_LIMIT_DAYS = 400;

/** The pharmacy's dispatch calendar: the days it works, its holidays, the daily cut-off. */
export interface DispatchCalendar {
  workingDays: readonly Weekday[];
  /** yyyy-MM-dd, in India. */
  holidays: readonly string[];
  /** HH:mm in India: an order confirmed at or after it is dispatched on the next working day. */
  dispatchCutoff: string;
}

/** What the shop offers one pincode (or a range of them). */
export interface PincodeService {
  serviceable: boolean;
  zone: string;
  /** Working days from dispatch to the door. */
  deliveryDays: number;
  cashOnDelivery: boolean;
  /** Same-day delivery for orders confirmed before `sameDayCutoff` on a working day. */
  sameDay: boolean;
  /** HH:mm in India; required when sameDay. */
  sameDayCutoff: string | null;
}

export interface DeliveryPromise {
  /** The day the parcel leaves the pharmacy. */
  dispatchOn: string;
  /** The day it reaches the door. */
  deliverBy: string;
  sameDay: boolean;
}

/** The day and minute of the day in India at `now`. */
export function indiaClock(now: Date): { day: string; minutes: number; weekday: Weekday } {
  const local = new Date(now.getTime() + INDIA_UTC_OFFSET_MINUTES * 60_000);
  const day = local.toISOString().slice(0, 10);
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  const weekday = (((local.getUTCDay() + 6) % 7) + 1) as Weekday;
  return { day, minutes, weekday };
}

/** Today in India, yyyy-MM-dd. */
export function indiaToday(now: Date): string {
  return indiaClock(now).day;
}

/** ISO weekday of a yyyy-MM-dd day. */
export function weekdayOf(day: string): Weekday {
  return (((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1) as Weekday;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `value` is a time of day written HH:mm (00:00–23:59). */
export function isTimeOfDay(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** Minutes after midnight of an HH:mm time. */
export function minutesOfDay(time: string): number {
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`Not a time of day: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Whether the pharmacy dispatches on `day`. */
export function isWorkingDay(calendar: DispatchCalendar, day: string): boolean {
  return calendar.workingDays.includes(weekdayOf(day)) && !calendar.holidays.includes(day);
}

/** The first working day on or after `day`; null when the calendar has none within a year. */
export function nextWorkingDay(calendar: DispatchCalendar, day: string): string | null {
  let candidate = day;
  for (let i = 0; i < SEARCH_LIMIT_DAYS; i++) {
    if (isWorkingDay(calendar, candidate)) return candidate;
    candidate = addDays(candidate, 1);
  }
  return null;
}

/** `count` working days after `day` (0: `day` itself); null when the calendar runs dry. */
export function addWorkingDays(
  calendar: DispatchCalendar,
  day: string,
  count: number,
): string | null {
  let current: string | null = day;
  for (let i = 0; i < count && current; i++)
    current = nextWorkingDay(calendar, addDays(current, 1));
  return current;
}

/**
 * When an order confirmed at `now` reaches a pincode served as `service`:
 * - same day, when the pincode has it, today is a working day and the clock in India is before
 *   its same-day cut-off;
 * - otherwise the parcel leaves today if today is a working day before the dispatch cut-off, or
 *   on the next working day, and arrives `deliveryDays` working days later (couriers here keep
 *   the pharmacy's calendar: no promise lands on a holiday or a closed day).
 * Null when the pincode is not served or the calendar has no working day ahead.
 */
export function deliveryPromise(
  now: Date,
  calendar: DispatchCalendar,
  service: PincodeService | null,
): DeliveryPromise | null {
  if (!service?.serviceable) return null;
  const clock = indiaClock(now);
  const workingToday = isWorkingDay(calendar, clock.day);
  if (
    service.sameDay &&
    service.sameDayCutoff &&
    workingToday &&
    clock.minutes < minutesOfDay(service.sameDayCutoff)
  )
    return { dispatchOn: clock.day, deliverBy: clock.day, sameDay: true };
  const dispatchOn =
    workingToday && clock.minutes < minutesOfDay(calendar.dispatchCutoff)
      ? clock.day
      : nextWorkingDay(calendar, addDays(clock.day, 1));
  if (!dispatchOn) return null;
  const deliverBy = addWorkingDays(calendar, dispatchOn, Math.max(0, service.deliveryDays));
  if (!deliverBy) return null;
  return { dispatchOn, deliverBy, sameDay: false };
}

const SHORT_WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** "Tue, 2 Dec" for 2026-12-02. */
export function shortDeliveryDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${SHORT_WEEKDAYS[weekdayOf(day) - 1]}, ${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]}`;
}

export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const PINCODE_INVALID = 'Enter a 6-digit pincode, like 560001.';

/** The sentence the product page and the cart show for a pincode. */
export function deliveryPromiseText(
  pincode: string,
  promise: Pick<DeliveryPromise, 'deliverBy' | 'sameDay'> | null,
  today?: string,
): string {
  if (!promise) return `We do not deliver to ${pincode} yet`;
  if (promise.sameDay || promise.deliverBy === today) return 'Delivery today';
  return `Delivery by ${shortDeliveryDate(promise.deliverBy)}`;
}

/** Refused at the address step, with the pincode in it. */
export function notServedText(pincode: string): string {
  return `We do not deliver to ${pincode} yet. Choose another address, or contact us.`;
}

/** Cash on delivery refused for a pincode that does not allow it. */
export function codNotAtPincodeText(pincode: string): string {
  return `Cash on delivery is not available at ${pincode}. Please pay online.`;
}
