import type { ModuleContext } from '../module';
import { siteRoutes } from './site.routes';

/** Health, settings the web app reads, and the site's public pages' data. */
export function registerSite(ctx: ModuleContext) {
  ctx.routes(siteRoutes, {
    payments: {
      online: ctx.paymentProvider.name,
      codMaxOrderValue:
        ctx.config.codMaxOrderValueMinor === null ? null : ctx.config.codMaxOrderValueMinor / 100,
    },
  });
}
