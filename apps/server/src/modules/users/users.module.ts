import type { ModuleContext } from '../module';
import { usersRoutes } from './users.routes';
import { createUsersService } from './users.service';

/** Accounts and profiles; the session loader the auth plugin checks every request with. */
export function registerUsers(ctx: ModuleContext) {
  const users = createUsersService(ctx.db, { jwtSecret: ctx.config.jwtSecret });
  ctx.routes(usersRoutes, { users });
  return users;
}
