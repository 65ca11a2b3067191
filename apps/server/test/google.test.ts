import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER, ROLE, STAFF_MESSAGES } from '@pharmacy/shared';
import { users } from '../src/db/schema/index';
import { createUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/** Google sign-in end to end against a real OpenID Connect server on this machine. */
describe(`Google sign-in (${testDriver})`, () => {
  let oidc: OAuth2Server;
  let t: TestApp;
  let identity: { sub: string; email: string; email_verified: boolean; name: string };

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, identity);
    });
    t = await buildTestApp({
      google: {
        clientId: 'shop-client',
        clientSecret: 'shop-secret',
        issuerUrl: oidc.issuer.url as string,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
  });

  /** Plays the browser: start, follow the issuer's redirect, return to the callback with the cookie. */
  async function signIn(): Promise<URL> {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(start.headers['set-cookie']).split(';')[0] as string;
    const issuerAnswer = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(issuerAnswer.headers.get('location') as string);
    expect(callback.pathname).toBe('/api/auth/google/callback');
    const done = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    });
    expect(done.statusCode).toBe(302);
    return new URL(done.headers.location as string, 'http://localhost');
  }

  it('creates a Google member and lands on /login?token=…', async () => {
    identity = {
      sub: 'google-123',
      email: 'priya@gmail.com',
      email_verified: true,
      name: 'Priya Nair',
    };
    const landing = await signIn();
    expect(landing.pathname).toBe('/login');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/user/myProfile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json()).toMatchObject({
      name: 'Priya Nair',
      email: 'priya@gmail.com',
      providerName: PROVIDER.GOOGLE,
      roleId: ROLE.MEMBER,
    });
  });

  it('signs the same Google account in again without a second account', async () => {
    const landing = await signIn();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/user/myProfile',
      headers: { authorization: `Bearer ${landing.searchParams.get('token')}` },
    });
    expect(profile.json().email).toBe('priya@gmail.com');
    const admin = await createUser(t, { roleId: ROLE.ADMIN });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAllUser?search=priya',
      headers: admin.auth,
    });
    expect(list.json().pagination.rowCount).toBe(1);
  });

  it('links a verified Google address to the existing e-mail account, which keeps its password', async () => {
    const existing = await createUser(t, { email: 'meera@example.com' });
    identity = {
      sub: 'google-456',
      email: 'meera@example.com',
      email_verified: true,
      name: 'Meera',
    };
    const landing = await signIn();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/user/myProfile',
      headers: { authorization: `Bearer ${landing.searchParams.get('token')}` },
    });
    expect(profile.json()).toMatchObject({ id: existing.id, providerName: PROVIDER.EMAIL });
  });

  it('refuses an unverified Google address', async () => {
    identity = {
      sub: 'google-789',
      email: 'unverified@example.com',
      email_verified: false,
      name: 'X',
    };
    const landing = await signIn();
    expect(landing.searchParams.get('token')).toBeNull();
    expect(landing.searchParams.get('oauthError')).toBe(
      'Your Google e-mail address is not verified.',
    );
  });

  it('refuses a deactivated staff account, linked or found by its e-mail (issue 32)', async () => {
    const staff = await createUser(t, { email: 'packer.google@gmail.com', roleId: ROLE.PACKER });
    await t.database.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, staff.id));
    identity = {
      sub: 'google-deactivated',
      email: staff.email,
      email_verified: true,
      name: 'Packer',
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const landing = await signIn();
      expect(landing.searchParams.get('token')).toBeNull();
      expect(landing.searchParams.get('oauthError')).toBe(STAFF_MESSAGES.accountDeactivated);
      // The second time through the Google subject, once linked.
      await t.database.db
        .update(users)
        .set({ providerName: PROVIDER.GOOGLE, providerSubject: 'google-deactivated' })
        .where(eq(users.id, staff.id));
    }
  });

  it('refuses a callback whose state does not match the browser cookie', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const cookie = String(start.headers['set-cookie']).split(';')[0] as string;
    const done = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=forged',
      headers: { cookie },
    });
    const landing = new URL(done.headers.location as string, 'http://localhost');
    expect(landing.searchParams.get('token')).toBeNull();
    expect(landing.searchParams.get('oauthError')).toBe(
      'Google sign-in did not complete. Please try again.',
    );
    const noCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=x',
    });
    expect(
      new URL(noCookie.headers.location as string, 'http://localhost').searchParams.get('token'),
    ).toBeNull();
  });
});

describe(`Google sign-in not configured (${testDriver})`, () => {
  it('sends the browser back to login with an explanation', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(302);
    expect(
      new URL(res.headers.location as string, 'http://localhost').searchParams.get('oauthError'),
    ).toBe('Google sign-in is not set up on this shop.');
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.json().googleSignInEnabled).toBe(false);
    await t.close();
  });
});
