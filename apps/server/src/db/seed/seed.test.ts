import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, DEFAULT_MIN_SHELF_LIFE_DAYS, sellableCutoff, utcDay } from '@pharmacy/shared';
import { and, count, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/index';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import {
  addresses,
  divisions,
  manufacturers,
  productImages,
  products,
  saltCompositions,
  stockHorizon,
  users,
} from '../schema/index';
import { generateLargeCatalogue } from './large-catalogue';
import { buildDemoCatalogue, CATALOG_IMAGE_PREFIX, seedDemoCatalogue } from './seed-demo';

// One fresh, migrated database for this file: in-memory PGlite, or PostgreSQL when the test
// runner sets TEST_DB_DRIVER=postgres and TEST_DATABASE_URL (test/helpers.ts).

const MIN_PRICE_MINOR = 50 * 100;

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

/** The PostgreSQL SQLSTATE of a failed query (drizzle wraps the driver error in `cause`). */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

async function failureCode(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    return sqlState(error);
  }
  return 'no error';
}

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';

async function countOf(
  table: typeof products | typeof divisions | typeof manufacturers | typeof saltCompositions,
) {
  const [row] = await handle.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function countProducts(where: ReturnType<typeof and>) {
  const [row] = await handle.db.select({ n: count() }).from(products).where(where);
  return row?.n ?? 0;
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<T>(await handle.db.execute(query));
  if (!row) throw new Error('no row');
  return row;
}

const NO_VIOLATIONS = {
  onHandNotLedger: 0,
  notOneReceipt: 0,
  notReceipt: 0,
  notAllOnHand: 0,
  quantityNotSellable: 0,
  badPurchasePrice: 0,
  badDetails: 0,
  moreThanFour: 0,
};

/**
 * The stock invariants of docs/decisions/0011 over the products with id > `afterId`, at the
 * sellable cut-off `sellableFrom`; every count should be 0.
 */
async function stockViolations(afterId: number, sellableFrom: string) {
  return one<typeof NO_VIOLATIONS>(sql`
    SELECT
      (SELECT count(*)::int FROM stock_batches b WHERE b.product_id > ${afterId}
        AND b.on_hand <> (SELECT coalesce(sum(m.units), 0) FROM stock_movements m WHERE m.batch_id = b.id))
        AS "onHandNotLedger",
      (SELECT count(*)::int FROM stock_batches b WHERE b.product_id > ${afterId}
        AND (SELECT count(*) FROM stock_movements m WHERE m.batch_id = b.id AND m.kind = 'receipt'
          AND m.units = b.received_units AND m.created_at = b.received_at AND m.product_id = b.product_id) <> 1)
        AS "notOneReceipt",
      (SELECT count(*)::int FROM stock_movements m JOIN stock_batches b ON b.id = m.batch_id
        WHERE b.product_id > ${afterId} AND m.kind <> 'receipt') AS "notReceipt",
      (SELECT count(*)::int FROM stock_batches b WHERE b.product_id > ${afterId}
        AND (b.on_hand <> b.received_units OR b.on_hand <= 0)) AS "notAllOnHand",
      (SELECT count(*)::int FROM products p WHERE p.id > ${afterId}
        AND p.quantity <> (SELECT coalesce(sum(b.on_hand), 0) FROM stock_batches b
          WHERE b.product_id = p.id AND b.recalled_at IS NULL AND b.expiry_date >= ${sellableFrom}::date))
        AS "quantityNotSellable",
      (SELECT count(*)::int FROM stock_batches b JOIN products p ON p.id = b.product_id
        WHERE b.product_id > ${afterId} AND (b.purchase_price_minor IS NULL
          OR b.purchase_price_minor >= p.offer_price_minor OR b.purchase_price_minor <= 0))
        AS "badPurchasePrice",
      (SELECT count(*)::int FROM stock_batches b WHERE b.product_id > ${afterId}
        AND (b.received_at > now() OR b.received_at >= b.expiry_date::timestamptz
          OR b.supplier IS NULL OR b.invoice_reference IS NULL
          OR b.batch_number !~ '^[A-Z]{2}[0-9]{2}-[0-9]{4}$'))
        AS "badDetails",
      (SELECT count(*)::int FROM (SELECT product_id FROM stock_batches WHERE product_id > ${afterId}
        GROUP BY product_id HAVING count(*) > 4) x) AS "moreThanFour"
  `);
}

/** How the batches of products with id > `afterId` lie against today and the cut-off. */
interface BatchShape {
  expired: number;
  shortDated: number;
  nearExpirySellable: number;
  overTwoYears: number;
  furthestDays: number;
  batches: number;
  products: number;
  stocked: number;
  stockedSellableBatches: number;
}

async function batchShape(afterId: number, sellableFrom: string) {
  const today = utcDay();
  return one<BatchShape>(sql`
    SELECT
      count(*) FILTER (WHERE b.expiry_date < ${today}::date)::int AS expired,
      count(*) FILTER (WHERE b.expiry_date >= ${today}::date
        AND b.expiry_date < ${sellableFrom}::date)::int AS "shortDated",
      count(*) FILTER (WHERE b.expiry_date >= ${sellableFrom}::date
        AND b.expiry_date < ${addDays(today, 90)}::date)::int AS "nearExpirySellable",
      count(*) FILTER (WHERE b.expiry_date > ${addDays(today, 2 * 365)}::date)::int AS "overTwoYears",
      max(b.expiry_date - ${today}::date)::int AS "furthestDays",
      count(*)::int AS batches,
      count(DISTINCT b.product_id)::int AS products,
      (SELECT count(*)::int FROM products p WHERE p.id > ${afterId} AND p.quantity >= 10) AS "stocked",
      count(*) FILTER (WHERE p.quantity >= 10 AND b.expiry_date >= ${sellableFrom}::date)::int
        AS "stockedSellableBatches"
    FROM stock_batches b JOIN products p ON p.id = b.product_id
    WHERE b.product_id > ${afterId}
  `);
}

/** A tiny well-formedness check: tags balance, no stray '<' or '&' in text. */
function isWellFormedXml(xml: string): boolean {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const text = xml.slice(last, match.index);
    if (/[<>]/.test(text) || /&(?!(amp|lt|gt|quot|apos);)/.test(text)) return false;
    last = tag.lastIndex;
    const [, closing, name = '', , selfClosing] = match;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else {
      stack.push(name);
    }
  }
  return stack.length === 0 && xml.slice(last).trim() === '';
}

