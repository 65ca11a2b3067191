/**
 * How the stock screens write days, dates and units. Calendar days (expiry dates) are yyyy-MM-dd
 * in UTC, as the server decides stock in UTC (packages/shared rules/stock.ts).
 */
let dateTime: Intl.DateTimeFormat | undefined;

export { formatShortDate } from '../../../lib/format-date';

/** '25 Nov 2026, 14:05 UTC' for a ledger row. */
export function formatDateTime(value: string): string {
  dateTime ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${dateTime.format(date)} UTC`;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;

/** '1 unit', '1,200 units'. */
export const unitsText = (count: number) => plural(count, 'unit', 'units');

/** Days to expiry as a person says them: 'Expires today', '12 days', 'Expired 3 days ago'. */
export function daysLeftText(daysToExpiry: number): string {
  if (daysToExpiry === 0) return 'Expires today';
  if (daysToExpiry > 0) return plural(daysToExpiry, 'day', 'days');
  return `Expired ${plural(-daysToExpiry, 'day', 'days')} ago`;
}

/** A ledger row's units with their sign: '+120', '−3' (a true minus sign), '0'. */
export function signedUnits(units: number): string {
  const text = Math.abs(units).toLocaleString('en-IN');
  if (units > 0) return `+${text}`;
  if (units < 0) return `\u2212${text}`;
  return text;
}
