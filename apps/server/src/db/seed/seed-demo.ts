import { seedDemoDelivery } from './demo-delivery';
import { checkCatalogCsvRow } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../lib/storage/index';
import { applyImport } from '../../modules/catalog-csv/catalog-csv.apply';
import { planImport } from '../../modules/catalog-csv/catalog-csv.plan';
import { readCatalogCsv } from '../../modules/catalog-csv/read-catalog-csv';
import { createScheduleRegistry } from '../../modules/compliance/schedules';
import type { Database, Transaction } from '../client';
import {
  divisions,
  manufacturers,
  productImages,
  products,
  stockBatches,
  stockMovements,
} from '../schema/index';
import { addBatches, type BatchedProduct, type DemoBatch } from './demo-batches';
import { seedDemoMedicineInformation } from './demo-medicine-information';
import { seedDemoDrugInteractions } from './demo-drug-interactions';
import { demoCatalogueCsv, demoData } from './demo-data';
import { slugify } from './random';
import { lockSellableFrom, receiptNote } from './stock';
import { divisionSvg, packShotSvg } from './svg';

export type { DemoBatch } from './demo-batches';

/** Public URL prefix of the generated images, stored through the shop's file storage. */
export const CATALOG_IMAGE_PREFIX = '/uploads/catalog';
/** Serialises concurrent first starts of several instances sharing one PostgreSQL. */
const SEED_LOCK_KEY = 72_010_001;

export interface DemoProduct extends BatchedProduct {
  name: string;
  divisionName: string;
  manufacturerName: string;
  saltName: string | null;
  dosageForm: string | null;
  strength: string | null;
  packSize: string | null;
  description: string | null;
  offerPriceMinor: number;
  maximumRetailPriceMinor: number;
  prescription: boolean;
  /** Issue 19: cold-chain products cannot be returned. */
  returnable: boolean;
  imageFile: string;
}

export interface DemoCatalogueOptions {
  /**
   * The earliest expiry date whose units count as sellable (the inventory module's cut-off);
   * default: today (UTC) + the default MIN_SHELF_LIFE_DAYS.
   */
  sellableFrom?: string;
}

export function divisionImageFile(name: string): string {
  return `division-${slugify(name)}.svg`;
}

/** A yes/no cell the import ignores (Prescription), or the whole number of the Stock column. */
function readOnlyCell(line: number, field: string, text: string | undefined, pattern: RegExp) {
  if (text === undefined || !pattern.test(text.trim()))
    throw new Error(`demo catalogue, line ${line}: ${field} “${text ?? ''}” is not valid`);
  return text.trim();
}

/**
 * The products of demo-catalogue.csv, read and checked by the catalogue import's own reader and
 * row rules, with their listing dates (demo-catalogue.json) and image file names.
 */
async function readDemoProducts(now: Date): Promise<DemoProduct[]> {
  const listed = demoData().listedMsAgo;
  const files = new Set<string>();
  const result: DemoProduct[] = [];
  for await (const record of readCatalogCsv(demoCatalogueCsv())) {
    const checked = record.cells ? checkCatalogCsvRow(record.cells) : undefined;
    if (!checked?.ok)
      throw new Error(`demo catalogue, line ${record.line}: ${checked?.reason ?? record.problem}`);
    const { row } = checked;
    const msAgo = listed[row.name];
    if (msAgo === undefined)
      throw new Error(`demo catalogue: “${row.name}” has no listing date in the JSON`);
    let file = `${slugify(row.name)}.svg`;
    for (let n = 2; files.has(file); n++) file = `${slugify(row.name)}-${n}.svg`;
    files.add(file);
    const stock = readOnlyCell(record.line, 'Stock', record.readOnly?.stock, /^\d+$/);
    const rx = readOnlyCell(
      record.line,
      'Prescription',
      record.readOnly?.prescription,
      /^(yes|no)$/,
    );
    result.push({
      name: row.name,
      divisionName: row.division,
      manufacturerName: row.manufacturer,
      saltName: row.saltComposition,
      dosageForm: row.dosageForm,
      strength: row.strength,
      packSize: row.packSize,
      description: row.description,
      offerPriceMinor: row.offerPriceMinor,
      maximumRetailPriceMinor: row.maximumRetailPriceMinor,
      quantity: Number(stock),
      prescription: rx === 'yes',
      isActive: row.isActive,
      returnable: row.returnable ?? true,
      createdAt: new Date(now.getTime() - msAgo),
      imageFile: file,
      batches: [],
    });
  }
  return result;
}

