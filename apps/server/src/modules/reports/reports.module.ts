import type { ModuleContext } from '../module';
import { reportsRoutes } from './reports.routes';
import { createReportsService } from './reports.service';

/** The back office's reports. */
export function registerReports(ctx: ModuleContext) {
  ctx.routes(reportsRoutes, { reports: createReportsService(ctx.db) });
}
