import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/index';
import { preloadRoutePages } from './app/lazy-page';
import { prefetchPageData } from './app/prefetch-page';
import { routes } from './app/router';
import { collectDeferredHydration, startDeferredHydration } from './components/ui/hydrate-later';
import { ApiError } from './lib/api-client';
import { queryClient } from './lib/query-client';
import { markFirstPageServerRendered } from './lib/server-rendered';
import { startServiceWorkerWhenIdle } from './pwa/start-service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** The id of the JSON the server writes beside a rendered page (apps/server web-app plugin). */
const SERVER_STATE_ID = 'server-query-state';

/** The server's query cache, with its errors made ApiErrors again (entry-server.tsx). */
function readServerState(): DehydratedState | undefined {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    for (const query of state.queries) {
      const error = query.state.error as { statusCode?: unknown; message?: unknown } | null;
      if (error && typeof error === 'object') {
        (query.state as { error: unknown }).error = new ApiError(
          typeof error.statusCode === 'number' ? error.statusCode : 0,
          typeof error.message === 'string' ? error.message : '',
        );
      }
    }
    return state;
  } catch {
    return undefined; // a damaged page: render it afresh in the browser instead
  }
}

declare global {
  interface Window {
    /** Set by src/boot/early-events.js: replays taps made before hydration. */
    __replayEarlyEvents?: () => void;
    /** Set once the app handles events itself; early-events.js then holds nothing. */
    __appLive?: boolean;
  }
}

/** Hands the taps held before hydration to the now live page (src/boot/early-events.js). */
function replayEarlyEvents(): void {
  window.__appLive = true;
  window.__replayEarlyEvents?.();
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * What the shopper typed into the server's fields before hydration: hydrating a controlled field
 * sets it to the component's state (empty), which would throw the text away.
 */
function typedBeforeHydration(container: HTMLElement): [TextField, string][] {
  const fields = container.querySelectorAll<TextField>('input, textarea');
  return [...fields].flatMap((field): [TextField, string][] =>
    field.value !== field.defaultValue ? [[field, field.value]] : [],
  );
}

/** Puts the text back and tells the live component, as if it had been typed now. */
function restoreTyped(typed: [TextField, string][]): void {
  for (const [field, value] of typed) {
    if (!field.isConnected || field.value === value) continue;
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * After the deferred parts are live: a field in such a part kept the server's DOM, so it still
 * shows the typed text while its component's state is empty (restoreTyped saw nothing to put
 * back). Every typed field the shopper has not changed since is announced to its component; one
 * hydrating emptied gets its text back first. A field typed into since has a held input event.
 */
function announceTyped(typed: [TextField, string][]): void {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    if (field.value === field.defaultValue && value !== field.defaultValue) field.value = value;
    else if (field.value !== value) continue;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const serverState = root.firstElementChild ? readServerState() : undefined;

if (serverState) {
  // Issue 30: the page came rendered. Its data is already here, and its code is loaded before
  // hydrating, so the first render in the browser draws exactly the server's HTML: no loader,
  // no second request for the same data, no layout shift.
  hydrate(queryClient, serverState);
  // A page the server found missing (404) would otherwise be asked again as it mounts, drawing
  // the loader over the server's not-found page; its answer is the server's, as for the others.
  for (const query of serverState.queries) {
    if (query.state.status === 'error')
      queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  markFirstPageServerRendered();
  void preloadRoutePages(routes, window.location.pathname)
    .catch(() => undefined)
    .then(async () => {
      // The page's modules have just been evaluated (a long task on a phone): hydrating starts
      // in a task of its own rather than adding to it (TBT, issue 30).
      await new Promise((resolve) => setTimeout(resolve, 0));
      const typed = typedBeforeHydration(root);
      collectDeferredHydration();
      hydrateRoot(root, app);
      restoreTyped(typed);
      // The parts left for later (HydrateLater) each get a task of their own; taps stay held
      // until all are live, and their fields get back what was typed into them.
      await startDeferredHydration();
      announceTyped(typed);
      // The components re-render with the announced text before a held tap is replayed, so
      // a held "Check" submits what was typed rather than the empty state of before.
      await new Promise((resolve) => setTimeout(resolve, 0));
      replayEarlyEvents();
    });
} else {
  prefetchPageData(queryClient, window.location);
  createRoot(root).render(app);
  replayEarlyEvents();
}

startServiceWorkerWhenIdle();
