import type { ModuleContext } from '../module';
import type { UsersService } from '../users/users.service';
import { accessRoutes } from './access.routes';
import { createAccessService } from './access.service';

/** Issue 32: the owner's staff — invitations, roles, deactivation. */
export function registerAccess(ctx: ModuleContext, deps: { users: UsersService }) {
  const access = createAccessService({
    db: ctx.db,
    users: deps.users,
    outbox: ctx.outbox,
    publicUrl: ctx.config.publicUrl,
    shopName: ctx.config.shopName,
    now: ctx.now,
  });
  ctx.routes(accessRoutes, { access });
  return access;
}
