import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * A small OpenID Connect client: discovery, authorization-code flow with PKCE (S256), state and
 * nonce, and ID token verification against the issuer's JWKS. Google by default; any issuer that
 * speaks the protocol works (tests use a local one).
 */
interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export interface OidcIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
}

export class OidcError extends Error {}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

export function createOidcClient(options: {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}) {
  let discovery: Promise<Discovery> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  async function discover(): Promise<Discovery> {
    discovery ??= (async () => {
      const url = `${options.issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new OidcError(`discovery failed with ${response.status}`);
      const document = (await response.json()) as Partial<Discovery>;
      if (
        !document.issuer ||
        !document.authorization_endpoint ||
        !document.token_endpoint ||
        !document.jwks_uri
      ) {
        throw new OidcError('discovery document is incomplete');
      }
      return document as Discovery;
    })().catch((error: unknown) => {
      discovery = undefined; // try again on the next sign-in
      throw error;
    });
    return discovery;
  }

  return {
    async authorizationUrl() {
      const config = await discover();
      const state = base64url(randomBytes(24));
      const nonce = base64url(randomBytes(24));
      const codeVerifier = base64url(randomBytes(48));
      const codeChallenge = base64url(createHash('sha256').update(codeVerifier).digest());
      const url = new URL(config.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'select_account',
      }).toString();
      return { url: url.toString(), state, nonce, codeVerifier };
    },

    async exchangeCode(
      code: string,
      codeVerifier: string,
      expectedNonce: string,
    ): Promise<OidcIdentity> {
      const config = await discover();
      const response = await fetch(config.token_endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: options.redirectUri,
          client_id: options.clientId,
          client_secret: options.clientSecret,
          code_verifier: codeVerifier,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new OidcError(`token endpoint answered ${response.status}`);
      const body = (await response.json()) as { id_token?: unknown };
      if (typeof body.id_token !== 'string')
        throw new OidcError('no id_token in the token response');
      jwks ??= createRemoteJWKSet(new URL(config.jwks_uri));
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(body.id_token, jwks, {
          issuer: config.issuer,
          audience: options.clientId,
          algorithms: ['RS256', 'ES256', 'PS256'],
        }));
      } catch (error) {
        throw new OidcError(
          `id_token rejected: ${error instanceof Error ? error.message : 'invalid'}`,
        );
      }
      if (payload.nonce !== expectedNonce) throw new OidcError('nonce mismatch');
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
        throw new OidcError('id_token lacks sub or email');
      }
      return {
        subject: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : undefined,
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
