import { LIMITS, toMinorUnits } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../lib/storage/index';
import type { Database, Transaction } from '../client';
import {
  divisions,
  manufacturers,
  productImages,
  products,
  saltCompositions,
} from '../schema/index';
import type { NewProductRow } from '../schema/index';
import {
  DEMO_DIVISIONS,
  DEMO_GROUPS,
  DEMO_MANUFACTURERS,
  DIVISION_USES,
  type DivisionName,
} from './demo-catalogue';
import { createRandom, offerPriceMinor, slugify, strengthFromSalt } from './random';
import { divisionSvg, packShotSvg } from './svg';

/** Public URL prefix of the generated images, stored through the shop's file storage. */
export const CATALOG_IMAGE_PREFIX = '/uploads/catalog';
const DEMO_SEED = 20_250_301;
const DAY_MS = 86_400_000;
/** Serialises concurrent first starts of several instances sharing one PostgreSQL. */
const SEED_LOCK_KEY = 72_010_001;

const DISCOUNTS = [0, 5, 8, 10, 10, 12, 15, 15, 18, 20, 22, 25] as const;
const RX_NOTE =
  'Prescription required: sold only against a valid prescription from a registered medical practitioner.';
const OTC_NOTE = 'Read the label carefully before use.';
const STORAGE_NOTE =
  'Store below 30°C, away from direct sunlight and out of the reach of children.';

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
  quantity: number;
  prescription: boolean;
  isActive: boolean;
  createdAt: Date;
  imageFile: string;
}

const divisionColor = new Map<string, string>(DEMO_DIVISIONS.map((d) => [d.name, d.color]));

export function divisionImageFile(name: string): string {
  return `division-${slugify(name)}.svg`;
}

/**
 * The demo catalogue as plain objects: prices, stock and dates come from a seeded PRNG, so the
 * result is the same on every call except that dates are relative to `now`.
 */
export function buildDemoCatalogue(now: Date = new Date()): DemoProduct[] {
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
        createdAt,
        imageFile: file,
      });
    }
  }
  return result;
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
  /** Reference time for the products' created_at (default: now). */
  now?: Date;
}

/**
 * Seeds the demo catalogue when the database has no product at all; otherwise does nothing.
 * Images are written first (idempotent), then all rows go in one transaction.
 */
export async function seedDemoCatalogue(
  db: Database,
  options: SeedDemoOptions,
): Promise<{ seeded: boolean; products: number }> {
  const existing = await db.select({ id: products.id }).from(products).limit(1);
  if (existing.length > 0) return { seeded: false, products: 0 };

  const catalogue = buildDemoCatalogue(options.now);
  await writeImages(options.storage, catalogue);

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_KEY))})`);
    const again = await tx.select({ id: products.id }).from(products).limit(1);
    if (again.length > 0) return { seeded: false, products: 0 };

    const { divisionIds, manufacturerIds, saltIds } = await ensureDemoReferenceData(tx);
    const rows: NewProductRow[] = catalogue.map((p) => ({
      name: p.name,
      offerPriceMinor: p.offerPriceMinor,
      maximumRetailPriceMinor: p.maximumRetailPriceMinor,
      quantity: p.quantity,
      prescription: p.prescription,
      isActive: p.isActive,
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

    const imageByName = new Map(catalogue.map((p) => [p.name, p.imageFile]));
    for (let i = 0; i < rows.length; i += 250) {
      const inserted = await tx
        .insert(products)
        .values(rows.slice(i, i + 250))
        .returning({ id: products.id, name: products.name });
      await tx.insert(productImages).values(
        inserted.map((r) => ({
          productId: r.id,
          url: `${CATALOG_IMAGE_PREFIX}/${imageByName.get(r.name) ?? ''}`,
          position: 0,
        })),
      );
    }
    return { seeded: true, products: rows.length };
  });
}
