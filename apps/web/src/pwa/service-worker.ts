/**
 * The shop's service worker, served as /sw.js (decision 0013). Not part of the app's bundle: the
 * `serviceWorker` plugin in vite.config.ts builds it on its own, as one classic script, and
 * fills in the build's version and the files to keep at install.
 *
 * - install: keeps the offline page and the entry's hashed files in this build's cache, then
 *   takes over at once (skipWaiting): the worker holds no state a page depends on, and pages
 *   always load their HTML from the network, so a new worker never meets a page it cannot serve.
 * - activate: deletes every other cache (older builds), then controls the open pages.
 * - fetch: cache-policy.ts decides; API answers and uploads are never stored.
 */
import { OFFLINE_PAGE, cacheName, cacheStrategy, isStorable } from './cache-policy';

/** Set by the build: a hash of the build's file names and index.html. */
declare const __SW_VERSION__: string;
/** Set by the build: the entry's scripts and styles (`/assets/…`). */
declare const __SW_PRECACHE__: readonly string[];

// The DOM library has no service worker scope, and the WebWorker library cannot be loaded
// beside it in one program; the little this file uses is declared here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  readonly location: { readonly origin: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as ServiceWorkerScope;
const CACHE = cacheName(__SW_VERSION__);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE_PAGE, ...__SW_PRECACHE__]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const strategy = cacheStrategy(event.request, worker.location.origin);
  if (strategy === 'cache-first') event.respondWith(cacheFirst(event));
  else if (strategy === 'network-first') event.respondWith(networkFirst(event.request));
  // 'network-only': no answer from the worker, so the browser fetches as if it were not there.
});

async function cacheFirst(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(event.request);
  if (stored) return stored;
  const response = await fetch(event.request);
  if (isStorable(response)) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

/** Pages come from the network; the offline page only when there is none. */
async function networkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    if (offline) return offline;
    throw error;
  }
}
