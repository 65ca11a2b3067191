import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import { createAdmin, createUser, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/** Issue 8 target 7: catalogue reads carry ETags and answer 304 when the client has them. */
describe(`catalogue caching (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let productId: number;
  let admin: TestUser;
  let shopper: TestUser;

  beforeAll(async () => {
    // The micro-cache is off under NODE_ENV=test; these tests turn it on to see it work.
    t = await buildTestApp({ catalogCacheSeconds: 30 });
    basics = await createBasics(t.database.db);
    for (let i = 0; i < 30; i++)
      productId = (await createProduct(t.database.db, basics, { name: `Cachable ${i}` })).id;
    admin = await createAdmin(t);
    shopper = await createUser(t);
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** An admin change through the API: moves the catalogue version on. */
  const renameManufacturer = async (name: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/manufacturer/${basics.manufacturerId}`,
      headers: admin.auth,
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const reads = () => [
    '/api/product/all',
    '/api/product/all?page=1&limit=5&orderBy=offerPrice&orderType=asc',
    `/api/product/${productId}`,
    `/api/product/${productId}/substitutes`,
    '/api/product/top-selling',
    '/api/division/all',
    '/api/manufacturer/all',
    '/api/saltComposition/all',
    '/api/settings',
  ];

  it('sends a weak ETag and public, short-lived caching to anonymous callers', async () => {
    for (const url of reads()) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toMatch(/^W\/"[\w-]+"$/);
      expect(res.headers['cache-control'], url).toMatch(/^public, max-age=\d+$/);
      expect(res.headers.vary, url).toMatch(/Authorization/);
    }
  });

  it('answers 304 with no body when If-None-Match holds the current ETag', async () => {
    for (const url of reads()) {
      const first = await get(url);
      const again = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(first.headers.etag);
      // A list of tags, or the strong form of the same tag, matches too (weak comparison).
      const strong = String(first.headers.etag).replace(/^W\//, '');
      expect((await get(url, { 'if-none-match': `"other", ${strong}` })).statusCode, url).toBe(304);
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200);
    }
  });

  it('makes signed-in callers revalidate every time, and still answers 304', async () => {
    for (const headers of [shopper.auth, admin.auth]) {
      const res = await get('/api/product/all', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const again = await get('/api/product/all', {
        ...headers,
        'if-none-match': res.headers.etag as string,
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('compresses with brotli or gzip as the client asks, with the same ETag', async () => {
    const plain = await get('/api/product/all');
    const gzip = await get('/api/product/all', { 'accept-encoding': 'gzip' });
    const br = await get('/api/product/all', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(1);
    const notModified = await get('/api/product/all', {
      'accept-encoding': 'gzip',
      'if-none-match': gzip.headers.etag as string,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('gives a new ETag once the catalogue changes through the API', async () => {
    const before = await get('/api/product/all');
    await renameManufacturer('Renamed Maker Ltd');
    const after = await get('/api/product/all', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().productList[0].manufacturer.name).toBe('Renamed Maker Ltd');
  });

  it('reuses an anonymous answer briefly, but never across a change made through the API', async () => {
    const first = await get('/api/product/all?limit=50');
    expect(first.json().pagination.rowCount).toBe(30);
    // Written straight to the database, as another server instance would: not seen yet.
    await createProduct(t.database.db, basics, { name: 'Written elsewhere' });
    expect((await get('/api/product/all?limit=50')).json().pagination.rowCount).toBe(30);
    // A signed-in caller always gets a fresh answer.
    expect((await get('/api/product/all?limit=50', shopper.auth)).json().pagination.rowCount).toBe(
      31,
    );
    await renameManufacturer('Maker After Change');
    expect((await get('/api/product/all?limit=50')).json().pagination.rowCount).toBe(31);
  });

  it('never caches errors or writes', async () => {
    const missing = await get('/api/product/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const invalid = await get('/api/product/all?page=0');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers.etag).toBeUndefined();
    const cart = await get(`/api/cart/all/${shopper.id}`, shopper.auth);
    expect(cart.statusCode).toBe(200);
    expect(cart.headers.etag).toBeUndefined();
  });
});
