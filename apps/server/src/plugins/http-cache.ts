import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createTtlCache } from '../lib/cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A catalogue read: answered with an ETag and 304 when the client has it already. Anonymous
     * callers may keep it `maxAge` seconds; signed-in ones revalidate every time (an admin sees
     * inactive products, and a shopper's own order changes the stock they see).
     */
    httpCache?: { maxAge: number };
  }
}

export interface HttpCachePluginOptions {
  /** Seconds this server reuses an anonymous answer it computed; 0 computes every one. */
  reuseSeconds: number;
  /** Moves on whenever the catalogue changes; answers stored before are not reused. */
  version: () => number;
}

interface StoredAnswer {
  etag: string;
  cacheControl: string;
  contentType: string;
  encoding: Encoding | undefined;
  body: Buffer;
}

type Encoding = 'br' | 'gzip';

/** Smaller answers are not worth compressing (the same threshold as the compress plugin). */
const COMPRESS_MIN_BYTES = 1024;
/** Bounds the memory of stored answers: ~500 listing pages of 3–15 kB compressed. */
const MAX_STORED_ANSWERS = 500;
const MAX_STORED_BYTES = 256 * 1024;
const VARY = 'Accept-Encoding, Authorization';

/** Brotli when the client takes it (quality 4, the compress plugin's choice), else gzip. */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const quality: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    quality[name.trim()] = q ? Number(q.slice(2)) || 0 : 1;
  }
  const of = (name: Encoding) => quality[name] ?? quality['*'] ?? 0;
  const best = of('br') >= of('gzip') ? 'br' : 'gzip';
  return of(best) > 0 ? best : undefined;
}

function compress(payload: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(payload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(payload);
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; '*' matches any current answer. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque);
}

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * Catalogue reads (routes whose config has httpCache, spec §7 GETs that anyone may call):
 * a weak ETag over the JSON, 304 Not Modified for If-None-Match, Cache-Control, and compression
 * done here so the bytes can be kept. Anonymous answers are kept for a few seconds (a
 * micro-cache) and reused until the catalogue changes: most shop traffic is the same few
 * listing pages, which then cost no database work. See docs/performance.md.
 */
export const httpCachePlugin = fp(async (app: FastifyInstance, options: HttpCachePluginOptions) => {
  const stored = createTtlCache<StoredAnswer>({
    ttlMs: options.reuseSeconds * 1000,
    maxEntries: MAX_STORED_ANSWERS,
    version: options.version,
  });
  const servedFromStore = new WeakSet<FastifyRequest>();
  // The catalogue version when the request came in: an answer computed while the catalogue
  // changed is stored under the older version, so it is never reused.
  const versionAtStart = new WeakMap<FastifyRequest, number>();
  const keyOf = (request: FastifyRequest) =>
    `${negotiateEncoding(request.headers['accept-encoding']) ?? 'identity'} ${request.url}`;
  const reusable = (request: FastifyRequest) =>
    options.reuseSeconds > 0 &&
    isRead(request) &&
    request.headers.authorization === undefined &&
    request.routeOptions.config.httpCache !== undefined;

  // Anonymous answers being computed now, by key: an identical request that arrives meanwhile
  // waits for that answer instead of doing the same database work again. Without this a burst
  // of one listing (after the micro-cache expired or the catalogue changed) queued up to the
  // load gate's 256 copies of the same query, since each checked the store before any finished.
  const computing = new Map<string, Promise<void>>();
  const finishers = new WeakMap<FastifyRequest, () => void>();
  const finish = (request: FastifyRequest) => {
    finishers.get(request)?.();
    finishers.delete(request);
  };
  const startComputing = (request: FastifyRequest, key: string) => {
    if (computing.has(key)) return;
    let resolve: () => void = () => undefined;
    const done = new Promise<void>((settle) => {
      resolve = settle;
    });
    computing.set(key, done);
    finishers.set(request, () => {
      if (computing.get(key) === done) computing.delete(key);
      resolve();
    });
  };

  const notModified = (reply: FastifyReply) => {
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!reusable(request)) return;
    const key = keyOf(request);
    let answer = stored.get(key);
    const running = answer ? undefined : computing.get(key);
    if (running) {
      await running;
      answer = stored.get(key);
    }
    if (!answer) {
      versionAtStart.set(request, options.version());
      startComputing(request, key);
      return;
    }
    servedFromStore.add(request);
    reply
      .header('etag', answer.etag)
      .header('cache-control', answer.cacheControl)
      .header('vary', VARY);
    if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
      return reply.send(notModified(reply));
    }
    if (answer.encoding) reply.header('content-encoding', answer.encoding);
    return reply.type(answer.contentType).send(answer.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    try {
      return answerWithCacheHeaders(request, reply, payload);
    } finally {
      // Stored (or not storable): whoever waited for this answer may look again.
      finish(request);
    }
  });
  // A request that ends without sending (the client went away) must not keep others waiting.
  app.addHook('onResponse', async (request) => finish(request));
  app.addHook('onRequestAbort', async (request) => finish(request));

  function answerWithCacheHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const cache = request.routeOptions.config.httpCache;
    if (!cache || !isRead(request) || servedFromStore.has(request)) return payload;
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;

    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    const anonymous = request.headers.authorization === undefined;
    const cacheControl = anonymous ? `public, max-age=${cache.maxAge}` : 'private, no-cache';
    reply.header('etag', etag).header('cache-control', cacheControl).header('vary', VARY);

    if (matchesEtag(request.headers['if-none-match'], etag)) return notModified(reply);

    const size = Buffer.byteLength(payload);
    const encoding =
      size >= COMPRESS_MIN_BYTES
        ? negotiateEncoding(request.headers['accept-encoding'])
        : undefined;
    const body = encoding ? compress(payload, encoding) : Buffer.from(payload);
    const version = versionAtStart.get(request);
    if (version !== undefined && reusable(request) && body.length <= MAX_STORED_BYTES) {
      const contentType = reply.getHeader('content-type');
      stored.set(
        keyOf(request),
        {
          etag,
          cacheControl,
          contentType: typeof contentType === 'string' ? contentType : 'application/json',
          encoding,
          body,
        },
        version,
      );
    }
    if (encoding) reply.header('content-encoding', encoding);
    return body;
  }
});
