import { ORDER_STATUS, fromMinorUnits } from '@pharmacy/shared';
import type { ModuleContext } from '../module';
import type { OrderSnapshot } from '../orders/order-events';
import { cancelMail } from './cancel-mail';
import { MAIL_QUEUE, mailQueueSettings } from './mail-outbox';
import { createOrderMail, type OrderMailTarget } from './order-mail';
import { mailPreferencesRoutes } from './preferences.routes';

const mailTarget = (order: OrderSnapshot): OrderMailTarget => ({
  orderId: order.id,
  email: order.orderedByEmail,
  name: order.orderedByName,
  totalOrderValue: fromMinorUnits(order.totalOrderValueMinor),
  progressMails: order.orderedByProgressMails,
  expectedDeliveryDate: order.expectedDeliveryDate,
});

/**
 * The order's mails (issue 6, durable since issue 17): each is queued by a `notify` subscriber in
 * the transaction of the change it reports, after the subscribers that record its consequences,
 * so it names the invoice or the refund they made, and is sent exactly when the change commits.
 */
export function registerNotifications(ctx: ModuleContext) {
  const { config, outbox } = ctx;
  ctx.queue(MAIL_QUEUE, mailQueueSettings(config.jobs));
  const mail = createOrderMail({
    outbox,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    currencySymbol: config.currencySymbol,
  });
  const events = ctx.orderEvents;
  const notify = { stage: 'notify' } as const;

  events.on(
    'order.placed',
    async (tx, placed) => {
      await mail.placed(tx, {
        orderId: placed.orderId,
        email: placed.email,
        name: placed.name,
        totalOrderValue: fromMinorUnits(placed.totalMinor),
        progressMails: true,
        expectedDeliveryDate: null,
      });
    },
    notify,
  );
  events.on(
    'order.status_changed',
    async (tx, change) => {
      // A cancellation has its own mail below, with the refund and the reason.
      if (change.to !== ORDER_STATUS.CANCELLED)
        await mail.statusChanged(tx, mailTarget(change.order), change.to, change.note);
    },
    notify,
  );
  events.on(
    'order.paid',
    async (tx, paid) => {
      const invoiceNumber = paid.receipt.invoiceNumber;
      if (!invoiceNumber)
        throw new Error(`order ${paid.order.id} was confirmed without an invoice`);
      await mail.confirmed(tx, mailTarget(paid.order), paid.note, invoiceNumber);
    },
    notify,
  );
  events.on(
    'order.prescription_decided',
    async (tx, decision) => {
      if (!decision.approved && decision.reason)
        await mail.prescriptionRejected(tx, mailTarget(decision.order), decision.reason);
    },
    notify,
  );
  events.on(
    'order.cancelled',
    async (tx, cancelled) => {
      const { order, receipt } = cancelled;
      await outbox.enqueue(
        tx,
        'order.cancelled',
        cancelMail(
          {
            orderId: order.id,
            email: order.orderedByEmail,
            name: order.orderedByName,
            by: cancelled.by,
            reason: cancelled.reason,
            refund: receipt.refund,
            creditNoteNumber: receipt.creditNoteNumber,
          },
          config,
        ),
      );
    },
    notify,
  );

  ctx.routes(mailPreferencesRoutes, { db: ctx.db });
}
