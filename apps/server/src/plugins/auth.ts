import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, PERMISSIONS, can, type Permission } from '@pharmacy/shared';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { InvalidTokenError, verifySessionToken } from '../lib/tokens';

/**
 * Who may call a route: anyone, any signed-in person, or whoever holds one permission (issue 32:
 * the role table in the shared package; no handler tests a role's name).
 */
export type RouteAccess = 'public' | 'user' | Permission;

const permissionNames: ReadonlySet<string> = new Set(PERMISSIONS);
const isPermission = (access: RouteAccess): access is Permission => permissionNames.has(access);

export interface Session {
  userId: number;
  roleId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Routes that do not say are for signed-in users (safe default). */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

export interface AuthPluginOptions {
  jwtSecret: string;
  /** The account's current role and token version, or undefined when it no longer exists. */
  loadSessionUser(userId: number): Promise<{ roleId: number; tokenVersion: number } | undefined>;
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9\-_.]+)$/;

/**
 * Checks the token on every request (DECISIONS: role checks happen on the server for every
 * endpoint). A token is only good while its account exists and its version is current, so a
 * password change or a demotion signs out older sessions.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  app.decorateRequest('session', null);

  async function readSession(request: FastifyRequest): Promise<Session | null> {
    const header = request.headers.authorization;
    if (header === undefined) return null;
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new UnauthorizedError(MESSAGES.pleaseLogin);
    try {
      const claims = await verifySessionToken(options.jwtSecret, token);
      const user = await options.loadSessionUser(claims.userId);
      if (!user || user.tokenVersion !== claims.tokenVersion) throw new UnauthorizedError();
      return { userId: claims.userId, roleId: user.roleId };
    } catch (error) {
      if (error instanceof InvalidTokenError || error instanceof UnauthorizedError) {
        throw new UnauthorizedError(MESSAGES.pleaseLogin);
      }
      throw error;
    }
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'user';
    if (access === 'public') {
      // A stale token must not stop anyone browsing; public routes just treat it as anonymous.
      request.session = await readSession(request).catch((error: unknown) => {
        if (error instanceof UnauthorizedError) return null;
        throw error;
      });
      return;
    }
    request.session = await readSession(request);
    if (!request.session) throw new UnauthorizedError(MESSAGES.pleaseLogin);
    if (isPermission(access) && !can(request.session.roleId, access)) throw new ForbiddenError();
  });
});

/** Whether the request's session holds a permission (anonymous holds none). */
export function sessionCan(session: Session | null, permission: Permission): boolean {
  return session !== null && can(session.roleId, permission);
}

/** The signed-in session of a route whose access is 'user' or a permission. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new UnauthorizedError(MESSAGES.pleaseLogin);
  return request.session;
}