describe('demo catalogue seed', () => {
  it('is deterministic', () => {
    const now = new Date('2025-06-01T00:00:00Z');
    expect(buildDemoCatalogue(now)).toEqual(buildDemoCatalogue(now));
    const names = buildDemoCatalogue(now).map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('seeds an empty database with a realistic catalogue', async () => {
    const result = await seedDemoCatalogue(handle.db, { storage: createLocalStorage(dataDir) });
    expect(result.seeded).toBe(true);
    expect(result.products).toBeGreaterThanOrEqual(320);

    const active = await countProducts(eq(products.isActive, true));
    expect(active).toBeGreaterThanOrEqual(320);
    expect(await countProducts(eq(products.isActive, false))).toBeGreaterThan(0);
    expect(await countOf(divisions)).toBeGreaterThanOrEqual(8);
    expect(await countOf(manufacturers)).toBeGreaterThanOrEqual(30);
    expect(await countOf(saltCompositions)).toBeGreaterThanOrEqual(60);

    const rx = await countProducts(
      and(eq(products.isActive, true), eq(products.prescription, true)),
    );
    expect(rx / active).toBeGreaterThanOrEqual(0.15);
    expect(rx / active).toBeLessThanOrEqual(0.25);

    expect(await countProducts(eq(products.quantity, 0))).toBeGreaterThan(0);
    expect(
      await countProducts(and(gte(products.quantity, 1), lt(products.quantity, 5))),
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
    expect(await stockViolations(0, sellableFrom)).toEqual(NO_VIOLATIONS);

    const shape = await batchShape(0, sellableFrom);
    expect(shape.expired).toBe(1);
    expect(shape.shortDated).toBeGreaterThanOrEqual(10);
    expect(shape.nearExpirySellable).toBeGreaterThanOrEqual(20);
    expect(shape.overTwoYears).toBeGreaterThan(0);
    expect(shape.furthestDays).toBeLessThanOrEqual(1_100);
    // Several batches per product: 2 on average for the well-stocked ones.
    expect(shape.stockedSellableBatches / shape.stocked).toBeGreaterThanOrEqual(1.8);
    // Out-of-stock products: some never stocked, some holding only a short-dated batch.
    const outOfStock = await one<{ none: number; shortOnly: number }>(sql`
      SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM stock_batches b WHERE b.product_id = p.id))::int AS none,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM stock_batches b WHERE b.product_id = p.id))::int AS "shortOnly"
      FROM products p WHERE p.quantity = 0`);
    expect(outOfStock.none).toBeGreaterThan(0);
    expect(outOfStock.shortOnly).toBeGreaterThan(0);
  });

  it('plans the same batches every time, and the same sellable stock for any cut-off', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const catalogue = buildDemoCatalogue(now);
    expect(catalogue).toEqual(buildDemoCatalogue(now));
    const longer = buildDemoCatalogue(now, { sellableFrom: '2026-05-24' });
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

  it('does nothing the second time', async () => {
    const before = await countOf(products);
    const images = await handle.db.select({ n: count() }).from(productImages);
    const again = await seedDemoCatalogue(handle.db, { storage: createLocalStorage(dataDir) });
    expect(again).toEqual({ seeded: false, products: 0 });
    expect(await countOf(products)).toBe(before);
    expect(await handle.db.select({ n: count() }).from(productImages)).toEqual(images);
  });
});

describe('constraints', () => {
  it('rejects a negative stock', async () => {
    const [product] = await handle.db.select({ id: products.id }).from(products).limit(1);
    expect(product).toBeDefined();
    const code = await failureCode(
      handle.db
        .update(products)
        .set({ quantity: -1 })
        .where(eq(products.id, product?.id ?? 0)),
    );
    expect(code).toBe(CHECK_VIOLATION);
  });

  it('rejects an offer price above the MRP', async () => {
    const [product] = await handle.db
      .select({ id: products.id, mrp: products.maximumRetailPriceMinor })
      .from(products)
      .limit(1);
    const code = await failureCode(
      handle.db
        .update(products)
        .set({ offerPriceMinor: (product?.mrp ?? 0) + 100 })
        .where(eq(products.id, product?.id ?? 0)),
    );
    expect(code).toBe(CHECK_VIOLATION);
  });

  it('allows at most one primary address per user', async () => {
    const [alice, bob] = await handle.db
      .insert(users)
      .values([
        { name: 'Alice', email: 'alice@example.com', providerName: 'Email' },
        { name: 'Bob', email: 'bob@example.com', providerName: 'Email' },
      ])
      .returning({ id: users.id });
    const address = (userId: number, isPrimary: boolean) => ({
      userId,
      name: 'Home',
      phone: '9876543210',
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560001',
      isPrimary,
    });
    const aliceId = alice?.id ?? 0;
    const bobId = bob?.id ?? 0;
    await handle.db.insert(addresses).values(address(aliceId, true));
    await handle.db.insert(addresses).values(address(aliceId, false));
    await handle.db.insert(addresses).values(address(bobId, true));
    expect(await failureCode(handle.db.insert(addresses).values(address(aliceId, true)))).toBe(
      UNIQUE_VIOLATION,
    );
    const [country] = await handle.db
      .select({ country: addresses.country })
      .from(addresses)
      .where(eq(addresses.userId, aliceId))
      .limit(1);
    expect(country?.country).toBe('India');
  });

  it('rejects an e-mail that differs only in case', async () => {
    const code = await failureCode(
      handle.db.insert(users).values({ name: 'Alice 2', email: 'ALICE@example.com' }),
    );
    expect(code).toBe(UNIQUE_VIOLATION);
  });
});

describe('products.search_text', () => {
  async function searchTextOf(name: string) {
    const [row] = await handle.db
      .select({ id: products.id, searchText: products.searchText })
      .from(products)
      .where(eq(products.name, name));
    return row;
  }

  it('holds the name, salt and manufacturer in lower case', async () => {
    expect((await searchTextOf('Dolo 650 Tablet'))?.searchText).toBe(
      'dolo 650 tablet paracetamol (650mg) micro labs',
    );
    const [missing] = await handle.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.searchText, ''));
    expect(missing?.n).toBe(0);
  });

  it('follows renames of the product, its salt and its manufacturer, and cannot be written', async () => {
    const dolo = await searchTextOf('Dolo 650 Tablet');
    await handle.db
      .update(products)
      .set({ name: 'Dolo 650 Tablet (New Pack)' })
      .where(eq(products.id, dolo?.id ?? 0));
    await handle.db
      .update(manufacturers)
      .set({ name: 'Micro Labs Limited' })
      .where(eq(manufacturers.name, 'Micro Labs'));
    await handle.db
      .update(saltCompositions)
      .set({ name: 'Paracetamol / Acetaminophen (650mg)' })
      .where(eq(saltCompositions.name, 'Paracetamol (650mg)'));
    expect((await searchTextOf('Dolo 650 Tablet (New Pack)'))?.searchText).toBe(
      'dolo 650 tablet (new pack) paracetamol / acetaminophen (650mg) micro labs limited',
    );
    expect((await searchTextOf('Calpol 650 Tablet'))?.searchText).toContain('acetaminophen');

    await handle.db
      .update(products)
      .set({ searchText: 'something else' })
      .where(eq(products.id, dolo?.id ?? 0));
    expect((await searchTextOf('Dolo 650 Tablet (New Pack)'))?.searchText).toMatch(/^dolo 650/);
  });
});

describe('relations', () => {
  it('load a product with its division, manufacturer, salt and images', async () => {
    const product = await handle.db.query.products.findFirst({
      where: eq(products.name, 'Azithral 500 Tablet'),
      with: { division: true, manufacturer: true, saltComposition: true, images: true },
    });
    expect(product?.division.name).toBe('Antibiotics');
    expect(product?.manufacturer.name).toBe('Alembic Pharmaceuticals');
    expect(product?.saltComposition?.name).toBe('Azithromycin (500mg)');
    expect(product?.images).toHaveLength(1);
  });

  it('resolve for orders, prescriptions and users', async () => {
    await expect(
      handle.db.query.orders.findMany({
        with: {
          orderedBy: true,
          address: true,
          lines: { with: { product: true } },
          statusHistory: { with: { changedBy: true } },
          prescriptions: { with: { files: true, user: true, reviewedBy: true } },
          payments: true,
        },
      }),
    ).resolves.toEqual([]);
    const user = await handle.db.query.users.findFirst({
      where: eq(users.email, 'alice@example.com'),
      with: { addresses: true, cartItems: true, orders: true, prescriptions: true },
    });
    expect(user?.addresses.length).toBeGreaterThan(0);
  });
});

describe('large catalogue generator', () => {
  /** The last product id before the generator ran. */
  let generatedAfter = 0;

  it('adds products until the catalogue holds the number asked for', async () => {
    const before = await countOf(products);
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
    expect(await countOf(products)).toBe(before + 2_000);

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
    expect(await stockViolations(afterId, sellableFrom)).toEqual(NO_VIOLATIONS);
    const shape = await batchShape(afterId, sellableFrom);
    // 2,000 products: 2–3 batches for each of the ~1,840 with 10 units or more.
    expect(shape.stockedSellableBatches / shape.stocked).toBeGreaterThanOrEqual(2);
    expect(shape.stockedSellableBatches / shape.stocked).toBeLessThanOrEqual(3);
    expect(shape.batches / 2_000).toBeGreaterThan(2);
    expect(shape.expired).toBeGreaterThan(5);
    expect(shape.expired).toBeLessThan(60);
    expect(shape.shortDated).toBeGreaterThan(60);
    expect(shape.nearExpirySellable).toBeGreaterThan(100);
    expect(shape.furthestDays).toBeLessThanOrEqual(1_200);
    const low = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM products
      WHERE id > ${afterId} AND is_active AND quantity < reorder_level`);
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
    const before = await countOf(products);
    await generateLargeCatalogue(handle.db, { products: before + 400 });
    expect(await stockViolations(lastId, sellableFrom)).toEqual(NO_VIOLATIONS);
    const shape = await batchShape(lastId, sellableFrom);
    expect(shape.shortDated).toBeGreaterThan(0);
    const [horizon] = await handle.db.select().from(stockHorizon);
    expect(horizon?.sellableFrom).toBe(sellableFrom);
  });
});
