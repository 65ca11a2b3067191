/**
 * What a module contributes to the sitemaps (issue 30, sitemaps.org protocol): the public pages
 * it owns, in chunks of at most `size` URLs. The seo module serves every source through one
 * index (`/sitemap.xml`) without knowing whose tables they come from, so a module adds its pages
 * by registering a source (`ctx.sitemaps.add(…)`), never by the seo module reading its repository.
 */
export interface SitemapUrl {
  /** Path (and query) on this shop, starting with '/': made absolute with PUBLIC_URL. */
  path: string;
  /** When the page's content last changed; omitted from the XML when unknown. */
  lastmod?: Date | null;
}

export interface SitemapSource {
  /**
   * Names its files: `/sitemaps/{name}-{n}.xml` (n from 1) when chunked, else
   * `/sitemaps/{name}.xml`. Lower-case letters, digits and dashes; unique among the sources.
   */
  name: string;
  /**
   * True for a list that can outgrow one sitemap (products). A small, bounded list (the static
   * pages, divisions) is one file of up to the protocol's 50,000 URLs; should it grow past that,
   * only its first 50,000 are served (and the index logs a warning).
   */
  chunked: boolean;
  /**
   * One entry per chunk of `size` URLs, in order: the newest lastmod in it (null when none is
   * known). Its length is the number of chunks; an empty source has none and is not listed.
   */
  chunks(size: number): Promise<readonly (Date | null)[]>;
  /**
   * The URLs of chunk `index` (from 0), in the order `chunks` counted them, in batches: the
   * sitemap is written batch by batch, so a chunk never sits in memory whole. Yields nothing
   * for a chunk that does not exist.
   */
  urls(index: number, size: number): AsyncIterable<readonly SitemapUrl[]>;
}

const SOURCE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Where the modules add their sources (ModuleContext.sitemaps); the seo module reads them. */
export interface SitemapRegistry {
  add(source: SitemapSource): void;
  /** In the order they were added (modules/index.ts order): the index lists them so. */
  sources(): readonly SitemapSource[];
}

export function createSitemapRegistry(): SitemapRegistry {
  const sources: SitemapSource[] = [];
  return {
    add(source) {
      // A chunked name ending in '-<digits>' would make 'a-1-2.xml' ambiguous; names are checked
      // at start, so a clash is a programming error found by any test that builds the app.
      if (!SOURCE_NAME.test(source.name) || /-\d+$/.test(source.name)) {
        throw new Error(
          `Sitemap source name "${source.name}" must be lower-case words with dashes`,
        );
      }
      if (sources.some((each) => each.name === source.name)) {
        throw new Error(`Sitemap source "${source.name}" is registered twice`);
      }
      sources.push(source);
    },
    sources: () => sources,
  };
}

const newest = (dates: readonly (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);

/**
 * A source from a list read whole: for lists that stay small (static pages, divisions,
 * manufacturers, a few thousand medicine pages). Chunked in memory if it is `chunked`.
 */
export function listSitemapSource(options: {
  name: string;
  chunked?: boolean;
  load: () => Promise<readonly SitemapUrl[]>;
}): SitemapSource {
  return {
    name: options.name,
    chunked: options.chunked ?? false,
    async chunks(size) {
      const urls = await options.load();
      const lastmods: (Date | null)[] = [];
      for (let start = 0; start < urls.length; start += size) {
        lastmods.push(newest(urls.slice(start, start + size).map((url) => url.lastmod)));
      }
      return lastmods;
    },
    async *urls(index, size) {
      const chunk = (await options.load()).slice(index * size, (index + 1) * size);
      if (chunk.length > 0) yield chunk;
    },
  };
}

/** A row of a keyset-paged source: its key orders the list (ascending, unique). */
export interface KeyedSitemapUrl extends SitemapUrl {
  key: number;
}

/** Rows per query when a chunk is written: bounded memory whatever the chunk size. */
export const SITEMAP_BATCH_SIZE = 1000;

/**
 * A source over a large table, read with keyset pagination: a chunk starts after the key of the
 * row just before it (one OFFSET lookup on the key's index), then reads `batchSize` rows at a
 * time with `key > last`, so 100,000 products never sit in memory at once.
 */
export function keysetSitemapSource(options: {
  name: string;
  /** The newest lastmod of each chunk of `size` rows in key order (SitemapSource.chunks). */
  chunks: (size: number) => Promise<readonly (Date | null)[]>;
  /** The key of the row at `offset` (from 0) in key order, or undefined past the end. */
  keyAt: (offset: number) => Promise<number | undefined>;
  /** Up to `limit` rows with a key above `after` (all when null), in key order. */
  page: (after: number | null, limit: number) => Promise<readonly KeyedSitemapUrl[]>;
  batchSize?: number;
}): SitemapSource {
  const batchSize = options.batchSize ?? SITEMAP_BATCH_SIZE;
  return {
    name: options.name,
    chunked: true,
    chunks: options.chunks,
    async *urls(index, size) {
      let after: number | null = null;
      if (index > 0) {
        const before = await options.keyAt(index * size - 1);
        if (before === undefined) return;
        after = before;
      }
      let remaining = size;
      while (remaining > 0) {
        const limit = Math.min(batchSize, remaining);
        const rows = await options.page(after, limit);
        const last = rows.at(-1);
        if (!last) return;
        yield rows.map(({ path, lastmod }) => ({ path, lastmod }));
        remaining -= rows.length;
        after = last.key;
        // A short page is the end of the table.
        if (rows.length < limit) return;
      }
    },
  };
}
