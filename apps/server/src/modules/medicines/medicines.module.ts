import type { CatalogService } from '../catalog/catalog.service';
import type { ModuleContext } from '../module';
import { listSitemapSource } from '../seo/sitemap-source';
import { medicinesRoutes } from './medicines.routes';
import { createMedicinesService } from './medicines.service';

/**
 * Medicine information for every salt composition (issue 30 point 5): the public pages, and the
 * admin's drafts and the pharmacist's review. A review changes what shoppers see, so it moves the
 * catalogue's version: the micro-cache drops its answers here and, through the change feed, on
 * every other instance.
 */
export function registerMedicines(ctx: ModuleContext, deps: { catalog: CatalogService }) {
  const medicines = createMedicinesService({
    db: ctx.db,
    catalog: deps.catalog,
    onPublished: ctx.catalogueChanged,
    now: ctx.now,
  });
  ctx.routes(medicinesRoutes, { medicines });
  // Only reviewed salts: the others are noindex and have no place in a sitemap.
  ctx.sitemaps.add(
    listSitemapSource({ name: 'medicines', chunked: true, load: () => medicines.sitemapUrls() }),
  );
  return medicines;
}
