import { z } from 'zod';
import { addDays, daysBetween, isCalendarDay } from '../rules/stock';

/** The longest period one orders export covers, counting both ends: a leap year. */
export const ORDERS_EXPORT_MAX_DAYS = 366;

const exportDay = (label: 'start' | 'end') =>
  z
    .string({ error: `Please choose the ${label} date.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} date must look like 2026-11-25.`)
    .refine(isCalendarDay, `The ${label} date is not a day on the calendar.`);

/**
 * Issue 18 point 5: the orders CSV for the accountant, a period of UTC days with both ends
 * included. The end may not come before the start, and a period covers at most a year.
 */
export const ordersExportQuerySchema = z
  .object({ from: exportDay('start'), to: exportDay('end') })
  .superRefine(({ from, to }, context) => {
    const days = daysBetween(from, to);
    if (days < 0) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date is before the start date.',
      });
    } else if (days + 1 > ORDERS_EXPORT_MAX_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `One export covers at most ${ORDERS_EXPORT_MAX_DAYS} days: choose an end date up to ${addDays(from, ORDERS_EXPORT_MAX_DAYS - 1)}.`,
      });
    }
  });
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;
