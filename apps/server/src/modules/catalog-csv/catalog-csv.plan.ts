import { createHash } from 'node:crypto';
import {
  checkCatalogCsvRow,
  type CatalogCsvRow,
  type CatalogImportRefusedRow,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import type { ScheduleRegistry } from '../compliance/schedules';
import * as repository from './catalog-csv.repository';
import { readCatalogCsv } from './read-catalog-csv';

/**
 * What an import compares, as one short digest: the catalogue side is held as 100,000 of these,
 * not as 100,000 products with their descriptions (the embedded shop runs in a 256 MB heap).
 * Names of divisions, makers and salts compare ignoring case, as they are matched.
 */
function signature(
  values: Omit<CatalogCsvRow, 'id' | 'division' | 'manufacturer'> & {
    division: string | null;
    manufacturer: string | null;
  },
): string {
  return createHash('sha1')
    .update(
      JSON.stringify([
        values.name,
        (values.division ?? '').toLowerCase(),
        (values.manufacturer ?? '').toLowerCase(),
        (values.saltComposition ?? '').toLowerCase(),
        values.offerPriceMinor,
        values.maximumRetailPriceMinor,
        values.scheduleCode,
        values.maxUnitsPerOrder,
        values.dosageForm ?? '',
        values.strength ?? '',
        values.packSize ?? '',
        values.description ?? '',
        values.hsnCode,
        values.gstRate,
        values.reorderLevel,
        values.isActive,
        values.returnable,
      ]),
    )
    .digest('base64');
}

/** What an import needs to know of a product already in the catalogue. */
interface KnownProduct {
  signature: string;
  isActive: boolean;
  returnable: boolean;
  offerPriceMinor: number;
  maximumRetailPriceMinor: number;
}

/** Products read per query while indexing the catalogue for an import. */
const INDEX_PAGE = 5_000;

/** What importing a file would do, row by row; read by the preview, written by applyImport. */
export interface ImportPlan {
  rows: number;
  creates: CatalogCsvRow[];
  updates: Array<CatalogCsvRow & { id: number }>;
  unchanged: number;
  refused: CatalogImportRefusedRow[];
  /** Names of entries to create, first spelling seen, per kind. */
  newNames: Record<repository.NamedKind, string[]>;
  /** Inactive products the file puts back on sale: their waiting shoppers are told. */
  republished: number[];
  pricesChanged: number;
}

export const KINDS: repository.NamedKind[] = ['division', 'manufacturer', 'saltComposition'];

/**
 * Checks every row against the product rules and the catalogue as it is (read in `tx`):
 * what would be created, updated, left alone or refused. Writes nothing.
 */
export async function planImport(
  tx: DbOrTx,
  content: Buffer,
  schedules: ScheduleRegistry,
): Promise<ImportPlan> {
  const byId = new Map<number, KnownProduct>();
  const idsByName = new Map<string, number[]>();
  for (let afterId = 0; ;) {
    const page = await repository.cataloguePage(tx, afterId, INDEX_PAGE);
    for (const row of page) {
      byId.set(row.id, {
        signature: signature(row),
        isActive: row.isActive,
        returnable: row.returnable,
        offerPriceMinor: row.offerPriceMinor,
        maximumRetailPriceMinor: row.maximumRetailPriceMinor,
      });
      const key = row.name.toLowerCase();
      const named = idsByName.get(key);
      if (named) named.push(row.id);
      else idsByName.set(key, [row.id]);
    }
    const last = page.at(-1);
    if (!last || page.length < INDEX_PAGE) break;
    afterId = last.id;
  }

  const result: ImportPlan = {
    rows: 0,
    creates: [],
    updates: [],
    unchanged: 0,
    refused: [],
    newNames: { division: [], manufacturer: [], saltComposition: [] },
    republished: [],
    pricesChanged: 0,
  };
  const lineOfId = new Map<number, number>();
  const lineOfName = new Map<string, number>();
  const lineOfNameWithoutId = new Map<string, number>();
  const wanted: Record<repository.NamedKind, Map<string, string>> = {
    division: new Map(),
    manufacturer: new Map(),
    saltComposition: new Map(),
  };
  const refuse = (line: number, reason: string) => result.refused.push({ line, reason });

  for await (const record of readCatalogCsv(content)) {
    result.rows += 1;
    if (!record.cells) {
      refuse(record.line, record.problem ?? 'This row cannot be read.');
      continue;
    }
    const checked = checkCatalogCsvRow(record.cells);
    if (!checked.ok) {
      refuse(record.line, checked.reason);
      continue;
    }
    const row = checked.row;
    if (!schedules.has(row.scheduleCode)) {
      const known = schedules
        .list()
        .map((schedule) => schedule.code)
        .join(', ');
      refuse(record.line, `Schedule “${row.scheduleCode}” is not a known schedule (${known}).`);
      continue;
    }
    const nameKey = row.name.toLowerCase();
    const sameNamed = idsByName.get(nameKey) ?? [];
    let id = row.id;
    if (id !== null && !byId.has(id)) {
      refuse(record.line, `No product has the ID ${id}: leave the ID empty to add a new product.`);
      continue;
    }
    // A row without an ID naming one existing product updates it (issue 18: "rows naming an
    // existing product update it"); naming several is ambiguous.
    if (id === null && sameNamed.length > 1) {
      refuse(
        record.line,
        `${sameNamed.length} products are named “${row.name}”: give the ID of the one to change.`,
      );
      continue;
    }
    if (id === null && sameNamed.length === 1) id = sameNamed[0] ?? null;
    // Rows with their own IDs may share a name (the catalogue may hold two products of one
    // name); a row without an ID must be the only one of its name, or it is ambiguous.
    const earlierName = (row.id === null ? lineOfName : lineOfNameWithoutId).get(nameKey);
    if (earlierName !== undefined) {
      refuse(record.line, `The name “${row.name}” is also on line ${earlierName}.`);
      continue;
    }
    if (id !== null) {
      const earlierId = lineOfId.get(id);
      if (earlierId !== undefined) {
        refuse(record.line, `The product with ID ${id} is also on line ${earlierId}.`);
        continue;
      }
      lineOfId.set(id, record.line);
    }
    if (!lineOfName.has(nameKey)) lineOfName.set(nameKey, record.line);
    if (row.id === null && !lineOfNameWithoutId.has(nameKey))
      lineOfNameWithoutId.set(nameKey, record.line);

    for (const kind of KINDS) {
      const name = row[kind];
      if (name !== null && !wanted[kind].has(name.toLowerCase()))
        wanted[kind].set(name.toLowerCase(), name);
    }
    const before = id === null ? undefined : byId.get(id);
    const resolved = { ...row, returnable: row.returnable ?? before?.returnable ?? true };
    if (!before || id === null) {
      result.creates.push({ ...resolved, id: null });
    } else if (before.signature === signature(resolved)) {
      result.unchanged += 1;
    } else {
      result.updates.push({ ...resolved, id });
      if (!before.isActive && row.isActive) result.republished.push(id);
      if (
        before.offerPriceMinor !== row.offerPriceMinor ||
        before.maximumRetailPriceMinor !== row.maximumRetailPriceMinor
      )
        result.pricesChanged += 1;
    }
  }

  for (const kind of KINDS) {
    const existing = await repository.idsByName(tx, kind, [...wanted[kind].keys()]);
    result.newNames[kind] = [...wanted[kind]]
      .filter(([key]) => !existing.has(key))
      .map(([, name]) => name);
  }
  return result;
}
