import { eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ROLE, errorResponseSchema } from '@pharmacy/shared';
import { buildApp } from '../../src/app';
import { users } from '../../src/db/schema/index';
import { signSessionToken } from '../../src/lib/tokens';
import { setUserRole } from '../../src/modules/users/users.repository';
import { createBasics, createProduct } from '../catalog-factories';
import { createAdmin, createUser, TEST_PASSWORD, type TestUser } from '../factories';
import { buildTestApp, testDriver, type TestApp } from '../helpers';

/**
 * Issue 7 · token attacks (OWASP ASVS 9.1–9.2, API Security Top 10 API2). Session tokens are
 * HS256 JWTs with issuer 'medikart', audience 'medikart-web', subject, expiry and the account's
 * token version (lib/tokens.ts). Every token below is refused with 401 'Please login' on a
 * member route and on an admin route, and treated as anonymous on a public one. Forgeries are
 * built from the admin's identity, so any one accepted would be a full takeover.
 */

interface Context {
  t: TestApp;
  admin: TestUser;
  secret: string;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const key = (secret: string) => new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);
const ISSUER = 'medikart';
const AUDIENCE = 'medikart-web';

/** The admin's claims as the server would sign them, for forging variations of. */
function adminClaims(c: Context) {
  return new SignJWT({ role: ROLE.ADMIN, ver: 0 })
    .setSubject(String(c.admin.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h');
}
const bearer = (token: string) => `Bearer ${token}`;
const segments = (token: string) => token.split('.') as [string, string, string];
/** Flips one bit of a base64url segment, keeping it valid base64url. */
function flipBit(segment: string, index: number): string {
  const bytes = Buffer.from(segment, 'base64url');
  const at = Math.min(index, bytes.length - 1);
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
}

/** Tokens whose account state makes them stale: they were valid when issued. */
async function staleToken(c: Context, kind: 'deleted' | 'demoted' | 'password'): Promise<string> {
  if (kind === 'deleted') {
    const gone = await createUser(c.t);
    await c.t.database.db.delete(users).where(eq(users.id, gone.id));
    return gone.auth.authorization;
  }
  if (kind === 'demoted') {
    const admin = await createAdmin(c.t);
    const before = await c.t.app.inject({
      method: 'GET',
      url: '/api/user/getAllUser',
      headers: admin.auth,
    });
    expect(before.statusCode).toBe(200);
    await setUserRole(c.t.database.db, admin.id, ROLE.MEMBER);
    return admin.auth.authorization;
  }
  const member = await createUser(c.t);
  const changed = await c.t.app.inject({
    method: 'PATCH',
    url: '/api/user/changePassword',
    headers: member.auth,
    payload: {
      oldPassword: TEST_PASSWORD,
      newPassword: 'brandnew12',
      confirmPassword: 'brandnew12',
    },
  });
  expect(changed.statusCode).toBe(200);
  // The fresh token of the change keeps working; the one issued before it does not.
  const fresh = await c.t.app.inject({
    method: 'GET',
    url: '/api/user/myProfile',
    headers: { authorization: bearer((changed.json() as { token: string }).token) },
  });
  expect(fresh.statusCode).toBe(200);
  return member.auth.authorization;
}

export const BAD_TOKENS: ReadonlyArray<{ name: string; build(c: Context): Promise<string> }> = [
  {
    name: 'alg none, no signature',
    build: async (c) => {
      const [, payload] = segments(c.admin.token);
      return bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`);
    },
  },
  {
    name: 'alg none, signature kept',
    build: async (c) => {
      const [, payload, signature] = segments(c.admin.token);
      return bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`);
    },
  },
  {
    name: 'wrong algorithm (HS512 with the real secret)',
    build: async (c) =>
      bearer(await adminClaims(c).setProtectedHeader({ alg: 'HS512' }).sign(key(c.secret))),
  },
  {
    name: "wrong algorithm (RS256 with the attacker's key)",
    build: async (c) => {
      const { privateKey } = await generateKeyPair('RS256');
      return bearer(await adminClaims(c).setProtectedHeader({ alg: 'RS256' }).sign(privateKey));
    },
  },
  {
    name: "embedded JWK header with the attacker's key",
    build: async (c) => {
      const { privateKey, publicKey } = await generateKeyPair('ES256');
      const jwk = await exportJWK(publicKey);
      return bearer(
        await adminClaims(c).setProtectedHeader({ alg: 'ES256', jwk }).sign(privateKey),
      );
    },
  },
  {
    name: 'bad signature (another secret)',
    build: async (c) =>
      bearer(
        await adminClaims(c)
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key('another-secret-that-is-long-enough-123')),
      ),
  },
  {
    name: 'signature stripped',
    build: async (c) => {
      const [header, payload] = segments(c.admin.token);
      return bearer(`${header}.${payload}.`);
    },
  },
  {
    name: 'bit-flipped payload',
    build: async (c) => {
      const [header, payload, signature] = segments(c.admin.token);
      return bearer(`${header}.${flipBit(payload, 10)}.${signature}`);
    },
  },
  {
    name: 'bit-flipped signature',
    build: async (c) => {
      const [header, payload, signature] = segments(c.admin.token);
      return bearer(`${header}.${payload}.${flipBit(signature, 5)}`);
    },
  },
  {
    name: "member's token with the role raised to admin in the payload",
    build: async (c) => {
      const member = await createUser(c.t);
      const [header, payload, signature] = segments(member.token);
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
      return bearer(`${header}.${b64({ ...claims, role: ROLE.ADMIN })}.${signature}`);
    },
  },
  {
    name: "member's token with the subject changed to the admin's",
    build: async (c) => {
      const member = await createUser(c.t);
      const [header, payload, signature] = segments(member.token);
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
      return bearer(`${header}.${b64({ ...claims, sub: String(c.admin.id) })}.${signature}`);
    },
  },
  {
    name: 'expired',
    build: async (c) =>
      bearer(
        await adminClaims(c)
          .setIssuedAt(now() - 7200)
          .setExpirationTime(now() - 60)
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key(c.secret)),
      ),
  },
  {
    name: 'not yet valid (nbf in an hour)',
    build: async (c) =>
      bearer(
        await adminClaims(c)
          .setNotBefore('1h')
          .setExpirationTime('2h')
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key(c.secret)),
      ),
  },
  {
    name: 'wrong issuer',
    build: async (c) =>
      bearer(
        await adminClaims(c)
          .setIssuer('someone-else')
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key(c.secret)),
      ),
  },
  {
    name: 'wrong audience',
    build: async (c) =>
      bearer(
        await adminClaims(c)
          .setAudience('oidc-flow')
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key(c.secret)),
      ),
  },
  {
    name: 'missing subject',
    build: async (c) =>
      bearer(
        await new SignJWT({ role: ROLE.ADMIN, ver: 0 })
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('1h')
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key(c.secret)),
      ),
  },
  {
    name: 'subject that is not a user id',
    build: async (c) =>
      bearer(
        await adminClaims(c)
          .setSubject('1 OR 1=1')
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key(c.secret)),
      ),
  },
  {
    name: 'missing expiry',
    build: async (c) =>
      bearer(
        await new SignJWT({ role: ROLE.ADMIN, ver: 0 })
          .setSubject(String(c.admin.id))
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key(c.secret)),
      ),
  },
  {
    name: 'token version from the future',
    build: async (c) =>
      bearer(
        await new SignJWT({ role: ROLE.ADMIN, ver: 99 })
          .setSubject(String(c.admin.id))
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('1h')
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key(c.secret)),
      ),
  },
  { name: 'deleted user', build: (c) => staleToken(c, 'deleted') },
  { name: 'demoted admin', build: (c) => staleToken(c, 'demoted') },
  { name: 'issued before a password change', build: (c) => staleToken(c, 'password') },
  { name: 'empty header', build: async () => '' },
  { name: 'scheme without a token', build: async () => 'Bearer ' },
  { name: 'garbage token', build: async () => 'Bearer garbage' },
  { name: 'three garbage segments', build: async () => 'Bearer a.b.c' },
  { name: 'valid token without the scheme', build: async (c) => c.admin.token },
  {
    name: 'Basic credentials',
    build: async () => `Basic ${Buffer.from('admin:Admin@123').toString('base64')}`,
  },
  {
    name: 'two tokens in one header',
    build: async (c) => `Bearer ${c.admin.token}, Bearer ${c.admin.token}`,
  },
  { name: 'binary noise', build: async () => `Bearer ${'\u00ff'.repeat(40)}` },
];

