import type { ModuleContext } from '../module';
import { complianceRoutes } from './compliance.routes';
import { createComplianceService } from './compliance.service';
import { createScheduleRegistry } from './schedules';

/** Drug schedules, the pharmacist's approvals and the Schedule H1 register written on dispatch. */
export async function registerCompliance(ctx: ModuleContext) {
  const schedules = createScheduleRegistry(ctx.db);
  await schedules.load();
  // Schedules are data an operator may have edited; they change with the catalogue.
  ctx.onRemoteCatalogueChange(() => {
    schedules.load().catch((error: unknown) => ctx.log.warn({ err: error }, 'schedules reload'));
  });
  const compliance = createComplianceService(ctx.db, {
    recordRetentionYears: ctx.config.recordRetentionYears,
    now: ctx.now,
  });
  // The register entry is written with the dispatch, or the dispatch is refused.
  ctx.orderEvents.on('order.dispatched', async (tx, event) => {
    await compliance.recordDispatch(tx, event.order.id, event.byUserId);
  });
  ctx.routes(complianceRoutes, { compliance, schedules });
  return { compliance, schedules };
}
