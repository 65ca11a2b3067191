/**
 * What the service worker (service-worker.ts) does with one request, as a pure function so the
 * rules can be table-tested (decision 0013):
 *
 * - `network-only`: the worker does not answer; the browser goes to the network as if there were
 *   no worker. Every API answer (orders, cart, profile, prescription files: personal data), even
 *   when opened as a page; every upload (catalogue images, or a redirect to the bucket, which the
 *   browser's HTTP cache keeps anyway; nothing private is ever under /uploads/); the worker and
 *   the manifest themselves; other methods than GET; anything from another origin (Stripe).
 * - `cache-first`: the build's hashed files under /assets/. A name never changes content, so a
 *   stored copy is always right; a new build has new names.
 * - `network-first`: a page (navigation). Always from the network, so a new deploy's index.html
 *   is used on the next visit; when the network fails, the offline page kept at install.
 */
export type CacheStrategy = 'network-only' | 'cache-first' | 'network-first';

export interface RequestFacts {
  method: string;
  /** `Request.mode`: 'navigate' for a page load. */
  mode: string;
  url: string;
}

/** Paths whose answers are never stored by the worker, whatever kind of request asks. */
const NEVER_CACHED = [
  /^\/api(\/|$)/,
  /^\/uploads(\/|$)/,
  /^\/sw\.js$/,
  /^\/manifest\.webmanifest$/,
];

/** Vite's output: `/assets/<name>-<hash>.<ext>`; the server sends them as immutable too. */
const HASHED_ASSET = /^\/assets\/[^/]+$/;

/** The page a navigation gets when the network fails; precached at install. */
export const OFFLINE_PAGE = '/offline.html';

export function cacheStrategy(request: RequestFacts, origin: string): CacheStrategy {
  if (request.method !== 'GET') return 'network-only';
  const url = new URL(request.url, origin);
  if (url.origin !== origin) return 'network-only';
  if (NEVER_CACHED.some((pattern) => pattern.test(url.pathname))) return 'network-only';
  if (request.mode === 'navigate') return 'network-first';
  if (HASHED_ASSET.test(url.pathname) && url.search === '') return 'cache-first';
  return 'network-only';
}

/** The name of the worker's one cache for a build; every other name is deleted on activate. */
export function cacheName(buildVersion: string): string {
  return `shop-shell-${buildVersion}`;
}

/** A response the worker may store: a whole, same-origin, successful answer. */
export function isStorable(response: Pick<Response, 'ok' | 'status' | 'type'>): boolean {
  return response.ok && response.status === 200 && response.type === 'basic';
}
