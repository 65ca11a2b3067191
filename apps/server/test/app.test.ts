import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@pharmacy/shared';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/** App-wide behaviour: health, docs, error shape, headers, SPA fallback (fastify/demo habit). */
describe(`app (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('reports readiness with the database and storage kinds, and liveness apart', async () => {
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', database: testDriver, storage: 'local' });
    }
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
  });

  it('answers an unknown API route with a 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(errorResponseSchema.parse(res.json()).error).toBe('Not Found');
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/site/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/site/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', email: 'a@b.co', message: 'x'.repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(errorResponseSchema.parse(res.json()).statusCode).toBe(413);
  });

  it('names the field in a validation error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/site/contact',
      payload: { name: 'A', message: 'Hi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email: Email is required.');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves a real robots.txt, not the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
  });

  it('publishes an OpenAPI document listing every API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const document = res.json() as { paths: Record<string, unknown> };
    const documented = Object.keys(document.paths);
    const registered = new Set<string>();
    for (const route of collectApiRoutes(t)) registered.add(route);
    for (const route of registered) expect(documented).toContain(route);
    expect(documented).toEqual(
      expect.arrayContaining(['/api/health', '/api/site/newsletter', '/api/site/contact']),
    );
  });

  it('compresses large responses', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves the interactive reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

/** Routes under /api as the router knows them, in OpenAPI path syntax. */
function collectApiRoutes(t: TestApp): string[] {
  return t.app.routeTable
    .filter(
      (r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    )
    .map((r) => r.url.replace(/:([A-Za-z]+)/g, '{$1}'));
}

describe(`readiness (${testDriver})`, () => {
  it('answers 503 naming the storage when it cannot be reached, while liveness stays 200', async () => {
    const t = await buildTestApp();
    try {
      rmSync(t.config.dataDir, { recursive: true, force: true });
      for (const url of ['/api/health', '/api/health/ready']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The file storage is not reachable.',
        });
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
