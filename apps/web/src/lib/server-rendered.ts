/**
 * Issue 30: the public pages arrive rendered by the server. The browser's first render then
 * hydrates that HTML, and must draw exactly what the server drew: no loader, no skeleton, no
 * toast for a state the shopper already sees. Only the tab's first location ('default' key) can
 * have come from the server; every later page is rendered in the browser as before.
 */
let firstPageFromServer = false;

/** Called once by the browser entry before it hydrates server-rendered HTML. */
export function markFirstPageServerRendered(): void {
  firstPageFromServer = true;
}

/** True on the server, and in the browser for the page the server rendered. */
export function isServerRenderedPage(locationKey: string): boolean {
  return typeof window === 'undefined' || (firstPageFromServer && locationKey === 'default');
}
