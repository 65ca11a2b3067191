import { LIMITS } from '../constants/limits';

/** Spec §2 / §9: the cart badge caps at '99+' from 99. */
export function cartBadgeText(count: number): string {
  return count >= LIMITS.cartBadgeCap ? `${LIMITS.cartBadgeCap}+` : String(count);
}

/** Spec §2 cart icon label. */
export function cartLabel(count: number): string {
  return count > 0 ? `your cart has ${count} items` : 'your cart is empty';
}

/** Spec §9: with no image, one of 5 placeholders is chosen by the name's length. */
export function placeholderImageIndex(name: string): number {
  return (name.length % LIMITS.placeholderImageCount) + 1;
}

/** Spec §2 shop toolbar: 'Showing: a-b of N products' or '0 products'. */
export function showingText(page: number, pageSize: number, rowCount: number): string {
  if (rowCount <= 0) return '0 products';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, rowCount);
  return `Showing: ${first}-${last} of ${rowCount} products`;
}

/** Spec §9: stock under 5 is highlighted. */
export function isLowStock(quantity: number): boolean {
  return quantity < LIMITS.lowStockBelow;
}

// Made on first use: most pages show no long date, and building the format is not free.
let longDate: Intl.DateTimeFormat | undefined;

/** Spec §9: dates in en-IN, UTC, long weekday, short month, numeric day. */
export function formatLongDate(value: string | Date): string {
  longDate ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return longDate.format(typeof value === 'string' ? new Date(value) : value);
}

/** Spec §9: yyyy-MM-dd in UTC. */
export function formatIsoDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return date.toISOString().slice(0, 10);
}

/**
 * A whole number with India's digit grouping (1,00,000), as `Intl.NumberFormat('en-IN')` writes
 * it: the last three digits, then pairs. Written out because building that format loads the
 * locale's data, a long task on a phone's first page (issue 30, TBT).
 */
export function formatIndianNumber(value: number): string {
  const digits = String(Math.trunc(Math.abs(value)));
  const sign = value <= -1 ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${pairs},${digits.slice(-3)}`;
}
