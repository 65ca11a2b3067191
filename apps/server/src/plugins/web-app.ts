import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from '../lib/storage/index';
import { SAFE_PUBLIC_URL } from '../lib/storage/types';
import { errorBody } from './errors';

const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /dashboard',
  'Disallow: /api/',
  'Disallow: /order/',
  '',
].join('\n');

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Only names an upload could have are looked up, in the bucket or on disk. */
const notFound = (reply: FastifyReply, pathname: string) =>
  reply.code(404).send(errorBody(404, `Route GET:${pathname} not found`));

interface WebAppOptions {
  webDistDir: string;
  uploadsDir: string;
  storage: FileStorage;
}

/**
 * Serves the built SPA from the API's port: hashed assets are immutable, index.html is always
 * revalidated, and unknown non-API paths fall back to index.html so client routes work on reload.
 * Public uploads (catalogue images) are served from the data directory, or, on a bucket, answered
 * with a redirect to it so no image byte passes through this process; private files never are.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(ROBOTS_TXT),
  );

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

  const indexFile = path.join(options.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      decorateReply: !sendFileAdded,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn(
      `No web app build at ${options.webDistDir}; run "npm run build" to serve the shop.`,
    );
  }

  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html', options.webDistDir);

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    if (!hasWebApp) return reply.code(503).send(errorBody(503, 'The web app is not built yet.'));
    return sendIndex(reply);
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/uploads/') &&
      !pathname.startsWith('/assets/') &&
      !path.extname(pathname);
    if (isPageRequest && hasWebApp) return sendIndex(reply);
    return reply.code(404).send(errorBody(404, `Route ${request.method}:${pathname} not found`));
  });
});
