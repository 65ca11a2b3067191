import type { InvoicesService } from '../invoices/invoices.service';
import type { ModuleContext } from '../module';
import type { RefundsService } from '../refunds/refunds.service';
import { returnsRoutes } from './returns.routes';
import { createReturnsAdminService } from './returns-admin.service';
import { createReturnsService } from './returns.service';

/** Returns and damage claims (issue 19): requested, approved, received, refunded or replaced. */
export function registerReturns(
  ctx: ModuleContext,
  deps: {
    refunds: Pick<RefundsService, 'refund' | 'refundableMinor'>;
    invoices: Pick<InvoicesService, 'issuePartialCreditNote'>;
  },
) {
  const returns = createReturnsService({
    db: ctx.db,
    storage: ctx.storage,
    outbox: ctx.outbox,
    policy: ctx.config.afterSales,
    publicUrl: ctx.config.publicUrl,
    shopName: ctx.config.shopName,
    now: ctx.now,
  });
  const returnsAdmin = createReturnsAdminService({
    db: ctx.db,
    returns,
    events: ctx.orderEvents,
    ...deps,
  });
  ctx.routes(returnsRoutes, { returns, returnsAdmin });
  return returnsAdmin;
}
