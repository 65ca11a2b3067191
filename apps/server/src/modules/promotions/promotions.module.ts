import { couponsRoutes } from '../coupons/coupons.routes';
import { createCouponsService } from '../coupons/coupons.service';
import type { LoyaltyService } from '../loyalty/loyalty.service';
import type { ModuleContext } from '../module';
import { promotionsRoutes } from './promotions.routes';
import { createPromotionsService } from './promotions.service';

/**
 * Coupons and points at the payment step (issue 19): the admin's coupons, the order's discounts,
 * and the coupon's use given back when the order is cancelled.
 */
export function registerPromotions(ctx: ModuleContext, deps: { loyalty: LoyaltyService }) {
  const coupons = createCouponsService({ db: ctx.db });
  const promotions = createPromotionsService({
    db: ctx.db,
    loyalty: deps.loyalty,
    coupons,
    policy: ctx.config.loyalty,
    now: ctx.now,
  });
  ctx.orderEvents.on('order.cancelled', async (tx, { order }) => {
    await promotions.onOrderCancelled(tx, { orderId: order.id });
  });
  ctx.routes(couponsRoutes, { coupons });
  ctx.routes(promotionsRoutes, { promotions });
}
