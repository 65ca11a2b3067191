import type { ModuleContext } from '../module';
import type { OrdersService } from '../orders/orders.service';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import type { TestPaymentProvider } from './test-provider';

/** Card payments: intents, the client's report and the provider's webhook. */
export function registerPayments(
  ctx: ModuleContext,
  deps: { orders: OrdersService; testProvider: TestPaymentProvider | undefined },
) {
  const payments = createPaymentsService({
    orders: deps.orders,
    provider: ctx.paymentProvider,
    log: ctx.log,
  });
  ctx.routes(paymentsRoutes, { payments, testProvider: deps.testProvider });
}
