import { AsyncLocalStorage } from 'node:async_hooks';
import {
  dehydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { renderToStringAsync } from 'preact-render-to-string';
import { matchRoutes, StaticRouter, useRoutes, type RouteObject } from 'react-router';
import { NotFound } from './components/errors/not-found';
import { preloadRoutePages } from './app/lazy-page';
import { prefetchPageData } from './app/prefetch-page';
import { AppProvider } from './app/provider';
import { dashboardRoutes } from './app/dashboard-routes';
import { paths } from './config/paths';
import { routes } from './app/router';
import { headResolvers } from './app/seo/head-resolvers';
import { headTags } from './features/seo/head-tags';
import { isPrivatePath } from '@pharmacy/shared';
import { resolvePageHead, type ResolvedPage } from './app/seo/page-heads';
import { ApiError, setApiTransport, type ApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { userQueryKey } from './lib/query-keys';
import { fallbackShopSettings, shopSettingsQueryOptions } from './lib/shop-settings';

/**
 * The server's half of issue 30: renders a public page with the components the browser runs.
 * Built by `vite build --ssr` into apps/web/dist-ssr and loaded by the server's web-app plugin,
 * which hands it a transport into its own API (no network hop) and writes the result into
 * index.html.
 */

/** Queries a page may discover while rendering (a list inside a list): the passes allowed. */
const MAX_RENDER_PASSES = 3;

export interface RenderedPage extends ResolvedPage {
  /** The markup of #root. */
  html: string;
  /** <title>, meta, canonical, Open Graph and JSON-LD elements for <head>. */
  headHtml: string;
  /** The query cache the markup was drawn from, for the browser's first render. */
  state: DehydratedState;
}

export interface PageRenderer {
  render: (url: URL, origin: string) => Promise<RenderedPage>;
  /** Pages the browser renders alone (signed-in, checkout, mailed links): never indexed. */
  isPrivatePath: (pathname: string) => boolean;
  /** False when the router would show the not-found page for this path. */
  isKnownPath: (pathname: string) => boolean;
}

function leadsToPage(table: RouteObject[], pathname: string, basename?: string): boolean {
  const matches = matchRoutes(table, pathname, basename) ?? [];
  const leaf = matches.at(-1)?.route.element as { type?: unknown } | null | undefined;
  return matches.length > 0 && leaf?.type !== NotFound;
}

function isKnownPath(pathname: string): boolean {
  if (!leadsToPage(routes, pathname)) return false;
  // Below /dashboard the app's table hands over to the dashboard's own (dashboard-routes.tsx).
  const dashboard = paths.dashboard.root.path;
  const belowDashboard = pathname === dashboard || pathname.startsWith(`${dashboard}/`);
  return !belowDashboard || leadsToPage(dashboardRoutes, pathname, dashboard);
}

function ServerApp({ location, queryClient }: { location: string; queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <StaticRouter location={location}>
        <Routes />
      </StaticRouter>
    </AppProvider>
  );
}

function Routes() {
  return useRoutes(routes);
}

function isEnabled(query: Query): boolean {
  const enabled: unknown = (query.options as { enabled?: unknown }).enabled;
  if (typeof enabled === 'function') return (enabled as (q: Query) => unknown)(query) !== false;
  return enabled !== false;
}

/** Queries the last render asked for that nothing has fetched yet (signed-in data excluded). */
function unfetchedQueries(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        query.queryKey[0] !== userQueryKey[0] &&
        isEnabled(query),
    );
}

/**
 * Errors travel to the browser as their status and sentence (an Error does not survive JSON), and
 * main.tsx turns them back into ApiErrors before hydrating.
 */
function dehydrateForBrowser(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      (query.state.status === 'success' || query.state.status === 'error') &&
      query.queryKey[0] !== userQueryKey[0],
  });
  for (const query of state.queries) {
    const error: unknown = query.state.error;
    if (!error) continue;
    const sent = error instanceof ApiError ? error : new ApiError(0, String(error));
    (query.state as { error: unknown }).error = {
      statusCode: sent.statusCode,
      message: sent.message,
    };
  }
  return state;
}

/**
 * The API client's transport is one module-wide function; each renderer's own (one per server
 * app, and a test process may hold several) is found through the render's async context.
 */
const renderTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = renderTransport.getStore();
  if (!transport) return Promise.reject(new Error(`No server transport for ${url}.`));
  return transport(url, init);
});

export function createPageRenderer(transport: ApiTransport): PageRenderer {
  return {
    isPrivatePath,
    isKnownPath,
    render: (url, origin) => renderTransport.run(transport, () => renderPage(url, origin)),
  };
}

async function renderPage(url: URL, origin: string): Promise<RenderedPage> {
  const queryClient = createQueryClient({
    // Nothing on the server retries or refetches: one render, one answer per query (an error,
    // a 404 above all, is rendered as the error it is, not as a loader waiting for a retry).
    queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity },
  });
  const location = `${url.pathname}${url.search}`;
  // The queries a page is known to need start with its code, so most pages render in one or
  // two passes instead of discovering their data one render at a time.
  await Promise.all([
    preloadRoutePages(routes, url.pathname),
    ...prefetchPageData(queryClient, url),
  ]);
  let html: string;
  for (let pass = 1; ; pass += 1) {
    html = await renderToStringAsync(<ServerApp location={location} queryClient={queryClient} />);
    const missing = unfetchedQueries(queryClient);
    if (missing.length === 0 || pass === MAX_RENDER_PASSES) break;
    await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
  }
  const shop = queryClient.getQueryData(shopSettingsQueryOptions.queryKey);
  const resolved = resolvePageHead({
    pathname: url.pathname,
    search: url.search,
    queryClient,
    shop: shop ?? fallbackShopSettings,
    origin,
    extra: headResolvers,
  });
  return {
    ...resolved,
    html,
    headHtml: headTags(resolved.head, origin, (shop ?? fallbackShopSettings).shopName),
    state: dehydrateForBrowser(queryClient),
  };
}
