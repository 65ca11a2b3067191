import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MIN_SHELF_LIFE_DAYS, sellableCutoff, utcDay } from '@pharmacy/shared';
import { and, count, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/index';
import { planImport } from '../../modules/catalog-csv/catalog-csv.plan';
import { createScheduleRegistry } from '../../modules/compliance/schedules';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import {
  divisions,
  manufacturers,
  productImages,
  products,
  saltCompositions,
  stockHorizon,
} from '../schema/index';
import { demoCatalogueCsv, demoData } from './demo-data';
import { buildDemoCatalogue, CATALOG_IMAGE_PREFIX, seedDemoCatalogue } from './seed-demo';
import {
  batchShape,
  countOf,
  countProducts,
  isWellFormedXml,
  MIN_PRICE_MINOR,
  NO_VIOLATIONS,
  one,
  stockViolations,
} from './seed-test-support';

// One fresh, migrated database for this file: in-memory PGlite, or PostgreSQL when the test
// runner sets TEST_DB_DRIVER=postgres and TEST_DATABASE_URL (test/helpers.ts). The schema's own
// rules on the seeded rows are in seeded-schema.test.ts, the large catalogue in
// large-catalogue.test.ts.

let handle: TestDatabase;
let dataDir: string;
let uploadsDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-seed-'));
  uploadsDir = path.join(dataDir, 'uploads');
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('demo catalogue seed', () => {
  it('is deterministic', async () => {
    const now = new Date('2025-06-01T00:00:00Z');
    expect(await buildDemoCatalogue(now)).toEqual(await buildDemoCatalogue(now));
    const names = (await buildDemoCatalogue(now)).map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('seeds an empty database with a realistic catalogue', async () => {
    const result = await seedDemoCatalogue(handle.db, { storage: createLocalStorage(dataDir) });
    expect(result.seeded).toBe(true);
    expect(result.products).toBeGreaterThanOrEqual(320);

    const active = await countProducts(handle.db, eq(products.isActive, true));
    expect(active).toBeGreaterThanOrEqual(320);
    expect(await countProducts(handle.db, eq(products.isActive, false))).toBeGreaterThan(0);
    expect(await countOf(handle.db, divisions)).toBeGreaterThanOrEqual(8);
    expect(await countOf(handle.db, manufacturers)).toBeGreaterThanOrEqual(30);
    expect(await countOf(handle.db, saltCompositions)).toBeGreaterThanOrEqual(60);

    const rx = await countProducts(
      handle.db,
      and(eq(products.isActive, true), eq(products.prescription, true)),
    );
    expect(rx / active).toBeGreaterThanOrEqual(0.15);
    expect(rx / active).toBeLessThanOrEqual(0.25);

    expect(await countProducts(handle.db, eq(products.quantity, 0))).toBeGreaterThan(0);
    expect(
      await countProducts(handle.db, and(gte(products.quantity, 1), lt(products.quantity, 5))),
    ).toBeGreaterThan(0);
  });

  it('prices every product at or below its MRP and at least 50 rupees', async () => {
    const rows = await handle.db
      .select({
        offer: products.offerPriceMinor,
        mrp: products.maximumRetailPriceMinor,
      })
      .from(products);
    // The seed above put 320 and more products in; without them the loop would check nothing.
    expect(rows.length).toBeGreaterThanOrEqual(320);
    for (const row of rows) {
      expect(row.offer).toBeGreaterThanOrEqual(MIN_PRICE_MINOR);
      expect(row.mrp).toBeGreaterThanOrEqual(row.offer);
      expect(Number.isInteger(row.offer) && Number.isInteger(row.mrp)).toBe(true);
    }
  });

  it('offers substitutes: several brands of one salt at different prices', async () => {
    const rows = await handle.db
      .select({
        saltId: products.saltCompositionId,
        brands: sql<number>`count(*)::int`,
        prices: sql<number>`count(distinct ${products.offerPriceMinor})::int`,
      })
      .from(products)
      .where(sql`${products.saltCompositionId} IS NOT NULL`)
      .groupBy(products.saltCompositionId)
      .having(gt(sql`count(*)`, 2));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.some((r) => r.prices > 1)).toBe(true);
  });

  it('gives every product and division an SVG image that exists on disk', async () => {
    const productRows = await handle.db
      .select({ id: products.id, url: productImages.url })
      .from(products)
      .leftJoin(productImages, eq(productImages.productId, products.id));
    const divisionRows = await handle.db.select({ url: divisions.imageUrl }).from(divisions);
    const urls = [...productRows.map((r) => r.url), ...divisionRows.map((r) => r.url)];
    expect(urls.length).toBeGreaterThan(320);
    for (const url of urls) {
      expect(url).toMatch(new RegExp(`^${CATALOG_IMAGE_PREFIX}/[a-z0-9-]+\\.svg$`));
      const file = path.join(uploadsDir, (url ?? '').replace(/^\/uploads\//, ''));
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024);
      expect(svg).toMatch(/^<svg [^>]*width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
      expect(isWellFormedXml(svg), file).toBe(true);
    }
  });

  it("puts every product's stock into batches with a receipt in the ledger each", async () => {
    const today = utcDay();
    const sellableFrom = sellableCutoff(today, DEFAULT_MIN_SHELF_LIFE_DAYS);
    // No server ran on this database: the seed wrote the cut-off its quantities are for.
    const [horizon] = await handle.db.select().from(stockHorizon);
    expect(horizon?.sellableFrom).toBe(sellableFrom);
    expect(await stockViolations(handle.db, 0, sellableFrom)).toEqual(NO_VIOLATIONS);

    const shape = await batchShape(handle.db, 0, sellableFrom);
    expect(shape.expired).toBe(1);
    expect(shape.shortDated).toBeGreaterThanOrEqual(10);
    expect(shape.nearExpirySellable).toBeGreaterThanOrEqual(20);
    expect(shape.overTwoYears).toBeGreaterThan(0);
    expect(shape.furthestDays).toBeLessThanOrEqual(1_100);
    // Several batches per product: 2 on average for the well-stocked ones.
    expect(shape.stockedSellableBatches / shape.stocked).toBeGreaterThanOrEqual(1.8);
    // Out-of-stock products: some never stocked, some holding only a short-dated batch.
    const outOfStock = await one<{ none: number; shortOnly: number }>(
      handle.db,
      sql`
      SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM stock_batches b WHERE b.product_id = p.id))::int AS none,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM stock_batches b WHERE b.product_id = p.id))::int AS "shortOnly"
      FROM products p WHERE p.quantity = 0`,
    );
    expect(outOfStock.none).toBeGreaterThan(0);
    expect(outOfStock.shortOnly).toBeGreaterThan(0);
  });

  it('plans the same batches every time, and the same sellable stock for any cut-off', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const catalogue = await buildDemoCatalogue(now);
    expect(catalogue).toEqual(await buildDemoCatalogue(now));
    const longer = await buildDemoCatalogue(now, { sellableFrom: '2026-05-24' });
    expect(longer.map((p) => p.quantity)).toEqual(catalogue.map((p) => p.quantity));
    for (const [sellableFrom, products] of [
      ['2026-04-09', catalogue],
      ['2026-05-24', longer],
    ] as const) {
      const batches = products.flatMap((p) => p.batches);
      expect(batches.filter((b) => b.expiryDate < '2026-03-10')).toHaveLength(1);
      for (const p of products) {
        const sellable = p.batches.filter((b) => b.expiryDate >= sellableFrom);
        expect(sellable.reduce((sum, b) => sum + b.units, 0)).toBe(p.quantity);
        expect(new Set(p.batches.map((b) => b.batchNumber)).size).toBe(p.batches.length);
        const expiries = p.batches.map((b) => b.expiryDate);
        expect(expiries).toEqual([...expiries].sort());
      }
    }
  });

  it('is a catalogue CSV the import takes as it is: the seeded shop already holds every row', async () => {
    const schedules = createScheduleRegistry(handle.db);
    await schedules.load();
    const planned = await planImport(handle.db, demoCatalogueCsv(), schedules);
    expect(planned.refused).toEqual([]);
    expect(planned.rows).toBe(await countOf(handle.db, products));
    expect({ creates: planned.creates.length, updates: planned.updates.length }).toEqual({
      creates: 0,
      updates: 0,
    });
    // Every demo product has its listing date, and the JSON names no product the CSV lacks.
    const listed = Object.keys(demoData().listedMsAgo);
    expect(listed).toHaveLength(planned.rows);
  });

  it('does nothing the second time', async () => {
    const before = await countOf(handle.db, products);
    const images = await handle.db.select({ n: count() }).from(productImages);
    const again = await seedDemoCatalogue(handle.db, { storage: createLocalStorage(dataDir) });
    expect(again).toEqual({ seeded: false, products: 0 });
    expect(await countOf(handle.db, products)).toBe(before);
    expect(await handle.db.select({ n: count() }).from(productImages)).toEqual(images);
  });
});
