/**
 * When the shopper arrived on a page, by its history entry (React Router's location.key), on the
 * performance.now() clock. The first page of a tab counts from the app's start, when its loading
 * skeleton first showed (the page's own code was still downloading then).
 */
const appStartedAt = performance.now();
const arrivals = new Map<string, number>();

export function pageArrivedAt(locationKey: string): number {
  // 'default' is the key of the entry the tab opened on.
  if (locationKey === 'default') return appStartedAt;
  let arrivedAt = arrivals.get(locationKey);
  if (arrivedAt === undefined) {
    arrivedAt = performance.now();
    arrivals.set(locationKey, arrivedAt);
  }
  return arrivedAt;
}
