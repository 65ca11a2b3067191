let dateTime: Intl.DateTimeFormat | undefined;

/** A step's moment, en-IN in UTC like every date of spec §9 (the order timeline's format). */
export function formatStepTime(value: string): string {
  dateTime ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `${dateTime.format(new Date(value))} UTC`;
}
