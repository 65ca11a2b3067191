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

const amountFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '₹1,234.50' — DECISIONS: one configurable symbol, two decimals, en-IN grouping. */
export function formatMoney(amount: number, currencySymbol = '₹'): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}${currencySymbol}${amountFormat.format(Math.abs(amount))}`;
}

/** Spec §9: line total = price × count, rounded to 2 decimals (exact in minor units). */
export function lineTotalMinor(unitPriceMinor: number, count: number): number {
  return unitPriceMinor * count;
}

export function lineTotal(unitPrice: number, count: number): number {
  return fromMinorUnits(lineTotalMinor(toMinorUnits(unitPrice), count));
}
