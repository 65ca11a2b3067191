import {
  addDays,
  daysBetween,
  DEFAULT_MIN_SHELF_LIFE_DAYS,
  DEFAULT_NEAR_EXPIRY_DAYS,
  LIMITS,
  sellableCutoff,
  toMinorUnits,
  utcDay,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../lib/storage/index';
import type { Database, Transaction } from '../client';
import {
  divisions,
  manufacturers,
  productImages,
  products,
  saltCompositions,
  stockBatches,
  stockMovements,
} from '../schema/index';
import type { NewProductRow } from '../schema/index';
import {
  DEMO_DIVISIONS,
  DEMO_GROUPS,
  DEMO_MANUFACTURERS,
  DIVISION_USES,
  type DivisionName,
} from './demo-catalogue';
import { createRandom, offerPriceMinor, slugify, strengthFromSalt, type Random } from './random';
import { batchPrefix, financialYear, lockSellableFrom, receiptNote, SUPPLIERS } from './stock';
import { divisionSvg, packShotSvg } from './svg';

/** Public URL prefix of the generated images, stored through the shop's file storage. */
export const CATALOG_IMAGE_PREFIX = '/uploads/catalog';
const DEMO_SEED = 20_250_301;
/** The batches come from a PRNG of their own, so products' prices and stock stay as they were. */
const BATCH_SEED = 20_261_115;
const DAY_MS = 86_400_000;
/** Serialises concurrent first starts of several instances sharing one PostgreSQL. */
const SEED_LOCK_KEY = 72_010_001;

const DISCOUNTS = [0, 5, 8, 10, 10, 12, 15, 15, 18, 20, 22, 25] as const;
const RX_NOTE =
  'Prescription required: sold only against a valid prescription from a registered medical practitioner.';
const OTC_NOTE = 'Read the label carefully before use.';
const STORAGE_NOTE =
  'Store below 30°C, away from direct sunlight and out of the reach of children.';

/** One batch of a demo product, as its goods receipt recorded it (one 'receipt' ledger row). */
export interface DemoBatch {
  batchNumber: string;
  /** yyyy-MM-dd (UTC). */
  expiryDate: string;
  /** Units received, all still on hand: the demo shop has sold nothing yet. */
  units: number;
  receivedAt: Date;
  /** Per unit, below the offer price. */
  purchasePriceMinor: number;
  supplier: string;
  invoiceReference: string;
}

export interface DemoProduct {
  name: string;
  divisionName: DivisionName;
  manufacturerName: string;
  saltName: string | null;
  dosageForm: string;
  strength: string | null;
  packSize: string;
  description: string;
  offerPriceMinor: number;
  maximumRetailPriceMinor: number;
  /** Sellable units: the sum of the batches expiring on or after the sellable cut-off. */
  quantity: number;
  prescription: boolean;
  isActive: boolean;
  /** Issue 19: cold-chain products cannot be returned. */
  returnable: boolean;
  createdAt: Date;
  imageFile: string;
  /** First to expire first. */
  batches: DemoBatch[];
}

export interface DemoCatalogueOptions {
  /**
   * The earliest expiry date whose units count as sellable (the inventory module's cut-off);
   * default: today (UTC) + the default MIN_SHELF_LIFE_DAYS.
   */
  sellableFrom?: string;
}

const divisionColor = new Map<string, string>(DEMO_DIVISIONS.map((d) => [d.name, d.color]));

export function divisionImageFile(name: string): string {
  return `division-${slugify(name)}.svg`;
}

/**
 * The demo catalogue as plain objects: prices, stock, batches and dates come from seeded PRNGs,
 * so the result is the same on every call except that dates are relative to `now`.
 *
 * Stock lives in batches (docs/decisions/0011): an in-stock product has 1–3 sellable batches
 * whose units add up to its quantity, the first to expire holding the fewest (the older
 * delivery, partly sold before); about one in six of those first batches expires within 90
 * days; about one product in fourteen also holds a short-dated batch (less than the minimum shelf
 * life left, so not sold), as do half the products out of stock; and exactly one product holds an
 * expired batch with units, waiting to be written off.
 */
export function buildDemoCatalogue(
  now: Date = new Date(),
  options: DemoCatalogueOptions = {},
): DemoProduct[] {
  const random = createRandom(DEMO_SEED);
  const floor = toMinorUnits(LIMITS.minimumPrice);
  const files = new Set<string>();
  const result: DemoProduct[] = [];
  for (const group of DEMO_GROUPS) {
    for (const [name, manufacturerName, explicitMrp, options = {}] of group.items) {
      const baseMrp = explicitMrp ?? group.mrp * (0.8 + random.next() * 0.45);
      // Whole rupees, sometimes with 50 paise, as printed MRPs usually are.
      const mrpMinor = Math.max(
        floor,
        Math.round(baseMrp) * 100 + (explicitMrp === undefined && random.chance(0.3) ? 50 : 0),
      );
      const offer = offerPriceMinor(mrpMinor, random.pick(DISCOUNTS), floor);
      const stockRoll = random.next();
      const quantity =
        stockRoll < 0.05 ? 0 : stockRoll < 0.1 ? random.int(1, 4) : random.int(10, 500);
      const createdAt = new Date(
        now.getTime() - Math.floor(random.next() * 180 * DAY_MS) - random.int(0, 3600) * 1000,
      );
      const prescription = options.rx ?? group.rx;
      let file = `${slugify(name)}.svg`;
      for (let n = 2; files.has(file); n++) file = `${slugify(name)}-${n}.svg`;
      files.add(file);
      result.push({
        name,
        divisionName: group.division,
        manufacturerName,
        saltName: group.salt,
        dosageForm: options.form ?? group.form,
        strength: strengthFromSalt(group.salt),
        packSize: options.pack ?? group.pack,
        description: [
          `${name} by ${manufacturerName}.`,
          group.salt ? `Contains ${group.salt}.` : '',
          DIVISION_USES[group.division],
          prescription ? RX_NOTE : OTC_NOTE,
          STORAGE_NOTE,
        ]
          .filter(Boolean)
          .join(' '),
        offerPriceMinor: offer,
        maximumRetailPriceMinor: mrpMinor,
        quantity,
        prescription,
        isActive: !options.inactive,
        returnable: !group.coldChain,
        createdAt,
        imageFile: file,
        batches: [],
      });
    }
  }
  addBatches(result, now, options.sellableFrom);
  return result;
}

/** About three years: the longest shelf life left on a delivery. */
const LONGEST_EXPIRY_DAYS = 1_095;

/**
 * Splits each product's stock into batches, in place: `quantity` becomes the sum of the sellable
 * batches, which is the quantity drawn for it whatever the cut-off.
 */
function addBatches(catalogue: DemoProduct[], now: Date, sellableFrom?: string): void {
  const random = createRandom(BATCH_SEED);
  const today = utcDay(now);
  const cutoff = sellableFrom ?? sellableCutoff(today, DEFAULT_MIN_SHELF_LIFE_DAYS);
  // The one expired batch: on an active, well-stocked product listed long enough ago to have
  // received a batch that has expired since.
  const longListed = catalogue.filter(
    (p) => p.isActive && p.quantity >= 10 && now.getTime() - p.createdAt.getTime() > 120 * DAY_MS,
  );
  const withExpired = random.pick(longListed.length ? longListed : catalogue);
  for (const product of catalogue) {
    product.batches = planBatches(random, product, {
      today,
      cutoff,
      now,
      expired: product === withExpired,
    });
    product.quantity = product.batches
      .filter((b) => b.expiryDate >= cutoff)
      .reduce((sum, b) => sum + b.units, 0);
  }
}

function planBatches(
  random: Random,
  product: DemoProduct,
  day: { today: string; cutoff: string; now: Date; expired: boolean },
): DemoBatch[] {
  const shelfLife = daysBetween(day.today, day.cutoff);
  const plans: { offset: number; units: number }[] = [];
  // Not sellable (expired, or short-dated: less than the minimum shelf life left): received
  // before the sellable batches, so listed first.
  if (day.expired) {
    plans.push({ offset: -random.int(4, 40), units: random.int(6, 30) });
  } else if (shelfLife >= 2 && random.chance(product.quantity === 0 ? 0.5 : 0.07)) {
    plans.push({ offset: random.int(1, shelfLife - 1), units: random.int(2, 18) });
  }
  // Sellable: the quantity over 1–3 batches, the first to expire holding the fewest units.
  const wanted = product.quantity;
  const count = wanted === 0 ? 0 : wanted < 10 ? 1 : random.pick([1, 2, 2, 2, 3, 3, 3]);
  let remaining = wanted;
  const parts: number[] = [];
  for (let left = count; left > 1; left--) {
    const share = Math.round(remaining * (0.15 + random.next() * 0.3));
    const units = Math.min(remaining - (left - 1), Math.max(1, share));
    parts.push(units);
    remaining -= units;
  }
  if (count > 0) parts.push(remaining);
  const nearest = Math.max(shelfLife + 1, 120);
  let offset =
    random.chance(0.16) && DEFAULT_NEAR_EXPIRY_DAYS - 1 > shelfLife + 2
      ? random.int(shelfLife + 2, DEFAULT_NEAR_EXPIRY_DAYS - 1)
      : random.int(nearest, Math.max(nearest, 700));
  for (const units of parts) {
    plans.push({ offset, units });
    offset = Math.max(offset, Math.min(LONGEST_EXPIRY_DAYS, offset + random.int(60, 330)));
  }

  // Received between the product's listing and now, in expiry order, but never later than 90
  // days before the batch expires (no pharmacist accepts a delivery that short): a batch close to
  // its expiry may have come in before the product was listed in the shop.
  const listed = product.createdAt.getTime();
  const span = Math.max(0, day.now.getTime() - listed - 3_600_000);
  const moments = plans.map(() => random.next()).sort((a, b) => a - b);
  const prefix = batchPrefix(product.manufacturerName);
  const mainSupplier = random.pick(SUPPLIERS);
  const numbers = new Set<string>();
  return plans.map((plan, index) => {
    const expiryDate = addDays(day.today, plan.offset);
    const latest = Date.parse(`${expiryDate}T00:00:00Z`) - 90 * DAY_MS;
    const received = Math.min(listed + Math.floor((moments[index] ?? 0) * span), latest);
    const receivedAt = new Date(Math.floor(received / 1000) * 1000);
    const madeIn = (Number(expiryDate.slice(0, 4)) - random.pick([2, 2, 3])) % 100;
    let batchNumber: string;
    do {
      batchNumber = `${prefix}${String(madeIn).padStart(2, '0')}-${random.int(1000, 9999)}`;
    } while (numbers.has(batchNumber));
    numbers.add(batchNumber);
    const supplier = random.chance(0.75) ? mainSupplier : random.pick(SUPPLIERS);
    return {
      batchNumber,
      expiryDate,
      units: plan.units,
      receivedAt,
      purchasePriceMinor:
        Math.round((product.offerPriceMinor * (0.6 + random.next() * 0.22)) / 10) * 10,
      supplier: supplier.name,
      invoiceReference: `${supplier.code}/${financialYear(receivedAt)}/${String(random.int(1, 99_999)).padStart(5, '0')}`,
    };
  });
}

async function writeImages(storage: FileStorage, catalogue: readonly DemoProduct[]): Promise<void> {
  const save = (file: string, svg: string) =>
    storage.savePublicAt(`${CATALOG_IMAGE_PREFIX}/${file}`, Buffer.from(svg));
  const writes: Promise<void>[] = DEMO_DIVISIONS.map((d) =>
    save(divisionImageFile(d.name), divisionSvg(d.name, d.color)),
  );
  for (const p of catalogue) {
    const svg = packShotSvg({
      name: p.name,
      strength: p.strength,
      dosageForm: p.dosageForm,
      packSize: p.packSize,
      divisionName: p.divisionName,
      color: divisionColor.get(p.divisionName) ?? '#495057',
      prescription: p.prescription,
    });
    writes.push(save(p.imageFile, svg));
  }
  await Promise.all(writes);
}

/**
 * Issue 16 in the demo: third-generation cephalosporins and fluoroquinolones are Schedule H1 in
 * India (register kept, a pharmacist's approval); the other prescription medicines Schedule H.
 * Cough syrups with dextromethorphan or diphenhydramine, which are misused, are sold at most two
 * bottles per order.
 */
const H1_SALTS = new Set(['Cefixime (200mg)', 'Cefpodoxime (200mg)', 'Levofloxacin (500mg)']);
const LIMITED_SALTS: ReadonlyMap<string, number> = new Map([
  ['Dextromethorphan (10mg/5ml) + Chlorpheniramine (2mg/5ml)', 2],
  ['Diphenhydramine (14.08mg/5ml) + Ammonium Chloride (138mg/5ml)', 2],
]);

function dispensingOf(p: { saltName: string | null; prescription: boolean }) {
  const salt = p.saltName ?? '';
  return {
    scheduleCode: p.prescription ? (H1_SALTS.has(salt) ? 'H1' : 'H') : 'OTC',
    maxUnitsPerOrder: LIMITED_SALTS.get(salt) ?? null,
  };
}

type IdByName = Map<string, number>;

function byLowerName(rows: readonly { id: number; name: string }[]): IdByName {
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

function idOf(map: IdByName, name: string, kind: string): number {
  const id = map.get(name.toLowerCase());
  if (id === undefined) throw new Error(`demo seed: ${kind} '${name}' is missing`);
  return id;
}

/** Inserts the demo divisions, manufacturers and salts that do not exist yet (names ignore case). */
export async function ensureDemoReferenceData(tx: Database | Transaction): Promise<{
  divisionIds: IdByName;
  manufacturerIds: IdByName;
  saltIds: IdByName;
}> {
  await tx
    .insert(divisions)
    .values(
      DEMO_DIVISIONS.map((d) => ({
        name: d.name,
        imageUrl: `${CATALOG_IMAGE_PREFIX}/${divisionImageFile(d.name)}`,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(manufacturers)
    .values(DEMO_MANUFACTURERS.map((name) => ({ name })))
    .onConflictDoNothing();
  const salts = [...new Set(DEMO_GROUPS.flatMap((g) => (g.salt ? [g.salt] : [])))];
  await tx
    .insert(saltCompositions)
    .values(salts.map((name) => ({ name })))
    .onConflictDoNothing();
  const divisionRows = await tx.select({ id: divisions.id, name: divisions.name }).from(divisions);
  const manufacturerRows = await tx
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers);
  const saltRows = await tx
    .select({ id: saltCompositions.id, name: saltCompositions.name })
    .from(saltCompositions);
  return {
    divisionIds: byLowerName(divisionRows),
    manufacturerIds: byLowerName(manufacturerRows),
    saltIds: byLowerName(saltRows),
  };
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
 * Images are written first (idempotent), then all rows go in one transaction: products, their
 * batches and one 'receipt' ledger row per batch, each product's quantity the sum of its batches
 * sellable at the database's cut-off (seed/stock.ts lockSellableFrom).
 */
export async function seedDemoCatalogue(
  db: Database,
  options: SeedDemoOptions,
): Promise<{ seeded: boolean; products: number }> {
  const existing = await db.select({ id: products.id }).from(products).limit(1);
  if (existing.length > 0) return { seeded: false, products: 0 };

  const now = options.now ?? new Date();
  await writeImages(options.storage, buildDemoCatalogue(now));

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_KEY))})`);
    const again = await tx.select({ id: products.id }).from(products).limit(1);
    if (again.length > 0) return { seeded: false, products: 0 };
    // The images do not depend on the cut-off: the same catalogue with its batches for it.
    const sellableFrom = await lockSellableFrom(tx, {
      minShelfLifeDays: options.minShelfLifeDays,
      now,
    });
    const catalogue = buildDemoCatalogue(now, { sellableFrom });

    const { divisionIds, manufacturerIds, saltIds } = await ensureDemoReferenceData(tx);
    const rows: NewProductRow[] = catalogue.map((p) => ({
      ...dispensingOf(p),
      name: p.name,
      offerPriceMinor: p.offerPriceMinor,
      maximumRetailPriceMinor: p.maximumRetailPriceMinor,
      quantity: p.quantity,
      prescription: p.prescription,
      isActive: p.isActive,
      returnable: p.returnable,
      divisionId: idOf(divisionIds, p.divisionName, 'division'),
      manufacturerId: idOf(manufacturerIds, p.manufacturerName, 'manufacturer'),
      saltCompositionId: p.saltName ? idOf(saltIds, p.saltName, 'salt composition') : null,
      dosageForm: p.dosageForm,
      strength: p.strength,
      packSize: p.packSize,
      description: p.description,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    }));

    const byName = new Map(catalogue.map((p) => [p.name, p]));
    for (let i = 0; i < rows.length; i += 250) {
      const inserted = await tx
        .insert(products)
        .values(rows.slice(i, i + 250))
        .returning({ id: products.id, name: products.name });
      await tx.insert(productImages).values(
        inserted.map((r) => ({
          productId: r.id,
          url: `${CATALOG_IMAGE_PREFIX}/${byName.get(r.name)?.imageFile ?? ''}`,
          position: 0,
        })),
      );
      await insertBatches(
        tx,
        inserted.flatMap((r) =>
          (byName.get(r.name)?.batches ?? []).map((batch) => ({ productId: r.id, ...batch })),
        ),
      );
    }
    return { seeded: true, products: rows.length };
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
