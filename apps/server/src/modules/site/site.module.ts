import type { ModuleContext } from '../module';
import type { ConsentsService } from '../privacy/consents.service';
import { siteRoutes } from './site.routes';

/** Health, settings the web app reads, and the site's public pages' data. */
export function registerSite(ctx: ModuleContext, deps: { consents: ConsentsService }) {
  ctx.routes(siteRoutes, {
    consents: deps.consents,
    payments: {
      online: ctx.paymentProvider.name,
      codMaxOrderValue:
        ctx.config.codMaxOrderValueMinor === null ? null : ctx.config.codMaxOrderValueMinor / 100,
    },
  });
}
