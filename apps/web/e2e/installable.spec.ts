import { expect, test, type Page } from '@playwright/test';
import { demoProduct, pageAs, placeOrder, signUp } from './checkout-support';

/**
 * Issue 17.6 · the shop as an installable web app (decision 0013): the page links a valid
 * manifest whose icons load, the service worker becomes active and controls the page, hashed
 * files then come from its cache, API answers and uploads never do and are never stored (a
 * signed-in customer's orders are personal data), and a page asked for offline gets the offline
 * page, with a way back.
 */

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Every URL path in the page's Cache Storage, by cache name. */
function cachedPaths(page: Page) {
  return page.evaluate(async () => {
    const stored: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      stored[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return stored;
  });
}

test('the shop installs, and its service worker never keeps personal data', async ({
  browser,
  request,
}) => {
  test.slow();
  const customer = await signUp(request, 'installable');
  const product = await demoProduct(request, false);
  const orderId = await placeOrder(request, customer.token, product, 1);
  const page = await pageAs(browser, customer.token);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Online Pharmacy' })).toBeVisible();

  // The manifest: linked, served as a manifest, and describing the shop.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifestResponse = await page.request.get(manifestHref ?? '');
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'MediKart Pharmacy',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0f766e',
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
    'content',
    manifest.theme_color,
  );
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const icons = [...manifest.icons.map((icon) => icon.src), appleIcon ?? ''];
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const src of icons) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }

  // The worker: registered a few seconds after load, then active and in control of the page.
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
  });
  expect(new URL(state.scope).pathname).toBe('/');
  expect(new URL(state.script).pathname).toBe('/sw.js');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Browse as the customer: catalogue, a product, their orders and one order.
  const api: { path: string; fromWorker: boolean }[] = [];
  const assets: { path: string; fromWorker: boolean }[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const seen = { path: pathname, fromWorker: response.fromServiceWorker() };
    if (pathname.startsWith('/api/')) api.push(seen);
    if (pathname.startsWith('/assets/')) assets.push(seen);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Online Pharmacy' })).toBeVisible();
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('link', { name: `Order #${orderId}` })).toBeVisible();
  await page.goto(`/order/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByText(product.name).first()).toBeVisible();
  await expect.poll(() => api.some((seen) => seen.path.startsWith('/api/order'))).toBe(true);

  // Hashed files come from the worker's cache; API answers never pass through it.
  expect(assets.length).toBeGreaterThan(0);
  expect(assets.filter((seen) => !seen.fromWorker)).toEqual([]);
  expect(api.filter((seen) => seen.fromWorker)).toEqual([]);

  // One cache, this build's: the offline page and hashed files, nothing else.
  const stored = await cachedPaths(page);
  const names = Object.keys(stored);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^shop-shell-[0-9a-f]{12}$/);
  const paths = Object.values(stored).flat();
  expect(paths).toContain('/offline.html');
  expect(
    paths.filter((path) => path !== '/offline.html' && !/^\/assets\/[^/]+$/.test(path)),
  ).toEqual([]);
  expect(paths.filter((path) => /^\/(api|uploads)(\/|$)/.test(path))).toEqual([]);

  // Offline: a page asked for gets the offline page; 'Try again' loads it once back online.
  await page.context().setOffline(true);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await page.context().setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeHidden();
  await page.context().close();
});
