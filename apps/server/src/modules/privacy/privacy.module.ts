import type { ModuleContext } from '../module';
import { createConsentsService, type ConsentsService } from './consents.service';
import { privacyRoutes } from './privacy.routes';
import { createPrivacyService } from './privacy.service';

/**
 * Consents to marketing mail (issue 32 point 5): made first, because the site, stock alerts and
 * refills ask it before sending such mail.
 */
export function registerConsents(ctx: ModuleContext): ConsentsService {
  return createConsentsService({ db: ctx.db, now: ctx.now });
}

/** Issue 32 points 5 and 6: the customer's data download, deletion, consents and sessions. */
export function registerPrivacy(ctx: ModuleContext, deps: { consents: ConsentsService }) {
  const privacy = createPrivacyService({
    db: ctx.db,
    storage: ctx.storage,
    consents: deps.consents,
    jwtSecret: ctx.config.jwtSecret,
    recordRetentionYears: ctx.config.recordRetentionYears,
    now: ctx.now,
  });
  ctx.routes(privacyRoutes, { privacy });
  return privacy;
}
