/**
 * Loaded on its own, after the page is interactive (start-service-worker.ts), so none of it is
 * in the code a shopper waits for. `updateViaCache: 'none'`: the browser checks /sw.js against
 * the server on every visit, bypassing its HTTP cache, so a new deploy's worker is found at once.
 */
export async function registerServiceWorker(): Promise<void> {
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    // The shop works the same without it (a private window, a browser that refuses workers).
    console.warn('The service worker was not registered.', error);
  }
}
