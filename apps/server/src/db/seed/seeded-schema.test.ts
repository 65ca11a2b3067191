import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/index';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { addresses, manufacturers, products, saltCompositions, users } from '../schema/index';
import { seedDemoCatalogue } from './seed-demo';
import { CHECK_VIOLATION, failureCode, UNIQUE_VIOLATION } from './seed-test-support';

// The schema's constraints, triggers and relations, on a database holding the demo catalogue.

let handle: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-seed-schema-'));
  handle = await createTestDatabase();
  await seedDemoCatalogue(handle.db, { storage: createLocalStorage(dataDir) });
});

afterAll(async () => {
  await handle?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
