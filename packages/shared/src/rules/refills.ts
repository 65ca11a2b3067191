import { addDays, daysBetween } from './stock';

/**
 * Refill reminders (issue 17 part 4): a customer who buys a medicine every month asks to be
 * reminded before the next pack runs out. Dates are calendar days in UTC written yyyy-MM-dd
 * (as in rules/stock.ts), so 31 January + 30 days is 2 March (1 March in a leap year), never
 * "the same day next month".
 */

/** A reminder repeats every this many days at least… */
export const REFILL_INTERVAL_MIN_DAYS = 7;
/** …and at most (a pack for six months is the longest anyone buys ahead). */
export const REFILL_INTERVAL_MAX_DAYS = 180;
/** The intervals offered as one-tap choices; any whole number within the bounds may be typed. */
export const REFILL_INTERVAL_CHOICES = [15, 30, 60, 90] as const;
export const DEFAULT_REFILL_INTERVAL_DAYS = 30;
/** Default of REFILL_REMINDER_DAYS_BEFORE: the mail goes this many days before the due date. */
export const DEFAULT_REFILL_REMINDER_DAYS_BEFORE = 3;
/** Units of the product the refill link puts in the cart: at most a cart line's maximum. */
export const REFILL_QUANTITY_MAX = 100;

/** A whole number of days within the bounds. */
export function isRefillInterval(days: number): boolean {
  return (
    Number.isInteger(days) && days >= REFILL_INTERVAL_MIN_DAYS && days <= REFILL_INTERVAL_MAX_DAYS
  );
}

/** The refill after one starting on `start` is due `intervalDays` calendar days later. */
export function refillDueDate(start: string, intervalDays: number): string {
  return addDays(start, intervalDays);
}

/**
 * The first due date of the series start + k × interval (k ≥ 1) that is not before `today`: a
 * reminder made from an order three months old, or resumed after a pause, keeps its rhythm and
 * never asks for a refill that is already in the past.
 */
export function nextRefillDueOnOrAfter(start: string, intervalDays: number, today: string): string {
  const first = refillDueDate(start, intervalDays);
  const behind = daysBetween(first, today);
  if (behind <= 0) return first;
  return addDays(first, Math.ceil(behind / intervalDays) * intervalDays);
}

/**
 * Days before the due date the mail goes: the configured lead, but always less than the interval,
 * so a mail never goes out on the day the previous supply started (a 7-day refill with a 10-day
 * lead is mailed 6 days ahead, the day after the last refill).
 */
export function reminderLeadDays(intervalDays: number, daysBefore: number): number {
  return Math.max(0, Math.min(daysBefore, intervalDays - 1));
}

/** The day the reminder mail for the refill due on `dueOn` goes out. */
export function refillReminderDate(
  dueOn: string,
  intervalDays: number,
  daysBefore: number,
): string {
  return addDays(dueOn, -reminderLeadDays(intervalDays, daysBefore));
}

export interface RefillSchedule {
  nextDueOn: string;
  intervalDays: number;
  /** The due date a mail was already sent for; null before the first. */
  remindedForDueOn: string | null;
  paused: boolean;
}

/**
 * Whether the mail for the current due date should go out on `today`: not paused, its reminder
 * date has come (a late one still goes, e.g. after the shop was down), and not already mailed for
 * that due date.
 */
export function isRefillReminderDue(
  reminder: RefillSchedule,
  today: string,
  daysBefore: number,
): boolean {
  if (reminder.paused) return false;
  if (reminder.remindedForDueOn === reminder.nextDueOn) return false;
  return refillReminderDate(reminder.nextDueOn, reminder.intervalDays, daysBefore) <= today;
}

/**
 * One pass of the reminder scan over a reminder, on `today`: a due date that has passed and was
 * mailed moves on by the interval (the customer may have bought elsewhere; the rhythm goes on),
 * then the mail for the (possibly new) due date goes if it is due.
 */
export function refillScanStep(
  reminder: RefillSchedule,
  today: string,
  daysBefore: number,
): { nextDueOn: string; remind: boolean } {
  let { nextDueOn } = reminder;
  if (!reminder.paused && nextDueOn < today && reminder.remindedForDueOn === nextDueOn) {
    nextDueOn = nextRefillDueOnOrAfter(nextDueOn, reminder.intervalDays, today);
  }
  return { nextDueOn, remind: isRefillReminderDue({ ...reminder, nextDueOn }, today, daysBefore) };
}

/**
 * The next due date after the interval changes from `oldInterval` to `newInterval`: counted from
 * the same last refill (the current due date less the old interval), and not before today.
 */
export function rescheduleRefill(
  nextDueOn: string,
  oldInterval: number,
  newInterval: number,
  today: string,
): string {
  return nextRefillDueOnOrAfter(addDays(nextDueOn, -oldInterval), newInterval, today);
}

/** The day an order starts the refill rhythm: when it was delivered, else when it was placed. */
export function refillStartDay(order: { createdAt: string; deliveredAt: string | null }): string {
  return (order.deliveredAt ?? order.createdAt).slice(0, 10);
}

/**
 * A product a refill reminder can be set for: a medicine, i.e. one with an active ingredient
 * (salt composition) or one that needs a prescription. Baby care, soaps, devices and test strips
 * are not medicines a supply runs out of by the dose.
 */
export function isRefillableMedicine(product: {
  saltCompositionId: number | null;
  prescription: boolean;
}): boolean {
  return product.saltCompositionId !== null || product.prescription;
}

/** 'every 30 days', 'every 7 days'. */
export function refillIntervalLabel(days: number): string {
  return `every ${days} ${days === 1 ? 'day' : 'days'}`;
}
