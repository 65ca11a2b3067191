import { describe, expect, it } from 'vitest';
import { isPrivatePath, PRIVATE_PATH_PREFIXES, STATIC_PUBLIC_PATHS } from '@pharmacy/shared';
import { paths } from './paths';

/** Every route pattern of paths.ts, nested groups (dashboard) included. */
function routePatterns(tree: object): string[] {
  return Object.values(tree).flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    if ('path' in entry && typeof entry.path === 'string') return [entry.path];
    return routePatterns(entry);
  });
}

/** Public pages whose address holds data: listed in the sitemaps from the catalogue. */
const DATA_PAGES = ['/product/:id', '/shop/brand/:id', '/medicine/:slug', '/404'];

/**
 * Issue 30: robots.txt, the sitemaps (server) and `noindex` (web) read the shared crawl lists;
 * they must name this app's routes, and every route must be on one side.
 */
describe('crawl paths and the routes of paths.ts', () => {
  const routes = routePatterns(paths);

  it('lists static public pages that are routes', () => {
    for (const path of STATIC_PUBLIC_PATHS) expect(routes, path).toContain(path);
  });

  it('has a route under every private prefix', () => {
    for (const prefix of PRIVATE_PATH_PREFIXES) {
      expect(
        routes.some((route) => isPrivatePath(route)),
        prefix,
      ).toBe(true);
      expect(
        routes.some((route) => route === prefix.replace(/\/$/, '') || route.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('classifies every route as public (static or from data) or private', () => {
    const unclassified = routes.filter(
      (route) =>
        !isPrivatePath(route) &&
        !(STATIC_PUBLIC_PATHS as readonly string[]).includes(route) &&
        !DATA_PAGES.includes(route),
    );
    expect(unclassified).toEqual([]);
  });

  it.each([
    ['/dashboard', true],
    ['/dashboard/orders', true],
    ['/dashboards', false],
    ['/order/12', true],
    ['/order/process/12', true],
    ['/order', true],
    ['/orders', false],
    ['/login', true],
    ['/reset-password', true],
    ['/refill/3', true],
    ['/unsubscribe', true],
    ['/admin/inventory', true],
    ['/shop', false],
    ['/product/1', false],
    ['/medicine/paracetamol', false],
    ['/', false],
  ])('%s is private: %s', (path, expected) => {
    expect(isPrivatePath(path)).toBe(expected);
  });
});
