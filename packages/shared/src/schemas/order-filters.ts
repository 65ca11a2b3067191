import { z } from 'zod';
import { isCalendarDay } from '../rules/stock';

export const ORDER_FILTER_MESSAGES = {
  fromDay: 'The start date must be a day on the calendar, like 2026-11-25.',
  toDay: 'The end date must be a day on the calendar, like 2026-11-25.',
  toBeforeFrom: 'The end date is before the start date.',
  flag: 'Use true or false.',
} as const;

const shopDayParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDay, message);

/** 'true' or 'false' in a query string; anything else is refused rather than read as true. */
const flagParam = z
  .enum(['true', 'false'], { error: ORDER_FILTER_MESSAGES.flag })
  .transform((value) => value === 'true')
  .optional();

/**
 * Issue 18 point 1: the admin order list's filters, which the dashboard's queues link to. Days
 * are the shop's days in India (rules/dashboard), both ends included.
 */
export const adminOrderFilterFields = {
  from: shopDayParam(ORDER_FILTER_MESSAGES.fromDay).optional(),
  to: shopDayParam(ORDER_FILTER_MESSAGES.toDay).optional(),
  /** Waiting To Accept: a prescription waiting for the pharmacist's review. */
  prescriptionPending: flagParam,
  /** Past the expected delivery date and neither Delivered nor Cancelled. */
  overdue: flagParam,
  /** Issue 29 dispatch desk: not dispatched yet and promised for today (rules/dashboard). */
  dueToday: flagParam,
  /** Issue 29 dispatch desk: not delivered yet and promised before today (rules/dashboard). */
  late: flagParam,
};

export function endNotBeforeStart(
  { from, to }: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
) {
  if (from && to && to < from)
    context.addIssue({ code: 'custom', path: ['to'], message: ORDER_FILTER_MESSAGES.toBeforeFrom });
}
