import type { RouteSummary } from '../../../src/app';

/** The API routes the security suites must cover: under /api, without the docs and HEAD twins. */
export function apiRoutes(routeTable: readonly RouteSummary[]): string[] {
  return routeTable
    .filter(
      (route) =>
        route.method !== 'HEAD' &&
        route.url.startsWith('/api/') &&
        route.url !== '/api/docs' &&
        !route.url.startsWith('/api/docs/'),
    )
    .map((route) => `${route.method} ${route.url}`);
}
