import { LIMITS, toMinorUnits, utcDay } from '@pharmacy/shared';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  divisions,
  manufacturers,
  products,
  saltCompositions,
  stockBatches,
  stockMovements,
} from '../schema/index';
import { demoData } from './demo-data';
import { batchesSql } from './large-catalogue-batches';
import {
  COMBO_MARKS,
  EXTRA_MANUFACTURERS,
  HERBAL_FORMS,
  HERBAL_WORDS,
  MOLECULES,
  PREFIXES,
  RELEASE_MARKS,
  SUFFIXES,
  packFor,
  saltName,
  shortStrengthOf,
  sizeFor,
  type DivisionName,
  type DosageForm,
} from './large-catalogue-words';
import { createRandom, offerPriceMinor, strengthFromSalt } from './random';
import { lockSellableFrom } from './stock';

/**
 * Generates a large catalogue (e.g. 100,000 products) for load and search tests: realistic
 * names ('<Brand> <strength> <form>'), prices, stock, dates and prescription flags spread over
 * the divisions, manufacturers and salts. Rows go in with one statement per batch of rows,
 * INSERT … SELECT FROM json_to_recordset, which is fast on both PGlite and PostgreSQL; the same
 * statement puts each product's stock into batches with their receipt rows in the ledger
 * (large-catalogue-batches.ts). No image files: products without images use the spec's placeholders.
 */

const DAY_MS = 86_400_000;

interface SaltProfile {
  id: number;
  name: string;
  division: DivisionName;
  form: DosageForm;
  mrp: number;
  rx: boolean;
  /** '650' for 'Paracetamol (650mg)'; null for combinations and percentages. */
  shortStrength: string | null;
  strength: string | null;
}

function knownSalts(): Map<
  string,
  Omit<SaltProfile, 'id' | 'name' | 'shortStrength' | 'strength'>
> {
  const map = new Map<string, Omit<SaltProfile, 'id' | 'name' | 'shortStrength' | 'strength'>>();
  for (const m of MOLECULES) {
    for (const s of m.strengths) {
      map.set(saltName(m.name, s).toLowerCase(), {
        division: m.division,
        form: m.form,
        mrp: m.mrp,
        rx: m.rx,
      });
    }
  }
  for (const s of demoData().salts)
    map.set(s.name.toLowerCase(), { division: s.division, form: s.form, mrp: s.mrp, rx: s.rx });
  return map;
}

export interface LargeCatalogueOptions {
  /** The catalogue size to reach (all products, active or not). */
  products: number;
  log?: (line: string) => void;
  /** Rows per INSERT (default 5,000). */
  batchSize?: number;
  /** Reference time for created_at and the batches' dates (default: now). */
  now?: Date;
  /**
   * MIN_SHELF_LIFE_DAYS, for the sellable cut-off when no server has written one into the
   * database yet (stock_horizon); a cut-off already there wins (default 30).
   */
  minShelfLifeDays?: number;
}

