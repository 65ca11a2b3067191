/**
 * Issue 30: which storefront paths search engines may crawl. The server's robots.txt and
 * sitemaps and the web app's `noindex` decisions read these same lists (apps/web/src/config/
 * paths.ts routes them; a web test checks each one is a route there).
 */

/**
 * Pages only a signed-in person or a mailed link opens: kept out by robots.txt and never
 * indexed. A prefix ending in '/' covers what is under it (`/order/12`, `/order/process/12`);
 * one without covers the path itself and what is under it (`/dashboard`, `/dashboard/orders`).
 * The cart is a drawer, not a page, so it has no path.
 */
export const PRIVATE_PATH_PREFIXES = [
  '/dashboard',
  '/admin/',
  '/order/',
  '/login',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/refill/',
  '/unsubscribe',
  // Issue 32: a staff invitation's link and the deleted account's confirmation.
  '/accept-invitation',
  '/account-deleted',
] as const;

/** Whether a page's path is private (PRIVATE_PATH_PREFIXES). */
export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATH_PREFIXES.some((prefix) =>
    prefix.endsWith('/')
      ? pathname.startsWith(prefix) || pathname === prefix.slice(0, -1)
      : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * The storefront's public pages that exist once, whatever the catalogue holds: the static part of
 * the sitemap (products, divisions, manufacturers and medicines are listed from the data).
 */
export const STATIC_PUBLIC_PATHS = [
  '/',
  '/shop',
  '/divisions',
  '/manufacturers',
  '/salt-compositions',
  '/about',
  '/faq',
  '/contact',
] as const;
