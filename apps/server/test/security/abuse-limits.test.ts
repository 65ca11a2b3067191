import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@pharmacy/shared';
import { multipart } from '../factories';
import { buildTestApp, testDriver, type TestApp } from '../helpers';
import { createWorld, type World } from './support/world';

/**
 * Issue 7 · abuse limits (OWASP ASVS 2.4.1, 6.3.1 · API4, API6): the limits docs/security.md
 * promises that `auth.test.ts` and `site.test.ts` do not already show — password-reset and
 * sign-up rate limits, body, field and path sizes, page-size and search-length caps. Login
 * limits are in `auth.test.ts`; the flood of listing requests is `reliability/health-flood`.
 */
describe(`abuse limits (${testDriver})`, () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp({ signupRateLimit: 20 });
    w = await createWorld(t);
  });
  afterAll(async () => t.close());

  const expectErrorShape = (body: string, status: number) => {
    expect(errorResponseSchema.parse(JSON.parse(body)).statusCode).toBe(status);
  };

  /** Sends `count + 1` requests from one client address: all but the last pass the limiter. */
  async function hitLimit(
    count: number,
    request: (i: number) => { url: string; payload: object },
    remoteAddress: string,
  ) {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i <= count; i++) {
      const { url, payload } = request(i);
      last = await t.app.inject({ method: 'POST', url, payload, remoteAddress });
      statuses.push(last.statusCode);
    }
    return { statuses, last: last as NonNullable<typeof last> };
  }

  it('limits forgot-password to 5 a minute per client, for known and unknown addresses alike', async () => {
    const { statuses, last } = await hitLimit(
      5,
      (i) => ({
        url: '/api/auth/forgot-password',
        payload: { email: i % 2 ? w.memberA.email : `nobody-${i}@example.com` },
      }),
      '198.51.100.10',
    );
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expectErrorShape(last.body, 429);
    // Another client is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: w.memberA.email },
      remoteAddress: '198.51.100.11',
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits reset-password to 10 a minute per client, so reset tokens cannot be guessed fast', async () => {
    const { statuses, last } = await hitLimit(
      10,
      (i) => ({
        url: '/api/auth/reset-password',
        payload: {
          token: `guess-${i}-${'a'.repeat(40)}`,
          newPassword: 'new-pass-123',
          confirmPassword: 'new-pass-123',
        },
      }),
      '198.51.100.20',
    );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits sign-ups per client (SIGNUP_RATE_LIMIT, 20 here), counting refused ones', async () => {
    const { statuses } = await hitLimit(
      20,
      () => ({ url: '/api/auth/signup', payload: { email: 'not-an-address' } }),
      '198.51.100.30',
    );
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses a JSON body over 100 KB with 413 on public and member routes', async () => {
    const big = 'x'.repeat(100 * 1024);
    const cases = [
      { url: '/api/auth/login', payload: { email: 'a@b.co', password: big } },
      { url: '/api/site/newsletter', payload: { email: 'a@b.co', pad: big } },
      { url: '/api/cart', payload: { productId: w.productId, quantity: 1, pad: big } },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: c.url,
        headers: { ...w.memberA.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(c.payload),
        remoteAddress: '198.51.100.40',
      });
      expect(res.statusCode, c.url).toBe(413);
      expectErrorShape(res.body, 413);
    }
    // Just under the limit is read (and refused for its content, not its size).
    const near = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100 * 1024 - 100) }),
      remoteAddress: '198.51.100.41',
    });
    expect(near.statusCode).toBe(400);
  });

  it('refuses a webhook body over 512 KB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ pad: 'x'.repeat(512 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a path parameter over 200 characters with 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/${'1'.repeat(201)}` });
    expect(res.statusCode).toBe(414);
    expectErrorShape(res.body, 414);
  });

  it('refuses a multipart form with more than 50 fields or a field over 10,000 characters', async () => {
    const fields: Record<string, string> = {};
    for (let i = 0; i < 51; i++) fields[`f${i}`] = 'x';
    for (const form of [await multipart(fields), await multipart({ name: 'x'.repeat(10_001) })]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/division',
        headers: { ...w.owner.auth, ...form.headers },
        payload: form.payload,
      });
      expect([400, 413]).toContain(res.statusCode);
      expectErrorShape(res.body, res.statusCode);
    }
  });

  it('caps page sizes: products 100, orders 100, users 200, stock lists and the ledger 100', async () => {
    const cases = [
      { url: '/api/product/all?limit', max: 100, auth: {} },
      { url: '/api/order/all?pageSize', max: 100, auth: w.owner.auth },
      { url: '/api/user/getAllUser?pageSize', max: 200, auth: w.owner.auth },
      {
        url: `/api/inventory/products/${w.productId}/ledger?pageSize`,
        max: 100,
        auth: w.owner.auth,
      },
      { url: '/api/inventory/low-stock?pageSize', max: 100, auth: w.owner.auth },
      { url: '/api/inventory/near-expiry?pageSize', max: 100, auth: w.owner.auth },
    ];
    for (const c of cases) {
      const ok = await t.app.inject({ method: 'GET', url: `${c.url}=${c.max}`, headers: c.auth });
      expect(ok.statusCode, `${c.url}=${c.max}`).toBe(200);
      for (const value of [c.max + 1, 1_000_000, 0, -1]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${c.url}=${value}`,
          headers: c.auth,
        });
        expect(res.statusCode, `${c.url}=${value}`).toBe(400);
        expectErrorShape(res.body, 400);
      }
    }
  });

  it('caps search terms at 100 characters', async () => {
    const cases = [
      { url: '/api/product/all?search', auth: {} },
      { url: '/api/user/getAllUser?search', auth: w.owner.auth },
    ];
    for (const c of cases) {
      const ok = await t.app.inject({
        method: 'GET',
        url: `${c.url}=${'a'.repeat(100)}`,
        headers: c.auth,
      });
      expect(ok.statusCode, c.url).toBe(200);
      const res = await t.app.inject({
        method: 'GET',
        url: `${c.url}=${'a'.repeat(101)}`,
        headers: c.auth,
      });
      expect(res.statusCode, c.url).toBe(400);
      expectErrorShape(res.body, 400);
    }
  });
});
