import type { SitemapUrl } from './sitemap-source';

/** sitemaps.org protocol 0.9 (https://www.sitemaps.org/protocol.html). */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The protocol's limit of URLs per sitemap file (and of sitemaps per index). */
export const MAX_URLS_PER_SITEMAP = 50_000;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * The protocol asks for entity-escaped values (&, <, >, ' and "). Characters XML 1.0 forbids
 * (control characters, lone surrogates) cannot be escaped at all and are dropped, so one odd
 * value can never make the whole file unreadable.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * An absolute URL on the shop's public origin (PUBLIC_URL, which may carry a path prefix), with
 * anything outside ASCII percent-encoded as RFC 3986 and the protocol ask.
 */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(`${origin.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`).href;
}

/** W3C Datetime to the second, in UTC: what the protocol's <lastmod> takes. */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const lastmodTag = (lastmod: Date | null | undefined) =>
  lastmod ? `<lastmod>${w3cDatetime(lastmod)}</lastmod>` : '';

/** The sitemap index: one <sitemap> per chunk file. */
export function sitemapIndexXml(
  origin: string,
  entries: readonly { path: string; lastmod: Date | null }[],
): string {
  const items = entries.map(
    (entry) =>
      `<sitemap><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmodTag(entry.lastmod)}</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items.join('')}</sitemapindex>\n`;
}

/**
 * One sitemap, written as its batches arrive (a generator for Readable.from): the opening tag,
 * each batch's <url> elements, the closing tag. Only one batch is held at a time.
 */
export async function* urlsetXml(
  origin: string,
  batches: AsyncIterable<readonly SitemapUrl[]>,
): AsyncGenerator<string> {
  yield `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
  for await (const batch of batches) {
    yield batch
      .map(
        (url) =>
          `<url><loc>${escapeXml(absoluteUrl(origin, url.path))}</loc>${lastmodTag(url.lastmod)}</url>\n`,
      )
      .join('');
  }
  yield '</urlset>\n';
}
