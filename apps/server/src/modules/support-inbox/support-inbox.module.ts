import type { ModuleContext } from '../module';
import { supportInboxRoutes } from './support-inbox.routes';
import { createSupportInboxService } from './support-inbox.service';

/** The contact form's messages and the back office's inbox. */
export function registerSupportInbox(ctx: ModuleContext) {
  const inbox = createSupportInboxService({ db: ctx.db, now: ctx.now });
  ctx.routes(supportInboxRoutes, { inbox });
  return inbox;
}
