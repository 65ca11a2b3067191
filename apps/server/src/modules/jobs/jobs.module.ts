import type { ModuleContext } from '../module';
import { jobsRoutes } from './jobs.routes';

/** The back office's view of the durable job queue (its failures, a retry). */
export function registerJobs(ctx: ModuleContext) {
  ctx.routes(jobsRoutes, { jobs: ctx.jobs });
}
