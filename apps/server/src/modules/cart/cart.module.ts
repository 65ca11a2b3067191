import type { CatalogService } from '../catalog/catalog.service';
import type { ClinicalService } from '../clinical/clinical.service';
import type { ModuleContext } from '../module';
import { cartRoutes } from './cart.routes';
import { createCartService } from './cart.service';

/** The member's cart; its answer carries the drug interactions found (issue 31 point 4). */
export function registerCart(
  ctx: ModuleContext,
  deps: { catalog: CatalogService; clinical: ClinicalService },
) {
  const cart = createCartService(ctx.db, deps.catalog, deps.clinical);
  ctx.routes(cartRoutes, { cart });
  return cart;
}
