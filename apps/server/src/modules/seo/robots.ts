import { PRIVATE_PATH_PREFIXES } from '@pharmacy/shared';
import { absoluteUrl } from './sitemap-xml';

/**
 * robots.txt (RFC 9309): everything public may be crawled; the API and the private pages
 * (PRIVATE_PATH_PREFIXES: account, orders, sign-in, mailed links) may not; the sitemap index is
 * named by its absolute URL, as the protocol requires. Assets and uploads stay allowed: a
 * crawler renders pages with their styles and indexes product images.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
