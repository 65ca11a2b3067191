let shortDate: Intl.DateTimeFormat | undefined;

/** '30 Jun 2027' for a yyyy-MM-dd day or an ISO timestamp (spec §9: en-IN, UTC). */
export function formatShortDate(value: string): string {
  shortDate ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : shortDate.format(date);
}
