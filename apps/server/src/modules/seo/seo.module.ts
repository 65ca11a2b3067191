import { STATIC_PUBLIC_PATHS } from '@pharmacy/shared';
import type { ModuleContext } from '../module';
import { seoRoutes } from './seo.routes';
import { listSitemapSource } from './sitemap-source';
import { MAX_URLS_PER_SITEMAP } from './sitemap-xml';

/**
 * Being found by search engines (issue 30 point 4): robots.txt and the sitemaps, at the site's
 * root. The pages come from sources the modules add to `ctx.sitemaps` (the catalogue its
 * products, divisions and manufacturers; medicines their pages); this module adds the static
 * pages and serves them all. Sources are read per request, so modules registered after this
 * one are listed too.
 */
export function registerSeo(ctx: ModuleContext, options: { chunkSize?: number } = {}) {
  ctx.sitemaps.add(
    listSitemapSource({
      name: 'pages',
      // No lastmod: these pages change with a deploy, which the data does not know of.
      load: async () => STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    }),
  );
  ctx.rootRoutes(seoRoutes, {
    sitemaps: ctx.sitemaps,
    origin: ctx.config.publicUrl,
    chunkSize: options.chunkSize ?? MAX_URLS_PER_SITEMAP,
  });
}
