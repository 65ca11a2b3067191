import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_PUBLIC_PATHS } from '@pharmacy/shared';
import { products } from '../../src/db/schema/index';
import { w3cDatetime } from '../../src/modules/seo/sitemap-xml';
import { createDivision, createManufacturer, createSalt } from '../catalog-factories';
import { buildTestApp, testDriver, type TestApp } from '../helpers';
import { entries, parseXml } from './xml';

/** A path prefix and an '&' in PUBLIC_URL: every <loc> must carry both, escaped. */
const ORIGIN = 'https://shop.example/in&co';
const CHUNK = 7;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Issue 30 point 4: the sitemap index, its chunked sitemaps and robots.txt. */
describe(`sitemaps (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: ORIGIN }, { sitemapChunkSize: CHUNK });
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** A sitemap named in the index, fetched by its path on this app. */
  const fetchLoc = (loc: string) => get(loc.slice(new URL(ORIGIN).href.length));

  async function readIndex() {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const root = parseXml(res.body);
    expect([root.name, root.namespace]).toEqual(['sitemapindex', SITEMAP_NS]);
    return entries(root);
  }

  async function readUrlset(loc: string) {
    const res = await fetchLoc(loc);
    expect(res.statusCode, loc).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const root = parseXml(res.body);
    expect([root.name, root.namespace]).toEqual(['urlset', SITEMAP_NS]);
    return entries(root);
  }

  it('lists only the static pages while the catalogue is empty', async () => {
    const index = await readIndex();
    expect(index).toEqual([{ loc: `${ORIGIN}/sitemaps/pages.xml`, lastmod: undefined }]);
    const pages = await readUrlset(`${ORIGIN}/sitemaps/pages.xml`);
    expect(pages.map((page) => page.loc)).toEqual(STATIC_PUBLIC_PATHS.map((p) => `${ORIGIN}${p}`));
    expect(pages.every((page) => page.lastmod === undefined)).toBe(true);
    expect((await get('/sitemaps/products-1.xml')).statusCode).toBe(404);
  });

  describe('with a catalogue', () => {
    /** Active products by id, with the updated time each was given. */
    const active = new Map<number, Date>();
    const hidden: number[] = [];
    let division: { id: number };
    let emptyDivision: { id: number };
    let maker: { id: number };
    let inactiveOnlyMaker: { id: number };
    const hour = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 3_600_000);

    beforeAll(async () => {
      const db = t.database.db;
      division = await createDivision(t.database.db);
      emptyDivision = await createDivision(t.database.db);
      maker = await createManufacturer(db);
      inactiveOnlyMaker = await createManufacturer(db);
      const salt = await createSalt(db);
      const base = { divisionId: division.id, saltCompositionId: salt.id };
      const row = (n: number, overrides: Partial<typeof products.$inferInsert> = {}) => ({
        ...base,
        manufacturerId: maker.id,
        name: `Sitemap product ${n}`,
        offerPriceMinor: 1000,
        maximumRetailPriceMinor: 1200,
        // Out of stock still has a page a shopper can open, so it is listed.
        quantity: n % 5 === 0 ? 0 : 10,
        updatedAt: hour(n),
        ...overrides,
      });
      // 20 active products, interleaved (in id order) with inactive ones and ones deleted later:
      // a chunk boundary must skip them, not count them.
      const inactive = new Set([3, 9, 18]);
      const deleted = new Set([8, 14, 21]);
      const toDelete: number[] = [];
      for (let n = 1; n <= 26; n += 1) {
        const values = inactive.has(n)
          ? // The newest change of all, on an inactive product: no lastmod may show it.
            row(n, { isActive: false, updatedAt: hour(1000), manufacturerId: inactiveOnlyMaker.id })
          : row(n);
        const [product] = await db.insert(products).values(values).returning({ id: products.id });
        if (!product) throw new Error('insert failed');
        if (inactive.has(n)) hidden.push(product.id);
        else if (deleted.has(n)) toDelete.push(product.id);
        else active.set(product.id, values.updatedAt);
      }
      await db.delete(products).where(inArray(products.id, toDelete));
      hidden.push(...toDelete);
    });

    it('has a fixture of 20 active products among hidden ones', () => {
      expect(active.size).toBe(20);
      expect(hidden.length).toBe(6);
    });

    it('indexes the pages, the products in chunks of the configured size, the divisions and the manufacturers', async () => {
      const index = await readIndex();
      expect(index.map((entry) => entry.loc)).toEqual([
        `${ORIGIN}/sitemaps/pages.xml`,
        `${ORIGIN}/sitemaps/products-1.xml`,
        `${ORIGIN}/sitemaps/products-2.xml`,
        `${ORIGIN}/sitemaps/products-3.xml`,
        `${ORIGIN}/sitemaps/divisions.xml`,
        `${ORIGIN}/sitemaps/manufacturers.xml`,
      ]);
    });

    it('lists every active product exactly once across the chunks, never an inactive or deleted one', async () => {
      const index = await readIndex();
      const seen: number[] = [];
      const sizes: number[] = [];
      for (const { loc, lastmod } of index.filter((e) => e.loc.includes('/products-'))) {
        const urls = await readUrlset(loc);
        sizes.push(urls.length);
        const ids = urls.map((url) => {
          const match = new RegExp(`^${escapeRegExp(ORIGIN)}/product/(\\d+)$`).exec(url.loc);
          if (!match?.[1]) throw new Error(`not a product URL: ${url.loc}`);
          return Number(match[1]);
        });
        seen.push(...ids);
        // Each product's lastmod is its updated time; the chunk's in the index is the newest.
        const times = ids.map((id) => active.get(id));
        expect(urls.map((url) => url.lastmod)).toEqual(
          times.map((time) => (time ? w3cDatetime(time) : 'not active')),
        );
        const newest = Math.max(...times.map((time) => time?.getTime() ?? 0));
        expect(lastmod, loc).toBe(w3cDatetime(new Date(newest)));
      }
      expect(sizes).toEqual([7, 7, 6]);
      expect(seen).toEqual([...active.keys()].sort((a, b) => a - b));
      for (const id of hidden) expect(seen).not.toContain(id);
    });

    it('lists divisions and manufacturers with visible products, dated by their newest one', async () => {
      const newestActive = w3cDatetime(
        new Date(Math.max(...[...active.values()].map((d) => d.getTime()))),
      );
      const divisions = await readUrlset(`${ORIGIN}/sitemaps/divisions.xml`);
      // The '&' between query parameters would be escaped too; one parameter here.
      expect(divisions).toEqual([
        { loc: `${ORIGIN}/shop?divisionId=${division.id}`, lastmod: newestActive },
      ]);
      expect(divisions.map((d) => d.loc)).not.toContain(
        `${ORIGIN}/shop?divisionId=${emptyDivision.id}`,
      );
      const manufacturers = await readUrlset(`${ORIGIN}/sitemaps/manufacturers.xml`);
      expect(manufacturers).toEqual([
        { loc: `${ORIGIN}/shop/brand/${maker.id}`, lastmod: newestActive },
      ]);
      expect(manufacturers.map((m) => m.loc)).not.toContain(
        `${ORIGIN}/shop/brand/${inactiveOnlyMaker.id}`,
      );
    });

    it("moves a product's lastmod, and its chunk's, when the product changes", async () => {
      const [last] = [...active.keys()].sort((a, b) => b - a);
      if (last === undefined) throw new Error('no product');
      const [changed] = await t.database.db
        .update(products)
        .set({ name: 'Renamed & repriced <today>' })
        .where(eq(products.id, last))
        .returning({ updatedAt: products.updatedAt });
      if (!changed) throw new Error('update failed');
      const index = await readIndex();
      expect(index.find((e) => e.loc.endsWith('/products-3.xml'))?.lastmod).toBe(
        w3cDatetime(changed.updatedAt),
      );
      const urls = await readUrlset(`${ORIGIN}/sitemaps/products-3.xml`);
      expect(urls.at(-1)).toEqual({
        loc: `${ORIGIN}/product/${last}`,
        lastmod: w3cDatetime(changed.updatedAt),
      });
    });

    it('answers 404 for a chunk or file that is not listed', async () => {
      for (const url of [
        '/sitemaps/products-4.xml',
        '/sitemaps/products-0.xml',
        '/sitemaps/products.xml',
        '/sitemaps/pages-1.xml',
        '/sitemaps/divisions-1.xml',
        '/sitemaps/medicines.xml',
        '/sitemaps/PRODUCTS-1.xml',
        '/sitemaps/products-01.xml',
        '/sitemaps/products-1.xml.gz',
        '/sitemaps/..%2Fsitemap.xml',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    });

    it('sends the XML type and lets crawlers and proxies keep it an hour', async () => {
      for (const url of ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/products-1.xml']) {
        const res = await get(url);
        expect(res.headers['content-type'], url).toBe('application/xml; charset=utf-8');
        expect(res.headers['cache-control'], url).toBe('public, max-age=3600');
        expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n'), url).toBe(true);
      }
    });
  });

  it('serves robots.txt naming the sitemap index and keeping private pages out', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /admin/',
      'Disallow: /order/',
      'Disallow: /login',
      'Disallow: /auth',
      'Disallow: /forgot-password',
      'Disallow: /reset-password',
      'Disallow: /refill/',
      'Disallow: /unsubscribe',
      'Disallow: /accept-invitation',
      'Disallow: /account-deleted',
      '',
      `Sitemap: ${ORIGIN}/sitemap.xml`,
      '',
    ]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
