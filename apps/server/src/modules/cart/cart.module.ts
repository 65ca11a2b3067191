import type { CatalogService } from '../catalog/catalog.service';
import type { ModuleContext } from '../module';
import { cartRoutes } from './cart.routes';
import { createCartService } from './cart.service';

/** The member's cart. */
export function registerCart(ctx: ModuleContext, deps: { catalog: CatalogService }) {
  const cart = createCartService(ctx.db, deps.catalog);
  ctx.routes(cartRoutes, { cart });
  return cart;
}
