import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from '../lib/storage/index';
import { SAFE_PUBLIC_URL } from '../lib/storage/types';
import { errorBody } from './errors';
import { createHtmlTemplate, loadPageRenderer, registerPageRoutes } from './server-rendering';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The installable web app's files at the root of the build (decision 0013). */
const MANIFEST_FILE = 'manifest.webmanifest';
const SERVICE_WORKER_FILE = 'sw.js';
/** What a home screen shows under the icon without cutting it (Chrome's advice: 12). */
const SHORT_NAME_LENGTH = 12;

/**
 * The build's manifest with the shop's configured name (SHOP_NAME), read once at start; the
 * build's own `name` and `short_name` stay when they already match. Undefined without a build.
 */
export function webAppManifest(webDistDir: string, shopName: string): string | undefined {
  const file = path.join(webDistDir, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (manifest.name !== shopName) {
    const firstWord = shopName.split(/\s+/)[0] ?? shopName;
    manifest.name = shopName;
    manifest.short_name =
      shopName.length <= SHORT_NAME_LENGTH
        ? shopName
        : firstWord.slice(0, SHORT_NAME_LENGTH) || shopName.slice(0, SHORT_NAME_LENGTH);
  }
  return JSON.stringify(manifest);
}

/** Only names an upload could have are looked up, in the bucket or on disk. */
const notFound = (reply: FastifyReply, pathname: string) =>
  reply.code(404).send(errorBody(404, `Route GET:${pathname} not found`));

interface WebAppOptions {
  webDistDir: string;
  /**
   * The web app's server bundle (issue 30); by default the build beside webDistDir. Without it
   * every page is the browser-rendered index.html, as before.
   */
  serverEntry?: string;
  /** The shop's public origin (PUBLIC_URL), for canonical links and structured data. */
  publicUrl?: string;
  uploadsDir: string;
  storage: FileStorage;
}

/**
 * Serves the built SPA from the API's port: hashed assets are immutable, index.html is always
 * revalidated, and unknown non-API paths fall back to index.html so client routes work on reload.
 * The web app manifest and the service worker are revalidated too, so updates reach installed
 * shops on the next visit (decision 0013).
 * Public uploads (catalogue images) are served from the data directory, or, on a bucket, answered
 * with a redirect to it so no image byte passes through this process; private files never are.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const { storage } = options;
  /** One registration of @fastify/static may add reply.sendFile; the uploads one, when it runs. */
  let sendFileAdded = false;
  if (storage.publicLocation) {
    const locate = storage.publicLocation.bind(storage);
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (!SAFE_PUBLIC_URL.test(pathname)) return notFound(reply, pathname);
      const { location, maxAgeSeconds } = await locate(pathname);
      // The name never changes content, so the redirect may be kept as long as its target lasts.
      return reply
        .header('cache-control', `public, max-age=${maxAgeSeconds}`)
        .redirect(location, maxAgeSeconds >= 31_536_000 ? 301 : 302);
    });
  } else {
    // reply.sendFile only (no routes of the plugin's own): its wildcard route lists every folder
    // of the path on each request to compare spellings, which cost 2,936 → 32 images/s once a
    // folder held 40,000 files (docs/performance.md, h1–h3). The name is checked here instead:
    // lower-case letters, digits and dashes only, so no other spelling can reach another file.
    await app.register(fastifyStatic, { root: options.uploadsDir, serve: false });
    sendFileAdded = true;
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (!SAFE_PUBLIC_URL.test(pathname)) return notFound(reply, pathname);
      // Every upload and each of its resized variants gets a new random name, never reused: a
      // changed image is a new URL, so a stored file can be cached for good.
      return reply.sendFile(pathname.slice('/uploads/'.length), options.uploadsDir, {
        maxAge: ONE_YEAR_MS,
        immutable: true,
      });
    });
  }

  // The manifest and the service worker are revalidated on every request (no-cache), so a new
  // deploy's worker is installed on the next visit (decision 0013). The worker is one of the
  // static files below. The SPA fallback skips paths with a file extension, so a build without
  // either answers 404 for it, never index.html.
  const manifest = webAppManifest(options.webDistDir, app.config.shopName);
  if (manifest !== undefined) {
    app.get(`/${MANIFEST_FILE}`, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(manifest),
    );
  }

  const indexFile = path.join(options.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    const serviceWorkerFile = path.resolve(options.webDistDir, SERVICE_WORKER_FILE);
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      decorateReply: !sendFileAdded,
      wildcard: false,
      index: false,
      // Answered by the route above, with the configured shop name.
      globIgnore: [MANIFEST_FILE],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
          // A worker script must have a JavaScript type; say the standard one (RFC 9239).
          if (path.resolve(filePath) === serviceWorkerFile)
            res.header('content-type', 'text/javascript; charset=utf-8');
        }
      },
    });
  } else {
    app.log.warn(
      `No web app build at ${options.webDistDir}; run "npm run build" to serve the shop.`,
    );
  }

  // cacheControl: false, or send replaces the no-cache with its own 'public, max-age=0'.
  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html', options.webDistDir, { cacheControl: false });

  const renderer = hasWebApp
    ? await loadPageRenderer(
        app,
        options.serverEntry ?? path.join(options.webDistDir, '..', 'dist-ssr', 'entry-server.js'),
      )
    : undefined;
  const renderPage = renderer
    ? registerPageRoutes(app, {
        renderer,
        template: createHtmlTemplate(readFileSync(indexFile, 'utf8'), (urlPath) => {
          // Only the build's own hashed files, inlined into rendered pages (LCP, issue 30).
          const asset = path.posix.normalize(urlPath);
          const file = path.join(options.webDistDir, asset);
          return asset.startsWith('/assets/') && existsSync(file)
            ? readFileSync(file, 'utf8')
            : undefined;
        }),
        origin: options.publicUrl ?? app.config.publicUrl,
      })
    : undefined;

  if (!renderPage) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      if (!hasWebApp) return reply.code(503).send(errorBody(503, 'The web app is not built yet.'));
      return sendIndex(reply);
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/uploads/') &&
      !pathname.startsWith('/assets/') &&
      !path.extname(pathname);
    if (isPageRequest && renderPage) return renderPage(request, reply);
    if (isPageRequest && hasWebApp) return sendIndex(reply);
    return reply.code(404).send(errorBody(404, `Route ${request.method}:${pathname} not found`));
  });
});
