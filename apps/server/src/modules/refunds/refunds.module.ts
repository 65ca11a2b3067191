import type { ModuleContext } from '../module';
import { REFUND_QUEUE, createRefundsService, refundQueueSettings } from './refunds.service';

/**
 * The refunds engine (issue 19): a cancellation refunds everything paid and not yet given back,
 * and so does a card payment that arrives after its order was cancelled.
 */
export function registerRefunds(ctx: ModuleContext) {
  const { config } = ctx;
  const queue = refundQueueSettings(config.jobs.timeoutSeconds);
  const refunds = createRefundsService({
    db: ctx.db,
    jobs: ctx.jobs,
    outbox: ctx.outbox,
    events: ctx.orderEvents,
    provider: ctx.paymentProvider,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    currencySymbol: config.currencySymbol,
    log: ctx.log,
    retryLimit: queue.retryLimit,
  });
  ctx.queue(REFUND_QUEUE, queue);
  ctx.orderEvents.on('order.cancelled', async (tx, event) => {
    const left = await refunds.refundableMinor(tx, event.order.id);
    if (left <= 0) return;
    // The cancellation mail says it with the cancellation, so the refund sends none of its own.
    const refund = await refunds.refund(tx, {
      orderId: event.order.id,
      reason: 'cancellation',
      amountMinor: left,
      byUserId: event.byUserId,
      mail: false,
    });
    event.receipt.refund = {
      amountMinor: refund.amountMinor,
      method: refund.method as 'card' | 'payout',
      provider: refund.provider,
      payoutChannel: refund.payoutChannel as 'upi' | 'bank_transfer' | null,
      payoutReference: refund.payoutReference,
    };
  });
  ctx.orderEvents.on('order.paid_after_cancel', async (tx, event) => {
    const left = await refunds.refundableMinor(tx, event.orderId);
    if (left > 0)
      await refunds.refund(tx, {
        orderId: event.orderId,
        reason: 'cancellation',
        amountMinor: left,
        byUserId: event.byUserId,
      });
  });
  ctx.orderEvents.on('order.payment_unneeded', async (tx, event) => {
    await refunds.refund(tx, {
      orderId: event.orderId,
      reason: 'duplicate',
      amountMinor: event.amountMinor,
      paymentId: event.paymentId,
      byUserId: event.byUserId,
    });
  });
  return refunds;
}
