import type { OrdersExportQuery } from '@pharmacy/shared';

const pad = (value: number) => String(value).padStart(2, '0');

/** This calendar month in UTC (the export's days are UTC days), first day to last. */
export function thisMonth(now: Date = new Date()): OrdersExportQuery {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return {
    from: `${year}-${pad(month + 1)}-01`,
    to: `${year}-${pad(month + 1)}-${pad(lastDay)}`,
  };
}
