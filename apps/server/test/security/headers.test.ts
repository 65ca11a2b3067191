import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { HSTS } from '../../src/plugins/security';
import { TINY_PNG } from '../factories';
import { createTestDatabase, testDriver, type TestDatabase } from '../helpers';

/**
 * Issue 7 · headers and configuration (OWASP ASVS 3.4, 13, 16.5 · API8): a Content-Security-Policy
 * without inline scripts on every kind of answer, frame-ancestors 'none', nosniff, HSTS only over
 * HTTPS (and X-Forwarded-Proto believed only with TRUST_PROXY), and 500s that reveal no stack
 * trace, SQL, file path or database message.
 */

const webRoot = path.resolve(import.meta.dirname, '../../../web');

/** `script-src 'self' https://js.stripe.com; …` → { 'script-src': ["'self'", '…'] } */
function parseCsp(header: string | undefined): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = values;
  }
  return directives;
}

interface Built {
  app: FastifyInstance;
  dataDir: string;
}

describe(`security headers and error answers (${testDriver})`, () => {
  let database: TestDatabase;
  let plain: Built;
  let proxied: Built;
  /** A fake web build, so the SPA's own answers are checked even where none was built. */
  let webDistDir: string;

  async function build(trustProxy: boolean): Promise<Built> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-headers-'));
    mkdirSync(path.join(dataDir, 'uploads', 'products'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'products', 'a.png'), TINY_PNG);
    const config = loadConfig(
      { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
      {
        dataDir,
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
        admin: undefined,
        trustProxy,
        webDistDir,
      },
    );
    const app = await buildApp(config, { database, logger: false });
    // Failures the app itself never produces on purpose: a real SQL error and a thrown error
    // whose message and stack would give the server away if they were sent.
    app.get('/api/test-sql-error', { config: { access: 'public' } }, async () => {
      await app.db.db.execute(sql`select secret_column from table_that_does_not_exist`);
      return {};
    });
    app.get('/api/test-thrown-error', { config: { access: 'public' } }, async () => {
      throw new Error(`ECONNREFUSED at ${dataDir}/pgdata: password authentication failed`);
    });
    await app.ready();
    return { app, dataDir };
  }

  beforeAll(async () => {
    webDistDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-web-'));
    // What Vite emits: module scripts by URL, nothing inline.
    writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    database = await createTestDatabase();
    plain = await build(false);
    proxied = await build(true);
  });
  afterAll(async () => {
    for (const built of [plain, proxied]) {
      await built.app.close();
      rmSync(built.dataDir, { recursive: true, force: true });
    }
    await database.destroy();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  const answers = () =>
    [
      ['the SPA', '/'],
      ['a client route of the SPA', '/order/process/12'],
      ['an API answer', '/api/health'],
      ['an API 404', '/api/no-such-route'],
      ['a 400', '/api/product/all?limit=100000'],
      ['a public upload', '/uploads/products/a.png'],
      ['a 500', '/api/test-thrown-error'],
    ] as const;

  it.each(answers())('sends a CSP without inline script on %s', async (_label, url) => {
    const res = await plain.app.inject({ method: 'GET', url });
    const csp = parseCsp(res.headers['content-security-policy'] as string | undefined);
    expect(csp['default-src']).toEqual(["'self'"]);
    const scripts = csp['script-src'] ?? csp['default-src'] ?? [];
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', '*'])
      expect(scripts).not.toContain(unsafe);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("gives the API docs swagger-ui's own policy, without inline script or framing", async () => {
    // @fastify/swagger-ui (staticCSP) replaces the policy on /api/docs: scripts from this origin
    // only; plugins/docs.ts turns its frame-ancestors 'self' into the shop's 'none'.
    const res = await plain.app.inject({ method: 'GET', url: '/api/docs' });
    const csp = parseCsp(res.headers['content-security-policy'] as string | undefined);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('has no inline script in the web app the CSP must let run', () => {
    // The source page always (a wrong path must fail, not check nothing); the built one once built.
    const built = path.join(webRoot, 'dist', 'index.html');
    const pages = [path.join(webRoot, 'index.html'), ...(existsSync(built) ? [built] : [])];
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      // Every <script> has a src; no inline handler attributes; no javascript: URLs.
      for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) expect(tag, page).toMatch(/\bsrc=/);
      expect(html, page).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, page).not.toMatch(/javascript:/i);
    }
  });

  it('sends HSTS only over HTTPS, and believes X-Forwarded-Proto only with TRUST_PROXY', async () => {
    const overHttp = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // Not behind a trusted proxy: a client's claim of HTTPS changes nothing.
    const faked = await plain.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(faked.headers['strict-transport-security']).toBeUndefined();
    // Behind a TLS-terminating proxy (TRUST_PROXY=true).
    for (const url of ['/api/health', '/', '/api/no-such-route', '/uploads/products/a.png']) {
      const viaProxy = await proxied.app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaProxy.headers['strict-transport-security'], url).toBe(HSTS);
    }
    expect(HSTS).toMatch(/max-age=(\d{8,})/);
    expect(Number(/max-age=(\d+)/.exec(HSTS)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    const proxiedHttp = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(proxiedHttp.headers['strict-transport-security']).toBeUndefined();
  });

  const revealsNothing = (res: LightMyRequestResponse, secrets: string[]) => {
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An unknown error occurred',
    });
    for (const secret of [...secrets, ' at ', '.ts:', 'node_modules', 'stack', 'select'])
      expect(res.body.toLowerCase()).not.toContain(secret.toLowerCase());
  };

  it('answers a database error with a bare 500: no SQL, no table, no driver message', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/test-sql-error' });
    revealsNothing(res, ['secret_column', 'table_that_does_not_exist', 'relation', '42P01']);
  });

  it('answers a thrown error with a bare 500: no message, path or stack', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/test-thrown-error' });
    revealsNothing(res, ['ECONNREFUSED', plain.dataDir, 'password authentication']);
  });
});