describe(`token attacks (${testDriver})`, () => {
  const c = {} as Context;
  let inactiveProductId: number;
  beforeAll(async () => {
    c.t = await buildTestApp();
    c.admin = await createAdmin(c.t);
    c.secret = c.t.config.jwtSecret;
    const basics = await createBasics(c.t.database.db);
    inactiveProductId = (await createProduct(c.t.database.db, basics, { isActive: false })).id;
  });
  afterAll(async () => {
    console.warn(`token attacks (${testDriver}): ${BAD_TOKENS.length} bad tokens refused`);
    await c.t.close();
  });

  it('has at least 12 distinct bad tokens', () => {
    expect(new Set(BAD_TOKENS.map((token) => token.name)).size).toBeGreaterThanOrEqual(12);
  });

  it('accepts the genuine admin token (the control)', async () => {
    for (const url of ['/api/user/myProfile', '/api/user/getAllUser', '/api/order/all']) {
      const res = await c.t.app.inject({ method: 'GET', url, headers: c.admin.auth });
      expect(res.statusCode).toBe(200);
    }
    const hidden = await c.t.app.inject({
      method: 'GET',
      url: `/api/product/${inactiveProductId}`,
      headers: c.admin.auth,
    });
    expect(hidden.statusCode).toBe(200);
  });

  it.each(BAD_TOKENS)('refuses $name with 401', async ({ build }) => {
    const authorization = await build(c);
    for (const url of ['/api/user/myProfile', '/api/user/getAllUser', '/api/order/all']) {
      const res = await c.t.app.inject({ method: 'GET', url, headers: { authorization } });
      expect(res.statusCode, url).toBe(401);
      expect(errorResponseSchema.parse(res.json()).message).toBe(MESSAGES.pleaseLogin);
    }
    // A public route treats it as no token at all: the admin's view stays closed.
    const listing = await c.t.app.inject({
      method: 'GET',
      url: `/api/product/${inactiveProductId}`,
      headers: { authorization },
    });
    expect(listing.statusCode).toBe(404);
  });

  it('treats a stale token on a public route as anonymous', async () => {
    const res = await c.t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps a genuine token working across an app restart with the same secret', async () => {
    const user = await createUser(c.t);
    const token = await signSessionToken(c.secret, {
      userId: user.id,
      roleId: user.roleId,
      tokenVersion: 0,
    });
    const second = await buildApp(c.t.config, { database: c.t.database, logger: false });
    const res = await second.inject({
      method: 'GET',
      url: '/api/user/myProfile',
      headers: { authorization: bearer(token) },
    });
    expect(res.statusCode).toBe(200);
    await second.close();
  });
});
