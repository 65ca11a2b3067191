import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATIC_PUBLIC_PATHS } from '@pharmacy/shared';

/**
 * Issue 30: the public storefront answered as real pages. The web app's server bundle
 * (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr) renders a page with the
 * components the browser runs; this file puts its output into the built index.html, sets the
 * status (404 for unknown pages and products), redirects aliases to one address, and marks the
 * pages only the browser renders (signed-in, checkout, mailed links) as not to be indexed.
 * Decision 0024 describes the whole model.
 */

/** What the web app's server bundle hands back for one page (entry-server.tsx). */
interface RenderedPage {
  status: number;
  html: string;
  headHtml: string;
  state: unknown;
}

export interface PageRenderer {
  render: (url: URL, origin: string) => Promise<RenderedPage>;
  isPrivatePath: (pathname: string) => boolean;
  isKnownPath: (pathname: string) => boolean;
}

type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

interface RendererModule {
  createPageRenderer: (transport: ApiTransport) => PageRenderer;
}

function isRendererModule(value: unknown): value is RendererModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<RendererModule>).createPageRenderer === 'function'
  );
}

function headersOf(init: RequestInit): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  return headers;
}

/**
 * Loads the server bundle, its API calls answered by this same process through Fastify's inject:
 * the real routes, validation and micro-cache, without a socket. Undefined without a build.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  entryFile: string,
): Promise<PageRenderer | undefined> {
  if (!existsSync(entryFile)) return undefined;
  const loaded: unknown = await import(pathToFileURL(entryFile).href);
  if (!isRendererModule(loaded)) {
    throw new Error(`${entryFile} does not export createPageRenderer; rebuild the web app.`);
  }
  return loaded.createPageRenderer(async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { ...headersOf(init), 'x-server-render': '1' },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers,
    });
  });
}

/** The built index.html, cut once at start into the parts a rendered page is assembled from. */
export interface HtmlTemplate {
  page: (rendered: RenderedPage) => string;
  /** The page the browser renders alone, marked not to be indexed. */
  privateShell: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** Read by apps/web/src/main.tsx before it hydrates. */
const STATE_ELEMENT_ID = 'server-query-state';

/** '<' written as \u003c so nothing in the data can close the script element. */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Read by the web build's route-preload script (apps/web/vite.config.ts), which loads them. */
const DEFERRED_SCRIPTS_META = 'app-scripts';

/**
 * Issue 30 point 6 (LCP): a rendered page can paint from its HTML alone, so nothing else should
 * share the slow link with it before the first paint. The stylesheet is written into the page
 * (one round trip less before anything paints; the CSP allows inline styles), and the app's
 * entry and its modulepreloads are not requested by the HTML: the route-preload script, already
 * loaded async by index.html, requests them once the page has painted. The browser-rendered
 * shell (private pages) keeps index.html as built: it has nothing to paint without its script.
 */
function paintFirst(page: string, readAsset: (urlPath: string) => string | undefined): string {
  const preloads: string[] = [];
  const withoutPreloads = page.replace(
    /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g,
    (_match, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  // The list stands where the entry's script stood, before the route-preload script that reads it.
  // With nothing render-blocking left, Chrome would paint the page while still parsing it, then
  // style and lay it out again after each chunk (several long tasks on a phone): the page is
  // painted once, when its last element (the query state) has been parsed.
  const deferred = withoutPreloads.replace(
    /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/,
    (_match, src: string) =>
      `<meta name="${DEFERRED_SCRIPTS_META}" content="${[src, ...preloads].join(' ')}" />\n    <link rel="expect" href="#${STATE_ELEMENT_ID}" blocking="render" />`,
  );
  if (deferred === withoutPreloads) return page;
  return deferred.replace(
    /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g,
    (link, href: string) => {
      const css = readAsset(href);
      return css === undefined || css.includes('</') ? link : `<style>${css}</style>`;
    },
  );
}

/**
 * `readAsset` gives the text of a built file by its URL path (`/assets/…`), for what the page
 * carries inline; without it the page links its stylesheet and scripts as index.html does.
 */
export function createHtmlTemplate(
  indexHtml: string,
  readAsset?: (urlPath: string) => string | undefined,
): HtmlTemplate {
  if (!indexHtml.includes(ROOT_ELEMENT) || !indexHtml.includes('</head>')) {
    throw new Error(`The web app's index.html has no ${ROOT_ELEMENT}; rebuild the web app.`);
  }
  // The page's own title and description replace the build's generic ones.
  const generic = indexHtml
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '');
  const bare = readAsset ? paintFirst(generic, readAsset) : generic;
  const [beforeHead = '', afterHead = ''] = bare.split('</head>');
  const [beforeRoot = '', afterRoot = ''] = afterHead.split(ROOT_ELEMENT);
  const [beforeBodyEnd = '', afterBodyEnd = ''] = afterRoot.split('</body>');
  return {
    page: (rendered) =>
      `${beforeHead}  ${rendered.headHtml}\n  </head>${beforeRoot}<div id="root">${rendered.html}</div>${beforeBodyEnd}  <script type="application/json" id="${STATE_ELEMENT_ID}">${jsonInScript(rendered.state)}</script>\n  </body>${afterBodyEnd}`,
    privateShell: indexHtml.replace(
      '</head>',
      '  <meta name="robots" content="noindex, nofollow" />\n  </head>',
    ),
  };
}

/** The public pages (issue 30, point 1); answers to anonymous readers are micro-cached. */
export const RENDERED_PATHS = [
  ...STATIC_PUBLIC_PATHS,
  '/shop/brand/:id',
  '/product/:id',
  '/medicine/:slug',
] as const;

/**
 * A browser revalidates a rendered page on every visit (a 304 when nothing changed): a shopper
 * opening a back-in-stock mail must see the stock of now, not the page they saw a moment ago.
 * The server's own micro-cache keeps a revalidation cheap.
 */
const PAGE_CACHE = { maxAge: 0 };

/**
 * The DECISIONS aliases answered with one permanent redirect to their canonical address:
 * `/auth?type=…` is `/login?type=…`, `salCompositionId` is `saltCompositionId`, and a trailing
 * slash is dropped. Undefined when the address is already canonical.
 */
export function canonicalRedirect(url: URL): string | undefined {
  let { pathname } = url;
  const params = new URLSearchParams(url.search);
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.replace(/\/+$/, '');
  if (pathname === '/auth') pathname = '/login';
  if (pathname === '/shop' && params.has('salCompositionId')) {
    const value = params.get('salCompositionId') ?? '';
    params.delete('salCompositionId');
    if (!params.has('saltCompositionId')) params.set('saltCompositionId', value);
  }
  const search = params.toString();
  const next = `${pathname}${search ? `?${search}` : ''}`;
  return next === `${url.pathname}${url.search}` ? undefined : next;
}

export interface PageRoutesOptions {
  renderer: PageRenderer;
  template: HtmlTemplate;
  /** The shop's public origin (PUBLIC_URL), for canonical links and structured data. */
  origin: string;
}

/**
 * Registers the rendered pages and returns the answer for every other page path (the not-found
 * handler's): a private page's shell, or the rendered not-found page with 404.
 */
export function registerPageRoutes(
  app: FastifyInstance,
  { renderer, template, origin }: PageRoutesOptions,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, origin);
    const redirect = canonicalRedirect(url);
    if (redirect) return reply.redirect(redirect, 301);
    if (renderer.isPrivatePath(url.pathname)) {
      return reply
        .code(renderer.isKnownPath(url.pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(template.privateShell);
    }
    const rendered = await renderer.render(url, origin);
    if (rendered.status !== 200) reply.header('cache-control', 'no-cache');
    return reply
      .code(rendered.status)
      .type('text/html; charset=utf-8')
      .send(template.page(rendered));
  };
  for (const path of RENDERED_PATHS) {
    app.get(path, { schema: { hide: true }, config: { httpCache: PAGE_CACHE } }, answer);
  }
  return answer;
}
