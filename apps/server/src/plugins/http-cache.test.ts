import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { httpCachePlugin } from './http-cache';

const apps: Array<ReturnType<typeof Fastify>> = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A catalogue-like read that counts how often it really runs and takes a moment to answer. */
async function appWithSlowRead(status = 200) {
  const app = Fastify();
  apps.push(app);
  let version = 1;
  let computed = 0;
  await app.register(httpCachePlugin, { reuseSeconds: 30, version: () => version });
  app.get('/read', { config: { httpCache: { maxAge: 10 } } }, async (_request, reply) => {
    computed += 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
    reply.code(status);
    return { computed, padding: 'x'.repeat(2000) };
  });
  await app.ready();
  return {
    app,
    computed: () => computed,
    change: () => {
      version += 1;
    },
  };
}

const burst = (app: ReturnType<typeof Fastify>, n: number) =>
  Promise.all(
    Array.from({ length: n }, () =>
      app.inject({ method: 'GET', url: '/read', headers: { 'accept-encoding': 'gzip' } }),
    ),
  );

describe('httpCachePlugin micro-cache', () => {
  it('computes a burst of identical anonymous reads once and answers the rest from it', async () => {
    const { app, computed } = await appWithSlowRead();
    const answers = await burst(app, 20);
    expect(computed()).toBe(1);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
  });

  it('computes again after the catalogue changed', async () => {
    const { app, computed, change } = await appWithSlowRead();
    await burst(app, 5);
    change();
    await burst(app, 5);
    expect(computed()).toBe(2);
  });

  it('lets waiters compute for themselves when the first answer cannot be stored', async () => {
    const { app, computed } = await appWithSlowRead(503);
    const answers = await burst(app, 4);
    expect(answers.every((answer) => answer.statusCode === 503)).toBe(true);
    // The first one computed; the waiters found nothing stored and did not hang.
    expect(computed()).toBeGreaterThan(1);
  });
});
