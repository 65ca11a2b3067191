import type { CatalogService } from '../catalog/catalog.service';
import type { ModuleContext } from '../module';
import { deliveryRoutes } from './delivery.routes';
import { createDeliveryService } from './delivery.service';

/**
 * Where the shop delivers and by when (issue 29): delivery areas by pincode, the dispatch
 * calendar, the promise shown before checkout and enforced at the address step.
 */
export function registerDelivery(ctx: ModuleContext, deps: { catalog: CatalogService }) {
  const delivery = createDeliveryService({
    db: ctx.db,
    catalog: deps.catalog,
    onCalendarSaved: ctx.catalogueChanged,
    now: ctx.now,
  });
  ctx.onRemoteCatalogueChange(() => delivery.forgetCalendar());
  ctx.routes(deliveryRoutes, { delivery });
  return delivery;
}
