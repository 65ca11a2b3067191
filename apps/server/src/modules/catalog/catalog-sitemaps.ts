import type { DbOrTx } from '../../db/client';
import { keysetSitemapSource, listSitemapSource, type SitemapSource } from '../seo/sitemap-source';
import * as sitemapRepo from './sitemap.repository';

/**
 * The catalogue's pages in the sitemaps (issue 30), at the URLs the web app links to
 * (apps/web/src/config/paths.ts) in their canonical form: `/product/{id}`, a division's
 * listing `/shop?divisionId={id}`, a manufacturer's `/shop/brand/{id}`.
 */
export function catalogSitemapSources(db: DbOrTx): SitemapSource[] {
  return [
    keysetSitemapSource({
      name: 'products',
      chunks: (size) => sitemapRepo.productChunkLastmods(db, size),
      keyAt: (offset) => sitemapRepo.productIdAt(db, offset),
      page: async (after, limit) =>
        (await sitemapRepo.productPage(db, after, limit)).map((row) => ({
          key: row.id,
          path: `/product/${row.id}`,
          lastmod: row.updatedAt,
        })),
    }),
    listSitemapSource({
      name: 'divisions',
      load: async () =>
        (await sitemapRepo.divisionsWithProducts(db)).map((row) => ({
          path: `/shop?divisionId=${row.id}`,
          lastmod: row.lastmod,
        })),
    }),
    listSitemapSource({
      name: 'manufacturers',
      load: async () =>
        (await sitemapRepo.manufacturersWithProducts(db)).map((row) => ({
          path: `/shop/brand/${row.id}`,
          lastmod: row.lastmod,
        })),
    }),
  ];
}