/**
 * The demo catalogue as plain objects, with the batches its stock is received in: the same on
 * every call except that dates are relative to `now` (demo-batches.ts).
 */
export async function buildDemoCatalogue(
  now: Date = new Date(),
  options: DemoCatalogueOptions = {},
): Promise<DemoProduct[]> {
  const catalogue = await readDemoProducts(now);
  addBatches(catalogue, now, options.sellableFrom);
  return catalogue;
}

async function writeImages(storage: FileStorage, catalogue: readonly DemoProduct[]): Promise<void> {
  const save = (file: string, svg: string) =>
    storage.savePublicAt(`${CATALOG_IMAGE_PREFIX}/${file}`, Buffer.from(svg));
  const colors = new Map(demoData().divisions.map((d) => [d.name, d.color]));
  const writes: Promise<void>[] = demoData().divisions.map((d) =>
    save(divisionImageFile(d.name), divisionSvg(d.name, d.color)),
  );
  for (const p of catalogue) {
    const svg = packShotSvg({
      name: p.name,
      strength: p.strength,
      dosageForm: p.dosageForm,
      packSize: p.packSize,
      divisionName: p.divisionName,
      color: colors.get(p.divisionName) ?? '#495057',
      prescription: p.prescription,
    });
    writes.push(save(p.imageFile, svg));
  }
  await Promise.all(writes);
}

/**
 * Inserts the demo divisions (with their images) and manufacturers that do not exist yet (names
 * ignore case), in the order of the JSON: the import would create divisions without an image and
 * manufacturers in the order the file first names them. Salts are created by the import.
 */
