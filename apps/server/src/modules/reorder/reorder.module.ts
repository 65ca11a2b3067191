import type { CartService } from '../cart/cart.service';
import type { ModuleContext } from '../module';
import type { OrdersService } from '../orders/orders.service';
import { reorderRoutes } from './reorder.routes';
import { createReorderService } from './reorder.service';

/** 'Order again': an earlier order's lines back into the cart. */
export function registerReorder(
  ctx: ModuleContext,
  deps: { orders: OrdersService; cart: CartService },
) {
  const reorder = createReorderService({ db: ctx.db, ...deps });
  ctx.routes(reorderRoutes, { reorder });
  return reorder;
}
