import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, MESSAGES, RESET_LINK_INVALID, ROLE } from '@pharmacy/shared';
import { buildApp } from '../src/app';
import { passwordResetTokens, users } from '../src/db/schema/index';
import { createUser, TEST_PASSWORD } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const signup = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  password: 'firstpass',
  confirmPassword: 'firstpass',
};

describe(`sign-up and login (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    [{ ...signup, name: '' }, `name: ${MESSAGES.nameRequired}`],
    [{ ...signup, email: '' }, `email: ${MESSAGES.emailRequired}`],
    [{ ...signup, email: 'asha' }, `email: ${MESSAGES.emailNotValid}`],
    [{ ...signup, phoneNumber: '' }, `phoneNumber: ${MESSAGES.phoneRequired}`],
    [{ ...signup, phoneNumber: '12345' }, `phoneNumber: ${MESSAGES.signupPhoneInvalid}`],
    [{ ...signup, password: '', confirmPassword: '' }, `password: ${MESSAGES.passwordRequired}`],
    [
      { ...signup, password: '12345', confirmPassword: '12345' },
      `password: ${MESSAGES.passwordMin}`,
    ],
    [{ ...signup, confirmPassword: '' }, `confirmPassword: ${MESSAGES.confirmPasswordRequired}`],
    [{ ...signup, confirmPassword: 'different' }, `confirmPassword: ${MESSAGES.passwordsMismatch}`],
  ])('rejects sign-up %j and creates nobody', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(0);
  });

  it('signs up a member with an argon2id hash and never the password in clear', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...signup, roleId: 1, providerName: 'Google' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      name: 'Asha Verma',
      email: 'asha@example.com',
      roleId: ROLE.MEMBER,
      providerName: 'Email',
    });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'asha@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(signup.password);
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...signup, email: 'ASHA@example.com' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists.');
  });

  it.each([
    [{ email: '', password: 'x' }, `email: ${MESSAGES.emailRequired}`],
    [{ email: 'nope', password: 'secret1' }, `email: ${MESSAGES.emailInvalid}`],
    [{ email: 'a@b.co', password: '' }, `password: ${MESSAGES.passwordRequired}`],
    [{ email: 'a@b.co', password: '123' }, `password: ${MESSAGES.passwordMin}`],
  ])('validates login %j', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('logs in and answers the same for a wrong password and an unknown address', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Asha@Example.com', password: signup.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('asha@example.com');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'asha@example.com', password: 'wrongpass' },
      remoteAddress: '198.51.100.1',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrongpass' },
      remoteAddress: '198.51.100.1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('limits wrong logins per address: the 11th answers 429 with when to retry', async () => {
    const target = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: target.email, password: 'wrongpass' },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      statuses.push(res.statusCode);
      if (i === 10) {
        expect(res.json().message).toMatch(
          /^Too many login attempts\. Please try again in \d+ minutes\.$/,
        );
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    // Even the right password waits until the window passes.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: TEST_PASSWORD },
    });
    expect(right.statusCode).toBe(429);
  });

  it('limits wrong logins per client address across many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `spray${i}@example.com`, password: 'wrongpass' },
        remoteAddress: '203.0.113.77',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 50).every((s) => s === 400)).toBe(true);
  });
});

describe(`forgot and reset password (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const outbox = () => path.join(t.config.dataDir, 'outbox');
  async function waitForMail(to: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const files = (() => {
        try {
          return readdirSync(outbox()).filter((f) => f.includes(to) && f.endsWith('.eml'));
        } catch {
          return [];
        }
      })();
      const last = files.sort().at(-1);
      if (last) return readFileSync(path.join(outbox(), last), 'utf8');
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail for ${to}`);
  }
  /** Mails are quoted-printable: undo soft line breaks and =XX escapes before reading the link. */
  const decodeQuotedPrintable = (mail: string) =>
    mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const linkToken = (mail: string) =>
    /reset-password\?token=([\w-]+)/.exec(decodeQuotedPrintable(mail))?.[1];

  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const user = await createUser(t, { email: 'reset-me@example.com' });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.json()).toEqual(known.json());
    const mail = await waitForMail('reset-me@example.com');
    expect(decodeQuotedPrintable(mail)).toContain('http://localhost:3000/reset-password?token=');
    expect(readdirSync(outbox()).some((f) => f.includes('ghost'))).toBe(false);
  });

  it('resets once with the link, signs older sessions out, and the new password works', async () => {
    const user = await createUser(t, { email: 'once@example.com' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const token = linkToken(await waitForMail('once@example.com'));
    expect(token).toBeDefined();
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    // Stored as a digest, not as the token (`not.toBe(token)` alone would pass with no row).
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toBe(token);

    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'brandnew1', confirmPassword: 'other' },
    });
    expect(mismatch.json().message).toBe(`confirmPassword: ${MESSAGES.passwordsMismatch}`);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'brandnew1', confirmPassword: 'brandnew1' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another12', confirmPassword: 'another12' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/myProfile', headers: user.auth }))
        .statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'brandnew1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t, { email: 'late@example.com' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const token = linkToken(await waitForMail('late@example.com'));
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'brandnew1', confirmPassword: 'brandnew1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_INVALID);
  });
});

describe(`passwords never reach the logs (${testDriver})`, () => {
  it('redacts passwords and tokens from request logs', async () => {
    const t = await buildTestApp();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(
      { ...t.config, logLevel: 'trace' },
      { database: t.database, logger: { level: 'trace', stream } },
    );
    const secret = 'Sup3rSecretPw!';
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...signup, email: 'logs@example.com', password: secret, confirmPassword: secret },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'logs@example.com', password: secret },
    });
    await app.inject({
      method: 'GET',
      url: '/api/user/myProfile',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'logs@example.com', password: 'wrong-' + secret },
    });
    await app.close();
    await t.close();
    const output = lines.join('');
    expect(output.length).toBeGreaterThan(0);
    expect(output).not.toContain(secret);
    expect(output).not.toContain(login.json().token);
  });
});
