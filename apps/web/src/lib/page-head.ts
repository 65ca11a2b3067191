/**
 * What a page puts in <head> for search engines and link previews (issue 30). The server writes it
 * into the HTML it renders; in the browser the same value updates document.head after a
 * client-side navigation, so both always agree.
 */
export interface PageHead {
  /** The whole <title>, shop name included. */
  title: string;
  /** The meta description: one or two sentences, at most ~160 characters. */
  description: string;
  /** Path and query of the one URL this content should be indexed under (no origin). */
  canonicalPath: string;
  /** Pages that must not be indexed (private pages, salts without reviewed content). */
  noindex?: boolean;
  /** og:type. */
  type?: 'website' | 'product' | 'article';
  /** The preview image, a path on this shop or an absolute URL. */
  image?: string;
  /**
   * JSON-LD objects, each written as its own <script type="application/ld+json">. `object`, not
   * a record: the schema-dts types of features/seo/structured-data.ts are interfaces, which have
   * no index signature.
   */
  jsonLd?: readonly object[];
}

/** Meta descriptions are cut near 160 characters by search engines; cut at a word instead. */
export function clampDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:.]+$/, '')}…`;
}
