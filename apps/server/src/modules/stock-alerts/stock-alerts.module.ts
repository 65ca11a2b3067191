import type { ModuleContext } from '../module';
import type { ConsentsService } from '../privacy/consents.service';
import { mailQueueSettings } from '../notifications/mail-outbox';
import { stockAlertsRoutes } from './stock-alerts.routes';
import { BACK_IN_STOCK_QUEUE, createStockAlerts } from './stock-alerts.service';

/** Back-in-stock requests, mailed once per product when it can be bought again. */
export function registerStockAlerts(ctx: ModuleContext, deps: { consents: ConsentsService }) {
  const stockAlerts = createStockAlerts({
    db: ctx.db,
    jobs: ctx.jobs,
    outbox: ctx.outbox,
    publicUrl: ctx.config.publicUrl,
    shopName: ctx.config.shopName,
    jwtSecret: ctx.config.jwtSecret,
    consents: deps.consents,
    now: ctx.now,
  });
  ctx.queue(BACK_IN_STOCK_QUEUE, {
    ...mailQueueSettings(ctx.config.jobs),
    retryLimit: 5,
    onePerKey: true,
  });
  ctx.routes(stockAlertsRoutes, { stockAlerts });
  return stockAlerts;
}
