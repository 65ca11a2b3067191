/** en-IN's short month names (CLDR: September is 'Sept'). */
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * '30 Jun 2027' for a yyyy-MM-dd day or an ISO timestamp (spec §9: en-IN, UTC), as
 * `Intl.DateTimeFormat('en-IN')` writes it. Written out because building that format loads the
 * locale's data, a long task while a medicine page hydrates on a phone (issue 30, TBT).
 */
export function formatShortDate(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
