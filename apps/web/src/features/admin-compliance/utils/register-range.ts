import { h1RegisterQuerySchema } from '@pharmacy/shared';
import { formatShortDate } from '../../../lib/format-date';

export interface DayRange {
  /** yyyy-MM-dd, included. */
  from: string;
  /** yyyy-MM-dd, included. */
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** This calendar month in UTC (spec §9: dates are UTC), first day to last day. */
export function monthRange(now: Date = new Date()): DayRange {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return {
    from: `${year}-${pad(month + 1)}-01`,
    to: `${year}-${pad(month + 1)}-${pad(lastDay)}`,
  };
}

/**
 * The range as the server's own query rules read it (h1RegisterQuerySchema): null when it is
 * good, else a message for the field at fault.
 */
export function rangeErrors(range: DayRange): Partial<Record<keyof DayRange, string>> | null {
  const result = h1RegisterQuerySchema.safeParse(range);
  if (result.success) return null;
  const errors: Partial<Record<keyof DayRange, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'from' || field === 'to') errors[field] ??= issue.message;
  }
  return errors;
}

let time: Intl.DateTimeFormat | undefined;

/** '30 Jun 2027' for a yyyy-MM-dd day or an ISO timestamp (en-IN, UTC). */
export const formatDay = formatShortDate;

/** '14:05 UTC' for a timestamp. */
export function formatTime(value: string): string {
  time ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${time.format(date)} UTC`;
}
