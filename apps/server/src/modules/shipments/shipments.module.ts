import type { ModuleContext } from '../module';
import type { OrdersService } from '../orders/orders.service';
import { REFUSED_COURIER_WEBHOOKS_PER_MINUTE, shipmentsRoutes } from './shipments.routes';
import { createShipmentsService } from './shipments.service';

/**
 * Parcels and their tracking (issue 29 point 4): couriers, the dispatch of an order in one or
 * more parcels, tracking events from the pharmacy or the courier's signed webhook, and the
 * packing slip. Registered after orders, whose status it moves through the orders service.
 */
export function registerShipments(ctx: ModuleContext, deps: { orders: OrdersService }) {
  const shipments = createShipmentsService({
    db: ctx.db,
    orders: deps.orders,
    outbox: ctx.outbox,
    publicUrl: ctx.config.publicUrl,
    shopName: ctx.config.shopName,
    webhookSecret: ctx.config.courierWebhookSecret,
    now: ctx.now,
  });
  ctx.routes(shipmentsRoutes, {
    shipments,
    shopName: ctx.config.shopName,
    refusedWebhooks: ctx.limits.counter(
      'courier-webhook-refused',
      REFUSED_COURIER_WEBHOOKS_PER_MINUTE,
      60_000,
    ),
  });
  return shipments;
}
