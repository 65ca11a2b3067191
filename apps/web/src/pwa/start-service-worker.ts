/**
 * How long after the load event the worker is registered. A page's largest paint usually waits
 * for API answers and images that are still downloading after `load`; the worker's own downloads
 * (this module, /sw.js, the offline page) would compete with them, and it only pays off on the
 * next visit, so it waits until the first page has had its network to itself (decision 0013).
 */
export const REGISTER_DELAY_MS = 5000;

/**
 * Registers the service worker a while after the page has loaded, when the browser is idle, from
 * a module imported only then: the registration costs nothing before interaction. Not in
 * development (Vite's dev server has no /sw.js, and a worker would serve stale modules) nor in
 * unit tests, and not where the browser has no service workers.
 */
export function startServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // A failed import (the network went away) only means no worker this visit.
    import('./register-service-worker')
      .then((module) => module.registerServiceWorker())
      .catch(() => undefined);
  };
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
      else register();
    }, REGISTER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
