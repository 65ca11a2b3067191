import type { ComponentType, ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A page component whose code downloads on first use and can be asked for ahead of render. */
export interface LazyPage {
  (): ReactElement;
  preload: () => Promise<void>;
}

/**
 * React.lazy without its one blind spot: a lazy page cannot be loaded before it renders, so a
 * server-rendered page (issue 30) would render its Suspense fallback on the first pass in the
 * browser and replace the server's HTML with a skeleton until the chunk arrived. Here the server
 * and the browser both preload the matched pages first (preloadRoutePages), and a loaded page
 * then renders straight away; one not loaded yet still suspends, as React.lazy does.
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): LazyPage {
  let Loaded: ComponentType | undefined;
  let failure: unknown;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType;
      },
      (error: unknown) => {
        // Kept, so the page's error boundary shows 'reload' instead of a skeleton for ever.
        failure = error ?? new Error(`The page ${name} could not be loaded.`);
      },
    ));
  function Page() {
    if (failure !== undefined) throw failure;
    if (!Loaded) throw preload();
    return <Loaded />;
  }
  Page.displayName = `LazyPage(${name})`;
  Page.preload = preload;
  return Page;
}

/** The element of a lazy page, as a route table holds it. */
export function lazyPageElement<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): ReactElement {
  const Page = lazyPage(load, name);
  return <Page />;
}

function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'function' && typeof (type as Partial<LazyPage>).preload === 'function';
}

/** Loads the code of every lazy page the location renders (layouts included). */
export async function preloadRoutePages(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const element = route.element as ReactElement | null | undefined;
      return isLazyPage(element?.type) ? element.type.preload() : undefined;
    }),
  );
}
