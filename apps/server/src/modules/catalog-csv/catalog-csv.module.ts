import type { CatalogService } from '../catalog/catalog.service';
import type { ScheduleRegistry } from '../compliance/schedules';
import type { ModuleContext } from '../module';
import type { StockAlerts } from '../stock-alerts/stock-alerts.service';
import { catalogCsvRoutes } from './catalog-csv.routes';
import { createCatalogCsvService } from './catalog-csv.service';

/** The catalogue's CSV export and import with preview (decision 0017). */
export function registerCatalogCsv(
  ctx: ModuleContext,
  deps: {
    catalog: CatalogService;
    schedules: ScheduleRegistry;
    stockAlerts: Pick<StockAlerts, 'restocked'>;
  },
) {
  const catalogCsv = createCatalogCsvService({
    db: ctx.db,
    catalog: deps.catalog,
    schedules: deps.schedules,
    onPublished: deps.stockAlerts.restocked,
  });
  ctx.routes(catalogCsvRoutes, { catalogCsv });
}
