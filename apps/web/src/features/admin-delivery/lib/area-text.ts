import { WEEKDAY_NAMES, type DeliveryArea, type Weekday } from '@pharmacy/shared';

/** '560001' for a single pincode, '560001–560110' for a range. */
export function pincodeRangeText(area: Pick<DeliveryArea, 'pincodeFrom' | 'pincodeTo'>): string {
  return area.pincodeFrom === area.pincodeTo
    ? area.pincodeFrom
    : `${area.pincodeFrom}–${area.pincodeTo}`;
}

/** '1 working day', '3 working days'; 0 is the day the parcel leaves. */
export function deliveryDaysText(days: number): string {
  if (days === 0) return 'Day of dispatch';
  return `${days} working day${days === 1 ? '' : 's'}`;
}

/**
 * The area a pincode takes among those listed for it: the narrowest range that holds it, the
 * oldest on a tie (the server's rule, decision 0023). Null when none holds it.
 */
export function areaForPincode<A extends Pick<DeliveryArea, 'id' | 'pincodeFrom' | 'pincodeTo'>>(
  areas: readonly A[],
  pincode: string,
): A | null {
  const value = Number(pincode);
  let best: A | null = null;
  for (const area of areas) {
    const from = Number(area.pincodeFrom);
    const to = Number(area.pincodeTo);
    if (value < from || value > to) continue;
    if (!best) {
      best = area;
      continue;
    }
    const width = to - from;
    const bestWidth = Number(best.pincodeTo) - Number(best.pincodeFrom);
    if (width < bestWidth || (width === bestWidth && area.id < best.id)) best = area;
  }
  return best;
}

/** 'Monday to Friday', 'Monday to Saturday', 'Monday, Wednesday and Friday'. */
export function workingDaysText(days: readonly Weekday[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length === 0) return 'No working day';
  if (sorted.length === 7) return 'Every day';
  const first = sorted[0] as Weekday;
  const last = sorted[sorted.length - 1] as Weekday;
  if (sorted.length > 2 && last - first === sorted.length - 1)
    return `${WEEKDAY_NAMES[first]} to ${WEEKDAY_NAMES[last]}`;
  const names = sorted.map((day) => WEEKDAY_NAMES[day]);
  return names.length === 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
