import type { ModuleContext } from '../module';
import type { OrdersService } from '../orders/orders.service';
import type { RefundsService } from '../refunds/refunds.service';
import { createCardPaymentsService } from './card-payments.service';
import { paymentsRoutes, REFUSED_WEBHOOKS_PER_MINUTE } from './payments.routes';
import { createRazorpayPaymentsService } from './razorpay-payments.service';
import type { TestPaymentProvider } from './test-provider';

export const RECONCILE_PAYMENTS_QUEUE = 'reconcile-payments';

/**
 * Online payments: Razorpay's orders, Checkout's answer, its webhook and the reconciliation job
 * (issue 28); or card intents of Stripe or the built-in test provider.
 */
export function registerPayments(
  ctx: ModuleContext,
  deps: {
    orders: OrdersService;
    refunds: Pick<RefundsService, 'settleProviderRefund' | 'pendingProviderRefunds'>;
    testProvider: TestPaymentProvider | undefined;
  },
) {
  const provider = ctx.paymentProvider;
  if (provider.name === 'razorpay') {
    const razorpay = createRazorpayPaymentsService({
      orders: deps.orders,
      refunds: deps.refunds,
      provider,
      shopName: ctx.config.shopName,
      log: ctx.log,
      now: ctx.now,
    });
    ctx.queue(RECONCILE_PAYMENTS_QUEUE, {
      retryLimit: 0,
      retryDelaySeconds: 60,
      expireSeconds: ctx.config.jobs.timeoutSeconds,
    });
    ctx.jobs.work(RECONCILE_PAYMENTS_QUEUE, async () => {
      const tally = await razorpay.reconcile();
      if (tally.paid + tally.closed + tally.refundsSettled > 0)
        ctx.log.info(tally, 'Razorpay payments reconciled');
    });
    // Every five minutes: a lost webhook costs a customer at most ten minutes of waiting.
    ctx.cron(RECONCILE_PAYMENTS_QUEUE, '*/5 * * * *');
    ctx.routes(paymentsRoutes, {
      razorpay,
      card: undefined,
      testProvider: undefined,
      refusedWebhooks: ctx.limits.counter(
        'razorpay-webhook-refused',
        REFUSED_WEBHOOKS_PER_MINUTE,
        60_000,
      ),
    });
    return { razorpay };
  }
  const card = createCardPaymentsService({ orders: deps.orders, provider, log: ctx.log });
  ctx.routes(paymentsRoutes, {
    razorpay: undefined,
    card,
    testProvider: deps.testProvider,
    refusedWebhooks: ctx.limits.counter(
      'razorpay-webhook-refused',
      REFUSED_WEBHOOKS_PER_MINUTE,
      60_000,
    ),
  });
  return { razorpay: undefined };
}
