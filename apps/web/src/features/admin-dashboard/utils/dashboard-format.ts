import { formatMoney, fromMinorUnits, relativeChange } from '@pharmacy/shared';

/** '₹1,234.50' from paise. */
export const money = (minor: number, symbol: string) => formatMoney(fromMinorUnits(minor), symbol);

/** '₹12K', '₹1.2L' style short rupees from paise, for a chart's axis (whole rupees). */
export const compactMoney = (minor: number, symbol: string) =>
  `${symbol}${fromMinorUnits(minor).toLocaleString('en-IN', { notation: 'compact', maximumFractionDigits: 1 })}`;

/** '12.5 %' from a fraction; '—' when there is nothing to divide. */
export function percent(fraction: number | null): string {
  if (fraction === null) return '—';
  return `${(fraction * 100).toLocaleString('en-IN', { maximumFractionDigits: 1 })} %`;
}

export interface Change {
  /** '+25 %', '−3.2 pts', 'no change', or 'new' when there was nothing before. */
  text: string;
  direction: 'up' | 'down' | 'flat' | 'none';
}

const signed = (value: number, unit: string) =>
  `${value > 0 ? '+' : '−'}${Math.abs(value).toLocaleString('en-IN', { maximumFractionDigits: 1 })}${unit}`;

/** The change of a count or an amount, relative to the period before. */
export function countChange(current: number | null, previous: number | null): Change {
  const change = relativeChange(current, previous);
  if (change === null)
    return current ? { text: 'new', direction: 'none' } : { text: '—', direction: 'none' };
  if (Math.abs(change) < 0.0005) return { text: 'no change', direction: 'flat' };
  return { text: signed(change * 100, ' %'), direction: change > 0 ? 'up' : 'down' };
}

/** The change of a rate, in percentage points (a rate's relative change reads wrongly). */
export function rateChange(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { text: '—', direction: 'none' };
  const points = (current - previous) * 100;
  if (Math.abs(points) < 0.05) return { text: 'no change', direction: 'flat' };
  return { text: signed(points, ' pts'), direction: points > 0 ? 'up' : 'down' };
}

/** '26 Nov' for a shop day (yyyy-MM-dd), read as the calendar day it names. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}
