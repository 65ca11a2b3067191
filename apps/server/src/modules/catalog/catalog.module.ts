import type { ScheduleRegistry } from '../compliance/schedules';
import type { InventoryService } from '../inventory/inventory.service';
import type { ModuleContext } from '../module';
import type { StockAlerts } from '../stock-alerts/stock-alerts.service';
import { catalogSitemapSources } from './catalog-sitemaps';
import { catalogRoutes } from './catalog.routes';
import { createCatalogService } from './catalog.service';
import { taxonomyRoutes } from './taxonomy.routes';

/** Products, their images, listing and search with their caches, and the taxonomy. */
export function registerCatalog(
  ctx: ModuleContext,
  deps: {
    inventory: Pick<InventoryService, 'receiveInTx'>;
    schedules: ScheduleRegistry;
    stockAlerts: Pick<StockAlerts, 'restocked'>;
  },
) {
  const catalog = createCatalogService(ctx.db, ctx.storage, {
    openingStock: deps.inventory.receiveInTx,
    onChange: ctx.catalogueChanged,
    cacheTtlMs: ctx.config.listingCacheSeconds * 1000,
    schedules: deps.schedules,
    onPublished: deps.stockAlerts.restocked,
  });
  ctx.onRemoteCatalogueChange(() => catalog.forgetCachedListings());
  ctx.routes(catalogRoutes, { catalog });
  ctx.routes(taxonomyRoutes, { catalog });
  for (const source of catalogSitemapSources(ctx.db)) ctx.sitemaps.add(source);
  return catalog;
}
