/**
 * Money rules. The database holds integer minor units (paise); the API exchanges decimal
 * numbers with at most two decimals (DECISIONS). Convert at the edges, compute in minor units.
 */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}

export function fromMinorUnits(minor: number): number {
  return minor / 100;
}

/**
 * en-IN grouping by hand (last three digits, then pairs: 1,23,456.50). Building an
 * Intl.NumberFormat costs more than a shopper's first render can spare on a slow phone, and this
 * rule is all the shop needs of it.
 */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/** '₹1,234.50' — DECISIONS: one configurable symbol, two decimals, en-IN grouping. */
export function formatMoney(amount: number, currencySymbol = '₹'): string {
  const minor = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 && minor > 0 ? '-' : '';
  const rupees = groupIndian(Math.floor(minor / 100).toString());
  const paise = (minor % 100).toString().padStart(2, '0');
  return `${sign}${currencySymbol}${rupees}.${paise}`;
}

/** Spec §9: line total = price × count, rounded to 2 decimals (exact in minor units). */
export function lineTotalMinor(unitPriceMinor: number, count: number): number {
  return unitPriceMinor * count;
}

export function lineTotal(unitPrice: number, count: number): number {
  return fromMinorUnits(lineTotalMinor(toMinorUnits(unitPrice), count));
}
