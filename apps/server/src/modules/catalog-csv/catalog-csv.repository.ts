import { asc, eq, gt, sql } from 'drizzle-orm';
import type { CatalogCsvRow } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { divisions, manufacturers, products, saltCompositions } from '../../db/schema/index';

/** SQL of the catalogue CSV (issue 18 point 4): reads in keyset pages, writes set-based. */

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** What the export writes and the import compares a row with, names in place of ids. */
const catalogueColumns = {
  id: products.id,
  name: products.name,
  division: divisions.name,
  manufacturer: manufacturers.name,
  saltComposition: saltCompositions.name,
  offerPriceMinor: products.offerPriceMinor,
  maximumRetailPriceMinor: products.maximumRetailPriceMinor,
  scheduleCode: products.scheduleCode,
  prescription: products.prescription,
  maxUnitsPerOrder: products.maxUnitsPerOrder,
  dosageForm: products.dosageForm,
  strength: products.strength,
  packSize: products.packSize,
  description: products.description,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  reorderLevel: products.reorderLevel,
  isActive: products.isActive,
  returnable: products.returnable,
  quantity: products.quantity,
};

function selectCatalogue(db: DbOrTx) {
  return db
    .select(catalogueColumns)
    .from(products)
    .innerJoin(divisions, eq(divisions.id, products.divisionId))
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .leftJoin(saltCompositions, eq(saltCompositions.id, products.saltCompositionId));
}

/** One page of the catalogue in id order, after the product `afterId` (keyset, not OFFSET). */
export function cataloguePage(db: DbOrTx, afterId: number, limit: number) {
  return selectCatalogue(db).where(gt(products.id, afterId)).orderBy(asc(products.id)).limit(limit);
}
export type CatalogueRow = Awaited<ReturnType<typeof cataloguePage>>[number];

export type NamedKind = 'division' | 'manufacturer' | 'saltComposition';
const tables = {
  division: divisions,
  manufacturer: manufacturers,
  saltComposition: saltCompositions,
} as const;

/** The ids of the entries with these names, matched ignoring case (the tables' unique indexes). */
export async function idsByName(
  db: DbOrTx,
  kind: NamedKind,
  lowerNames: string[],
): Promise<Map<string, number>> {
  if (lowerNames.length === 0) return new Map();
  const table = tables[kind];
  const rows = rowsOf<{ id: number; key: string }>(
    await db.execute(sql`select ${table.id} as id, lower(${table.name}) as key from ${table}
      where lower(${table.name}) in (select value from jsonb_array_elements_text(${JSON.stringify(lowerNames)}::jsonb))`),
  );
  return new Map(rows.map((row) => [row.key, Number(row.id)]));
}

/**
 * Creates the entries of these names that do not exist yet (one statement), and answers how
 * many it made. A division made here has no image: the shop shows its placeholder (spec §9).
 */
export async function insertMissingNames(
  db: DbOrTx,
  kind: NamedKind,
  names: string[],
): Promise<number> {
  if (names.length === 0) return 0;
  const table = tables[kind];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`insert into ${table} (name)
      select value from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)
      on conflict ((lower(name))) do nothing
      returning id`),
  );
  return rows.length;
}

/** A product as the import writes it: a CatalogCsvRow with ids in place of names. */
export type ImportedProduct = Omit<
  CatalogCsvRow,
  'id' | 'division' | 'manufacturer' | 'saltComposition'
> & {
  id?: number;
  divisionId: number;
  manufacturerId: number;
  saltCompositionId: number | null;
  prescription: boolean;
};

/** The record type of jsonb_to_recordset: the JSON keys of ImportedProduct and their SQL types. */
const RECORD = sql.raw(`r(
  "id" integer, "name" text, "divisionId" integer, "manufacturerId" integer,
  "saltCompositionId" integer, "offerPriceMinor" integer, "maximumRetailPriceMinor" integer,
  "scheduleCode" text, "prescription" boolean, "maxUnitsPerOrder" integer, "dosageForm" text,
  "strength" text, "packSize" text, "description" text, "hsnCode" text, "gstRate" smallint,
  "reorderLevel" integer, "isActive" boolean, "returnable" boolean)`);

/**
 * New products, many per statement: the rows travel as one JSON parameter, so a statement's size
 * does not depend on a parameter limit, and both drivers send it the same way. Stock stays 0:
 * it arrives with batches. The search-text triggers run for each row as for a single insert.
 */
export async function insertProducts(db: DbOrTx, rows: ImportedProduct[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`insert into ${products} (name, division_id, manufacturer_id,
      salt_composition_id, offer_price_minor, maximum_retail_price_minor, schedule_code,
      prescription, max_units_per_order, dosage_form, strength, pack_size, description, hsn_code,
      gst_rate, reorder_level, is_active, returnable)
    select r."name", r."divisionId", r."manufacturerId", r."saltCompositionId",
      r."offerPriceMinor", r."maximumRetailPriceMinor", r."scheduleCode", r."prescription",
      r."maxUnitsPerOrder", r."dosageForm", r."strength", r."packSize", r."description",
      r."hsnCode", r."gstRate", r."reorderLevel", r."isActive", r."returnable"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${RECORD}`);
}

/** Changed products, many per statement (UPDATE … FROM the JSON rows); stock is not touched. */
export async function updateProducts(db: DbOrTx, rows: ImportedProduct[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`update ${products} set name = r."name", division_id = r."divisionId",
      manufacturer_id = r."manufacturerId", salt_composition_id = r."saltCompositionId",
      offer_price_minor = r."offerPriceMinor",
      maximum_retail_price_minor = r."maximumRetailPriceMinor", schedule_code = r."scheduleCode",
      prescription = r."prescription", max_units_per_order = r."maxUnitsPerOrder",
      dosage_form = r."dosageForm", strength = r."strength", pack_size = r."packSize",
      description = r."description", hsn_code = r."hsnCode", gst_rate = r."gstRate",
      reorder_level = r."reorderLevel", is_active = r."isActive",
      returnable = r."returnable", updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${RECORD}
    where ${products.id} = r."id"`);
}
