import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import {
  divisions,
  manufacturers,
  productImages,
  products,
  saltCompositions,
  stockBatches,
  stockMovements,
} from '../src/db/schema/index';
import { addDays, utcDay } from '@pharmacy/shared';

const unique = () => randomBytes(3).toString('hex');

export async function createDivision(db: Database, name = `Division ${unique()}`) {
  const [row] = await db
    .insert(divisions)
    .values({ name, imageUrl: '/uploads/catalog/x.svg' })
    .returning();
  return row as NonNullable<typeof row>;
}
export async function createManufacturer(db: Database, name = `Maker ${unique()}`) {
  const [row] = await db.insert(manufacturers).values({ name }).returning();
  return row as NonNullable<typeof row>;
}
export async function createSalt(db: Database, name = `Salt ${unique()}`) {
  const [row] = await db.insert(saltCompositions).values({ name }).returning();
  return row as NonNullable<typeof row>;
}

export interface CatalogBasics {
  divisionId: number;
  manufacturerId: number;
  saltCompositionId: number;
}

export async function createBasics(db: Database): Promise<CatalogBasics> {
  const [division, manufacturer, salt] = [
    await createDivision(db),
    await createManufacturer(db),
    await createSalt(db),
  ];
  return { divisionId: division.id, manufacturerId: manufacturer.id, saltCompositionId: salt.id };
}

export async function createProduct(
  db: Database,
  basics: CatalogBasics,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${unique()}`,
      offerPriceMinor: 9000,
      maximumRetailPriceMinor: 10000,
      quantity: 50,
      prescription: false,
      isActive: true,
      ...basics,
      ...overrides,
    })
    .returning();
  const product = row as NonNullable<typeof row>;
  await db
    .insert(productImages)
    .values({ productId: product.id, url: `/uploads/catalog/p${product.id}.svg`, position: 0 });
  // Stock lives in batches: the quantity arrives as one batch a year from expiry, with its receipt.
  if (product.quantity > 0) await addBatch(db, product.id, product.quantity);
  return product;
}

/**
 * A batch of a product as a goods receipt would write it (with its ledger row), without the
 * API. products.quantity is not touched: callers that need it recomputed use the API, or
 * setStock below.
 */
export async function addBatch(
  db: Database,
  productId: number,
  units: number,
  options: { batchNumber?: string; expiryDate?: string } = {},
) {
  const [batch] = await db
    .insert(stockBatches)
    .values({
      productId,
      batchNumber: options.batchNumber ?? `T${unique()}`,
      expiryDate: options.expiryDate ?? addDays(utcDay(), 365),
      onHand: units,
      receivedUnits: units,
    })
    .returning();
  if (units > 0)
    await db
      .insert(stockMovements)
      .values({ productId, batchId: batch!.id, kind: 'receipt', units, userId: null });
  return batch as NonNullable<typeof batch>;
}

/**
 * Sets a product's sellable stock behind the shop's back (a test standing in for units that left
 * another way): its batches are emptied and one batch of `units` takes their place, with ledger
 * rows for every change, and products.quantity follows.
 */
export async function setStock(db: Database, productId: number, units: number) {
  const batches = await db.select().from(stockBatches).where(eq(stockBatches.productId, productId));
  for (const batch of batches) {
    if (batch.onHand === 0) continue;
    await db.update(stockBatches).set({ onHand: 0 }).where(eq(stockBatches.id, batch.id));
    await db.insert(stockMovements).values({
      productId,
      batchId: batch.id,
      kind: 'adjustment',
      reason: 'count_correction',
      units: -batch.onHand,
      userId: null,
    });
  }
  if (units > 0) await addBatch(db, productId, units);
  await db.update(products).set({ quantity: units }).where(eq(products.id, productId));
}

export async function setUnitsSold(db: Database, productId: number, unitsSold: number) {
  await db.update(products).set({ unitsSold }).where(eq(products.id, productId));
}

/** The text fields of a valid product form (multipart, as the admin form sends them). */
export const productFormFields = (basics: CatalogBasics, name: string) => ({
  name,
  maximumRetailPrice: '155.50',
  offerPrice: '140',
  divisionId: String(basics.divisionId),
  manufacturerId: String(basics.manufacturerId),
  saltCompositionId: String(basics.saltCompositionId),
  quantity: '30',
  batchNumber: 'B-OPEN-1',
  expiryDate: addDays(utcDay(), 400),
  prescription: 'false',
});

/** The text fields of a valid product edit: the add form's without the opening stock. */
export const productEditFields = (basics: CatalogBasics, name: string) => {
  const {
    quantity: _quantity,
    batchNumber: _batch,
    expiryDate: _expiry,
    ...fields
  } = productFormFields(basics, name);
  return fields;
};
