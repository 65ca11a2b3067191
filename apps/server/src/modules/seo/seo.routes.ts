import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { errorBody } from '../../plugins/errors';
import { robotsTxt } from './robots';
import type { SitemapRegistry, SitemapSource, SitemapUrl } from './sitemap-source';
import { MAX_URLS_PER_SITEMAP, sitemapIndexXml, urlsetXml } from './sitemap-xml';

export interface SeoRoutesOptions {
  sitemaps: SitemapRegistry;
  /** The shop's public origin (PUBLIC_URL): sitemaps and robots.txt name absolute URLs. */
  origin: string;
  /**
   * URLs per file of a chunked source: the protocol's 50,000; tests lower it to see chunks. A
   * source that is not chunked is one file of up to 50,000 whatever this says.
   */
  chunkSize: number;
}

/** Crawlers read these often; an hour old is fresh enough for a catalogue. */
const CACHE_CONTROL = 'public, max-age=3600';
const XML_TYPE = 'application/xml; charset=utf-8';

/** `products-2.xml` → products, chunk index 1; `pages.xml` → pages, chunk index 0. */
function parseFileName(fileName: string): { name: string; chunk: number | undefined } | undefined {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*?)(?:-([1-9][0-9]{0,8}))?\.xml$/.exec(fileName);
  if (!match?.[1]) return undefined;
  return { name: match[1], chunk: match[2] === undefined ? undefined : Number(match[2]) - 1 };
}

const fileName = (source: SitemapSource, index: number) =>
  source.chunked ? `${source.name}-${index + 1}.xml` : `${source.name}.xml`;

/**
 * Issue 30 point 4: `/sitemap.xml`, an index of the sources' chunk files; `/sitemaps/{file}`,
 * one chunk streamed batch by batch; `/robots.txt`. At the site's root, not under /api, and
 * left out of the API document (`hide`), like the web app's other files.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, options) => {
  const { sitemaps, origin } = options;
  const chunkSize = Math.min(options.chunkSize, MAX_URLS_PER_SITEMAP);
  const robots = robotsTxt(origin);
  const sizeOf = (source: SitemapSource) => (source.chunked ? chunkSize : MAX_URLS_PER_SITEMAP);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const entries: { path: string; lastmod: Date | null }[] = [];
    // One count per source, all at once (a pool runs them side by side).
    const chunked = await Promise.all(
      sitemaps
        .sources()
        .map(async (source) => ({ source, chunks: await source.chunks(sizeOf(source)) })),
    );
    for (const { source, chunks } of chunked) {
      if (!source.chunked && chunks.length > 1) {
        app.log.warn(
          { source: source.name, urls: `more than ${MAX_URLS_PER_SITEMAP}` },
          'a sitemap source that is not chunked outgrew one file; only its first URLs are listed',
        );
      }
      const listed = source.chunked ? chunks : chunks.slice(0, 1);
      listed.forEach((lastmod, index) =>
        entries.push({ path: `/sitemaps/${fileName(source, index)}`, lastmod }),
      );
    }
    return reply
      .type(XML_TYPE)
      .header('cache-control', CACHE_CONTROL)
      .send(sitemapIndexXml(origin, entries));
  });

  const notFound = (reply: FastifyReply, url: string) =>
    reply.code(404).send(errorBody(404, `Route GET:${url} not found`));

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const url = `/sitemaps/${request.params.file}`;
      const parsed = parseFileName(request.params.file);
      const source = parsed && sitemaps.sources().find((each) => each.name === parsed.name);
      if (!parsed || !source || source.chunked !== (parsed.chunk !== undefined)) {
        return notFound(reply, url);
      }
      const batches = source.urls(parsed.chunk ?? 0, sizeOf(source))[Symbol.asyncIterator]();
      // The first batch is read before anything is sent: a missing chunk is a 404 and a failing
      // database a 500 in the error shape, not a cut-off 200.
      const first = await batches.next();
      if (first.done || first.value.length === 0) {
        await batches.return?.();
        return notFound(reply, url);
      }
      async function* rest(): AsyncGenerator<readonly SitemapUrl[]> {
        yield first.value;
        // A client that goes away destroys the stream, which ends this generator and with it
        // the source's (no query is left reading for nobody).
        yield* { [Symbol.asyncIterator]: () => batches };
      }
      return reply
        .type(XML_TYPE)
        .header('cache-control', CACHE_CONTROL)
        .send(Readable.from(urlsetXml(origin, rest())));
    },
  );
};