/** Adds generated products until the catalogue holds `products` rows. */
export async function generateLargeCatalogue(
  db: Database,
  options: LargeCatalogueOptions,
): Promise<{ inserted: number; ms: number }> {
  if (!Number.isFinite(options.products) || options.products < 0) {
    throw new Error(
      `large catalogue: products must be a number of at least 0, got ${options.products}`,
    );
  }
  const started = performance.now();
  const log = options.log ?? (() => {});
  const batchSize = Math.max(1, options.batchSize ?? 5_000);
  const now = (options.now ?? new Date()).getTime();

  const [existingRow] = await db.select({ n: count() }).from(products);
  const existing = existingRow?.n ?? 0;
  const wanted = Math.max(0, Math.floor(options.products) - existing);
  if (wanted === 0) {
    log(`The catalogue already holds ${existing} products; nothing to generate.`);
    return { inserted: 0, ms: Math.round(performance.now() - started) };
  }

  // Reference data: reuse what exists, add what is missing (names are unique ignoring case).
  await db
    .insert(divisions)
    .values(demoData().divisions.map((d) => ({ name: d.name })))
    .onConflictDoNothing();
  await db
    .insert(manufacturers)
    .values([...demoData().manufacturers, ...EXTRA_MANUFACTURERS].map((name) => ({ name })))
    .onConflictDoNothing();
  const saltNames = [
    ...new Set([
      ...MOLECULES.flatMap((m) => m.strengths.map((s) => saltName(m.name, s))),
      ...demoData().salts.map((s) => s.name),
    ]),
  ];
  await db
    .insert(saltCompositions)
    .values(saltNames.map((name) => ({ name })))
    .onConflictDoNothing();

  // Ordered, so the same database state always gives the same products.
  const divisionRows = await db
    .select({ id: divisions.id, name: divisions.name })
    .from(divisions)
    .orderBy(divisions.id);
  const manufacturerRows = await db
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .orderBy(manufacturers.id);
  const manufacturerIds = manufacturerRows.map((r) => r.id);
  const saltRows = await db
    .select({ id: saltCompositions.id, name: saltCompositions.name })
    .from(saltCompositions)
    .orderBy(saltCompositions.id);

  const divisionIdByName = new Map(divisionRows.map((d) => [d.name.toLowerCase(), d.id]));
  const divisionNameById = new Map(divisionRows.map((d) => [d.id, d.name]));
  const known = knownSalts();
  const random = createRandom(0x5eed + existing);
  const salts: SaltProfile[] = saltRows.map((s) => {
    const profile = known.get(s.name.toLowerCase()) ?? {
      division: random.pick(demoData().divisions).name,
      form: 'Tablet' as const,
      mrp: 120,
      rx: false,
    };
    return {
      id: s.id,
      name: s.name,
      ...profile,
      shortStrength: shortStrengthOf(s.name),
      strength: strengthFromSalt(s.name),
    };
  });
  const rxSalts = salts.filter((s) => s.rx);
  const otcSalts = salts.filter((s) => !s.rx);
  const herbalDivisions = Object.keys(HERBAL_FORMS).filter((d) =>
    divisionIdByName.has(d.toLowerCase()),
  );
  const anyDivisionId = divisionRows[0]?.id;
  if (anyDivisionId === undefined || manufacturerIds.length === 0) {
    throw new Error('large catalogue: no division or manufacturer to use');
  }

  const floor = toMinorUnits(LIMITS.minimumPrice);
  const uses = new Map(demoData().divisions.map((d) => [d.name, d.uses]));
  const makeRow = () => {
    const brand = `${random.pick(PREFIXES)}${random.pick(SUFFIXES)}`;
    const herbal = salts.length === 0 || (herbalDivisions.length > 0 && random.chance(0.15));
    let name: string;
    let form: DosageForm;
    let divisionId: number;
    let saltId: number | null = null;
    let saltLabel: string | null = null;
    let strength: string | null = null;
    let baseMrp: number;
    let rx = false;
    let size: string | null;
    if (herbal) {
      const divisionName = random.pick(herbalDivisions);
      form = random.pick(HERBAL_FORMS[divisionName] ?? ['Tablet']);
      size = sizeFor(form, random);
      divisionId = divisionIdByName.get(divisionName.toLowerCase()) ?? anyDivisionId;
      name = [brand, random.pick(HERBAL_WORDS), form, size].filter(Boolean).join(' ');
      baseMrp = random.int(60, 450);
    } else {
      // About a quarter of the medicines with a salt are prescription-only (a fifth overall).
      const salt = random.pick(
        rxSalts.length && (otcSalts.length === 0 || random.chance(0.25)) ? rxSalts : otcSalts,
      );
      form = salt.form;
      size = sizeFor(form, random);
      divisionId = divisionIdByName.get(salt.division.toLowerCase()) ?? anyDivisionId;
      saltId = salt.id;
      saltLabel = salt.name;
      strength = salt.strength;
      rx = salt.rx;
      baseMrp = salt.mrp;
      let head = brand;
      if (salt.shortStrength) {
        head = `${brand} ${salt.shortStrength}`;
        if (random.chance(0.12)) head += ` ${random.pick(RELEASE_MARKS)}`;
      } else if (salt.name.includes('+')) {
        const mark = random.pick(COMBO_MARKS);
        head = mark.startsWith('-') ? `${brand}${mark}` : `${brand} ${mark}`;
      }
      name = [head, form, size].filter(Boolean).join(' ');
    }
    const mrpMinor = Math.max(floor, Math.round(baseMrp * (0.55 + random.next() * 1.1)) * 100);
    const offer = offerPriceMinor(
      mrpMinor,
      random.pick([0, 5, 8, 10, 12, 15, 18, 20, 25, 30]),
      floor,
    );
    const stockRoll = random.next();
    const createdAt = new Date(now - Math.floor(random.next() * 730 * DAY_MS)).toISOString();
    const use = uses.get(divisionNameById.get(divisionId) ?? '') ?? '';
    return {
      n: name,
      o: offer,
      m: mrpMinor,
      q: stockRoll < 0.04 ? 0 : stockRoll < 0.08 ? random.int(1, 4) : random.int(10, 500),
      p: rx,
      a: !random.chance(0.02),
      d: divisionId,
      f: random.pick(manufacturerIds),
      s: saltId,
      df: form,
      st: strength,
      ps: packFor(form, random, size),
      de: `${name}.${saltLabel ? ` Contains ${saltLabel}.` : ''} ${use}`.trim(),
      c: createdAt,
    };
  };

  const nowIso = new Date(now).toISOString();
  let inserted = 0;
  while (inserted < wanted) {
    const size = Math.min(batchSize, wanted - inserted);
    const batch = Array.from({ length: size }, makeRow);
    // One transaction per batch of rows, under the inventory module's lock: the cut-off the
    // quantities are written for cannot move before they are committed.
    await db.transaction(async (tx) => {
      const sellableFrom = await lockSellableFrom(tx, {
        minShelfLifeDays: options.minShelfLifeDays,
        now: new Date(now),
      });
      await tx.execute(sql`
        WITH inserted AS (
          INSERT INTO ${products} (
            name, offer_price_minor, maximum_retail_price_minor, quantity, prescription, is_active,
            division_id, manufacturer_id, salt_composition_id, dosage_form, strength, pack_size,
            description, created_at, updated_at
          )
          SELECT n, o, m, q, p, a, d, f, s, df, st, ps, de, c, c
          FROM json_to_recordset(${JSON.stringify(batch)}::json) AS r(
            n text, o integer, m integer, q integer, p boolean, a boolean, d integer, f integer,
            s integer, df text, st text, ps text, de text, c timestamptz
          )
          RETURNING id, quantity, offer_price_minor AS offer, created_at AS created
        ),
        ${batchesSql({ today: utcDay(new Date(now)), sellableFrom, now: nowIso })}`);
    });
    inserted += size;
    log(
      `  ${(existing + inserted).toLocaleString('en-IN')} / ${Math.floor(options.products).toLocaleString('en-IN')} products (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  // PGlite has no autovacuum: give the planner statistics for the new rows, and mark the pages
  // all-visible so counts and deep listing pages can be answered from indexes alone.
  for (const table of [products, stockBatches, stockMovements])
    await db.execute(sql`VACUUM ANALYZE ${table}`);
  return { inserted, ms: Math.round(performance.now() - started) };
}
