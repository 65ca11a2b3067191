// Caching: every catalogue read carries an ETag and Cache-Control and answers 304 to a matching
// If-None-Match; hashed web assets are immutable.
import { get } from '../lib/load.mjs';

export async function cachingChecks(shop, { productId, assetPath }) {
  const reads = [
    '/api/product/all?page=1&limit=25',
    `/api/product/${productId}`,
    `/api/product/${productId}/substitutes`,
    '/api/product/top-selling',
    '/api/division/all',
    '/api/manufacturer/all',
    '/api/saltComposition/all',
    '/api/settings',
  ];
  const rows = [];
  for (const urlPath of reads) {
    const first = await get(`${shop.base}${urlPath}`, { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag;
    const again = etag
      ? await get(`${shop.base}${urlPath}`, { 'accept-encoding': 'gzip', 'if-none-match': etag })
      : undefined;
    rows.push({
      path: urlPath,
      status: first.status,
      etag: Boolean(etag),
      cacheControl: first.headers['cache-control'] ?? '',
      revalidated: again?.status ?? 0,
      bytes: first.body.length,
      bytes304: again?.body.length ?? 0,
    });
  }
  let asset;
  if (assetPath) {
    const response = await get(`${shop.base}${assetPath}`);
    asset = { path: assetPath, cacheControl: response.headers['cache-control'] ?? '' };
  }
  return {
    rows,
    allRevalidate: rows.every((row) => row.status === 200 && row.etag && row.revalidated === 304),
    asset,
    immutable: Boolean(asset?.cacheControl.includes('immutable')),
  };
}
