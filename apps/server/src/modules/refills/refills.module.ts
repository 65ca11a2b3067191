import type { CatalogService } from '../catalog/catalog.service';
import type { ModuleContext } from '../module';
import { mailQueueSettings } from '../notifications/mail-outbox';
import type { ConsentsService } from '../privacy/consents.service';
import type { OrdersService } from '../orders/orders.service';
import type { PrescriptionRecordsService } from '../prescriptions/prescription-records.service';
import type { ReorderService } from '../reorder/reorder.service';
import { refillsRoutes } from './refills.routes';
import {
  REFILL_REMINDER_CRON,
  REFILL_REMINDER_QUEUE,
  createRefillsService,
} from './refills.service';

/** Refill reminders (issue 17): a new confirmed order of a product restarts its interval. */
export function registerRefills(
  ctx: ModuleContext,
  deps: {
    orders: Pick<OrdersService, 'getDetail'>;
    catalog: Pick<CatalogService, 'productsByIds'>;
    reorder: Pick<ReorderService, 'putInCart'>;
    prescriptions: Pick<PrescriptionRecordsService, 'prescriptionCoversOf'>;
    consents: Pick<ConsentsService, 'allowedAmong'>;
  },
) {
  const { config } = ctx;
  const refills = createRefillsService({
    db: ctx.db,
    jobs: ctx.jobs,
    outbox: ctx.outbox,
    ...deps,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    jwtSecret: config.jwtSecret,
    daysBefore: config.refillReminderDaysBefore,
    now: ctx.now,
  });
  ctx.orderEvents.on('order.paid', async (tx, event) => {
    const productIds = event.lines.flatMap((line) =>
      line.productId === null ? [] : [line.productId],
    );
    await refills.orderConfirmed(tx, { userId: event.order.userId, productIds });
  });
  // The scan is safe to run again (each due date is marked in the transaction that mails it);
  // a failed one is retried a few times, and the next quarter-hour's scan runs anyway.
  ctx.queue(REFILL_REMINDER_QUEUE, { ...mailQueueSettings(config.jobs), retryLimit: 3 });
  ctx.cron(REFILL_REMINDER_QUEUE, REFILL_REMINDER_CRON);
  ctx.routes(refillsRoutes, { refills });
  return refills;
}
