import type { ModuleContext } from '../module';
import type { UsersService } from '../users/users.service';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createOidcClient } from './oidc';

/** Sign-up, sign-in (password or Google), password reset. */
export function registerAuth(ctx: ModuleContext, deps: { users: UsersService }) {
  const { config } = ctx;
  const auth = createAuthService({
    db: ctx.db,
    users: deps.users,
    outbox: ctx.outbox,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    limits: ctx.limits,
  });
  const oidc = config.google
    ? createOidcClient({
        issuerUrl: config.google.issuerUrl,
        clientId: config.google.clientId,
        clientSecret: config.google.clientSecret,
        redirectUri: `${config.publicUrl}/api/auth/google/callback`,
      })
    : undefined;
  ctx.routes(authRoutes, {
    auth,
    oidc,
    jwtSecret: config.jwtSecret,
    secureCookies: config.publicUrl.startsWith('https://'),
    signupRateLimit: config.signupRateLimit,
  });
}
