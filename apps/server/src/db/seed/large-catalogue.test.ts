import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, utcDay } from '@pharmacy/shared';
import { count, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/index';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { products, stockHorizon } from '../schema/index';
import { generateLargeCatalogue } from './large-catalogue';
import { seedDemoCatalogue } from './seed-demo';
import {
  batchShape,
  countOf,
  MIN_PRICE_MINOR,
  NO_VIOLATIONS,
  one,
  stockViolations,
} from './seed-test-support';

// The generator adds to what is there: here, to the demo catalogue, as `npm run seed` does.

let handle: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-seed-large-'));
  handle = await createTestDatabase();
  await seedDemoCatalogue(handle.db, { storage: createLocalStorage(dataDir) });
});

afterAll(async () => {
  await handle?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('large catalogue generator', () => {
  /** The last product id before the generator ran. */
  let generatedAfter = 0;

  it('adds products until the catalogue holds the number asked for', async () => {
    const before = await countOf(handle.db, products);
    const [maxRow] = await handle.db
      .select({ id: sql<number>`max(${products.id})` })
      .from(products);
    const lastId = maxRow?.id ?? 0;
    generatedAfter = Number(lastId);
    const lines: string[] = [];
    const result = await generateLargeCatalogue(handle.db, {
      products: before + 2_000,
      batchSize: 750,
      log: (line) => lines.push(line),
    });
    expect(result.inserted).toBe(2_000);
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(await countOf(handle.db, products)).toBe(before + 2_000);

    const [bad] = await handle.db
      .select({ n: count() })
      .from(products)
      .where(
        sql`${products.offerPriceMinor} < ${MIN_PRICE_MINOR} OR ${products.offerPriceMinor} > ${products.maximumRetailPriceMinor}`,
      );
    expect(bad?.n).toBe(0);
    const generated = await handle.db
      .select({ name: products.name, saltId: products.saltCompositionId })
      .from(products)
      .where(gt(products.id, lastId));
    expect(generated.every((p) => p.name.trim().length > 3)).toBe(true);
    expect(generated.filter((p) => p.saltId !== null).length).toBeGreaterThan(1_000);

    const again = await generateLargeCatalogue(handle.db, { products: before + 2_000 });
    expect(again.inserted).toBe(0);
  });

  it('puts their stock into batches too, with receipts, some near expiry and some low', async () => {
    const afterId = generatedAfter;
    const [horizon] = await handle.db.select().from(stockHorizon);
    const sellableFrom = horizon?.sellableFrom ?? '';
    expect(await stockViolations(handle.db, afterId, sellableFrom)).toEqual(NO_VIOLATIONS);
    const shape = await batchShape(handle.db, afterId, sellableFrom);
    // 2,000 products: 2–3 batches for each of the ~1,840 with 10 units or more.
    expect(shape.stockedSellableBatches / shape.stocked).toBeGreaterThanOrEqual(2);
    expect(shape.stockedSellableBatches / shape.stocked).toBeLessThanOrEqual(3);
    expect(shape.batches / 2_000).toBeGreaterThan(2);
    expect(shape.expired).toBeGreaterThan(5);
    expect(shape.expired).toBeLessThan(60);
    expect(shape.shortDated).toBeGreaterThan(60);
    expect(shape.nearExpirySellable).toBeGreaterThan(100);
    expect(shape.furthestDays).toBeLessThanOrEqual(1_200);
    const low = await one<{ n: number }>(
      handle.db,
      sql`
      SELECT count(*)::int AS n FROM products
      WHERE id > ${afterId} AND is_active AND quantity < reorder_level`,
    );
    expect(low.n).toBeGreaterThan(60);
    expect(low.n).toBeLessThan(300);
  });

  it('writes quantities for the cut-off the database holds', async () => {
    // As after a server started with MIN_SHELF_LIFE_DAYS=60: the seed's default of 30 must not win.
    const sellableFrom = addDays(utcDay(), 60);
    await handle.db.update(stockHorizon).set({ sellableFrom });
    const [maxRow] = await handle.db
      .select({ id: sql<number>`max(${products.id})` })
      .from(products);
    const lastId = Number(maxRow?.id ?? 0);
    const before = await countOf(handle.db, products);
    await generateLargeCatalogue(handle.db, { products: before + 400 });
    expect(await stockViolations(handle.db, lastId, sellableFrom)).toEqual(NO_VIOLATIONS);
    const shape = await batchShape(handle.db, lastId, sellableFrom);
    expect(shape.shortDated).toBeGreaterThan(0);
    const [horizon] = await handle.db.select().from(stockHorizon);
    expect(horizon?.sellableFrom).toBe(sellableFrom);
  });
});
