import type { PageHead } from '../../lib/page-head';
import { absolute as absoluteUrl, jsonLdScript } from './structured-data';

export { absoluteUrl };

/** The social preview of pages without a picture of their own: the shop's icon. */
export const DEFAULT_PREVIEW_IMAGE = '/icons/icon-512.png';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The <head> elements of a page for search engines and link previews (WhatsApp, X, Facebook
 * read Open Graph and Twitter cards): title, description, canonical link, robots, the preview
 * tags and the page's JSON-LD.
 */
export function headTags(head: PageHead, origin: string, shopName: string): string {
  const canonical = absoluteUrl(origin, head.canonicalPath);
  const image = absoluteUrl(origin, head.image ?? DEFAULT_PREVIEW_IMAGE);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    head.noindex ? meta('name', 'robots', 'noindex, follow') : '',
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', shopName),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    ...(head.jsonLd ?? []).map(
      (data) => `<script type="application/ld+json">${jsonLdScript(data)}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('\n    ');
}
