import type { InventoryService } from '../inventory/inventory.service';
import type { ModuleContext } from '../module';
import type { ReturnsAdminService } from '../returns/returns-admin.service';
import type { SupportInboxService } from '../support-inbox/support-inbox.service';
import { dashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard.service';

/** The operations dashboard: queues and figures of every module it reads. */
export function registerDashboard(
  ctx: ModuleContext,
  deps: {
    inventory: Pick<InventoryService, 'lowStock' | 'nearExpiry'>;
    inbox: Pick<SupportInboxService, 'openCount'>;
    returnsAdmin: Pick<ReturnsAdminService, 'countOpen'>;
  },
) {
  const dashboard = createDashboardService({
    db: ctx.db,
    inventory: deps.inventory,
    inbox: deps.inbox,
    openReturns: () => deps.returnsAdmin.countOpen(),
    now: ctx.now,
  });
  ctx.routes(dashboardRoutes, { dashboard });
}
