import type { ModuleContext } from '../module';
import { mailQueueSettings } from '../notifications/mail-outbox';
import { loyaltyRoutes } from './loyalty.routes';
import { LOYALTY_EXPIRY_CRON, LOYALTY_EXPIRY_QUEUE, createLoyaltyService } from './loyalty.service';

/**
 * Loyalty points (issue 19): earned on delivery, given back and taken back on cancellation, taken
 * back in proportion to refunded money; each in the transaction of the order's change.
 */
export function registerLoyalty(ctx: ModuleContext) {
  const loyalty = createLoyaltyService({
    db: ctx.db,
    jobs: ctx.jobs,
    policy: ctx.config.loyalty,
    now: ctx.now,
  });
  const events = ctx.orderEvents;
  events.on('order.delivered', async (tx, { order }) => {
    await loyalty.onOrderDelivered(tx, {
      orderId: order.id,
      userId: order.userId,
      paidMinor: order.totalOrderValueMinor,
    });
  });
  events.on('order.cancelled', async (tx, { order }) => {
    await loyalty.onOrderCancelled(tx, { orderId: order.id, userId: order.userId });
  });
  events.on('order.refunded', async (tx, event) => {
    await loyalty.onRefunded(tx, event);
  });
  // Expiry is computed from the ledger each time, so a rerun writes nothing twice.
  ctx.queue(LOYALTY_EXPIRY_QUEUE, { ...mailQueueSettings(ctx.config.jobs), retryLimit: 3 });
  ctx.cron(LOYALTY_EXPIRY_QUEUE, LOYALTY_EXPIRY_CRON);
  ctx.routes(loyaltyRoutes, { loyalty });
  return loyalty;
}
