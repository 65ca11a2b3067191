import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  errorResponseSchema,
  forgotPasswordSchema,
  loginSchema,
  messageResponseSchema,
  resetPasswordSchema,
  signupSchema,
} from '@pharmacy/shared';
import { signFlowValue, verifyFlowValue } from '../../lib/tokens';
import type { AuthService } from './auth.service';
import { GoogleAccountError } from './auth.service';
import { OidcError, type OidcClient } from './oidc';

const tags = ['auth'];
const FLOW_COOKIE = 'oidc_flow';
const FLOW_AUDIENCE = 'oidc-flow';
const FLOW_TTL_SECONDS = 600;
const GOOGLE_NOT_SET_UP = 'Google sign-in is not set up on this shop.';
const GOOGLE_FAILED = 'Google sign-in did not complete. Please try again.';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export interface AuthRoutesOptions {
  auth: AuthService;
  oidc: OidcClient | undefined;
  jwtSecret: string;
  secureCookies: boolean;
  signupRateLimit: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, oidc } = options;
  const flowCookie = (value: string, maxAge: number) =>
    `${FLOW_COOKIE}=${encodeURIComponent(value)}; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=${maxAge}` +
    (options.secureCookies ? '; Secure' : '');
  const loginRedirect = (params: Record<string, string>) =>
    `/login?${new URLSearchParams(params).toString()}`;

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginSchema,
        response: { 200: authResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/auth/signup',
    {
      config: {
        access: 'public',
        rateLimit: { max: options.signupRateLimit, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Create a member account',
        body: signupSchema,
        response: {
          201: authResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.signup(request.body)),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Mail a single-use password reset link valid for one hour',
        body: forgotPasswordSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => auth.requestPasswordReset(request.body.email),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Set a new password with a reset link; signs out every session',
        body: resetPasswordSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => auth.resetPassword(request.body),
  );

  app.get(
    '/auth/google',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Start Google sign-in (full-page redirect)',
        response: { 302: z.null() },
      },
    },
    async (_request, reply) => {
      if (!oidc) return reply.redirect(loginRedirect({ oauthError: GOOGLE_NOT_SET_UP }));
      try {
        const flow = await oidc.authorizationUrl();
        const cookie = await signFlowValue(
          options.jwtSecret,
          FLOW_AUDIENCE,
          { state: flow.state, nonce: flow.nonce, verifier: flow.codeVerifier },
          FLOW_TTL_SECONDS,
        );
        return reply.header('set-cookie', flowCookie(cookie, FLOW_TTL_SECONDS)).redirect(flow.url);
      } catch (error) {
        app.log.error({ err: error }, 'google sign-in could not start');
        return reply.redirect(loginRedirect({ oauthError: GOOGLE_FAILED }));
      }
    },
  );

  app.get(
    '/auth/google/callback',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Google sign-in return address; lands on /login?token=…',
        querystring: z.object({
          code: z.string().max(2048).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(200).optional(),
        }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', flowCookie('', 0));
      if (!oidc) return reply.redirect(loginRedirect({ oauthError: GOOGLE_NOT_SET_UP }));
      const { code, state, error } = request.query;
      if (error || !code || !state)
        return reply.redirect(loginRedirect({ oauthError: GOOGLE_FAILED }));
      try {
        const cookie = readCookie(request.headers.cookie, FLOW_COOKIE);
        if (!cookie) throw new OidcError('no flow cookie');
        const flow = await verifyFlowValue(options.jwtSecret, FLOW_AUDIENCE, cookie);
        if (
          flow.state !== state ||
          typeof flow.nonce !== 'string' ||
          typeof flow.verifier !== 'string'
        ) {
          throw new OidcError('state mismatch');
        }
        const identity = await oidc.exchangeCode(code, flow.verifier, flow.nonce);
        const { token } = await auth.signInWithGoogle(identity);
        return reply.redirect(loginRedirect({ token }));
      } catch (failure) {
        if (failure instanceof GoogleAccountError)
          return reply.redirect(loginRedirect({ oauthError: failure.message }));
        request.log.warn({ err: failure }, 'google sign-in failed');
        return reply.redirect(loginRedirect({ oauthError: GOOGLE_FAILED }));
      }
    },
  );
};