export async function ensureDemoReferenceData(tx: Database | Transaction): Promise<void> {
  const data = demoData();
  await tx
    .insert(divisions)
    .values(
      data.divisions.map((d) => ({
        name: d.name,
        imageUrl: `${CATALOG_IMAGE_PREFIX}/${divisionImageFile(d.name)}`,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(manufacturers)
    .values(data.manufacturers.map((name) => ({ name })))
    .onConflictDoNothing();
}

export interface SeedDemoOptions {
  /** Where the images go: local disk (`DATA_DIR/uploads/catalog`) or the bucket. */
  storage: FileStorage;
  /** Reference time for the products' created_at and the batches' dates (default: now). */
  now?: Date;
  /**
   * MIN_SHELF_LIFE_DAYS, for the sellable cut-off when no server has written one into the
   * database yet (stock_horizon); a cut-off already there wins (default 30).
   */
  minShelfLifeDays?: number;
}

/**
 * Seeds the demo catalogue when the database has no product at all; otherwise does nothing.
 * Images are written first (idempotent), then all rows go in one transaction: the CSV through the
 * catalogue import's plan and apply (products, and the salts they name), then what the import
 * leaves to others: each product's listing date, its batches and one 'receipt' ledger row per
 * batch, its quantity the sum of its batches sellable at the database's cut-off (seed/stock.ts
 * lockSellableFrom), and its image. No audit entry: nobody imported anything.
 */
export async function seedDemoCatalogue(
  db: Database,
  options: SeedDemoOptions,
): Promise<{ seeded: boolean; products: number }> {
  const existing = await db.select({ id: products.id }).from(products).limit(1);
  if (existing.length > 0) return { seeded: false, products: 0 };

  const now = options.now ?? new Date();
  const catalogue = await readDemoProducts(now);
  await writeImages(options.storage, catalogue);

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_KEY))})`);
    const again = await tx.select({ id: products.id }).from(products).limit(1);
    if (again.length > 0) return { seeded: false, products: 0 };
    // The images do not depend on the cut-off: the same catalogue with its batches for it.
    const sellableFrom = await lockSellableFrom(tx, {
      minShelfLifeDays: options.minShelfLifeDays,
      now,
    });
    addBatches(catalogue, now, sellableFrom);

    await ensureDemoReferenceData(tx);
    await seedDemoDelivery(tx);
    const schedules = createScheduleRegistry(tx);
    await schedules.load();
    const planned = await planImport(tx, demoCatalogueCsv(), schedules);
    if (planned.refused.length > 0 || planned.creates.length !== catalogue.length)
      throw new Error(`demo seed: the import refused ${JSON.stringify(planned.refused)}`);
    await applyImport(tx, planned, schedules);

    const inserted = await tx.select({ id: products.id, name: products.name }).from(products);
    const idOf = new Map(inserted.map((r) => [r.name, r.id]));
    const placed = catalogue.map((p) => {
      const id = idOf.get(p.name);
      if (id === undefined) throw new Error(`demo seed: “${p.name}” was not imported`);
      return { id, p };
    });
    await tx.execute(sql`UPDATE ${products}
      SET quantity = r.quantity, created_at = r.created, updated_at = r.created
      FROM jsonb_to_recordset(${JSON.stringify(
        placed.map(({ id, p }) => ({ id, quantity: p.quantity, created: p.createdAt })),
      )}::jsonb) AS r(id integer, quantity integer, created timestamptz)
      WHERE ${products.id} = r.id`);
    await tx.insert(productImages).values(
      placed.map(({ id, p }) => ({
        productId: id,
        url: `${CATALOG_IMAGE_PREFIX}/${p.imageFile}`,
        position: 0,
      })),
    );
    await insertBatches(
      tx,
      placed.flatMap(({ id, p }) => p.batches.map((batch) => ({ productId: id, ...batch }))),
    );
    // Issue 30: the demo salts' medicine information, published as the demo pharmacist's review.
    await seedDemoMedicineInformation(tx, { now });
    // Issue 31: the interaction table for the demo salts' ingredients.
    await seedDemoDrugInteractions(tx, now);
    return { seeded: true, products: placed.length };
  });
}

/** Batches with their receipt rows in the ledger: a batch's units on hand = its ledger's sum. */
async function insertBatches(
  tx: Transaction,
  batches: readonly (DemoBatch & { productId: number })[],
): Promise<void> {
  if (batches.length === 0) return;
  const inserted = await tx
    .insert(stockBatches)
    .values(
      batches.map((b) => ({
        productId: b.productId,
        batchNumber: b.batchNumber,
        expiryDate: b.expiryDate,
        onHand: b.units,
        receivedUnits: b.units,
        receivedAt: b.receivedAt,
        purchasePriceMinor: b.purchasePriceMinor,
        supplier: b.supplier,
        invoiceReference: b.invoiceReference,
      })),
    )
    .returning({
      id: stockBatches.id,
      productId: stockBatches.productId,
      batchNumber: stockBatches.batchNumber,
    });
  const idOfBatch = new Map(inserted.map((r) => [`${r.productId} ${r.batchNumber}`, r.id]));
  await tx.insert(stockMovements).values(
    batches.map((b) => {
      const batchId = idOfBatch.get(`${b.productId} ${b.batchNumber}`);
      if (batchId === undefined) throw new Error(`demo seed: batch ${b.batchNumber} is missing`);
      return {
        productId: b.productId,
        batchId,
        kind: 'receipt',
        units: b.units,
        note: receiptNote(b.invoiceReference, b.supplier),
        createdAt: b.receivedAt,
      };
    }),
  );
}
