import { createHash } from 'node:crypto';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MESSAGES,
  CATALOG_CSV_REFUSED_LISTED,
  checkCatalogCsvRow,
  fromMinorUnits,
  type CatalogCsvRow,
  type CatalogImportPreview,
  type CatalogImportRefusedRow,
  type CatalogImportResult,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, ConflictError } from '../../lib/errors';
import { spreadsheetCell } from '../../lib/csv';
import { recordAudit } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { ScheduleRegistry } from '../compliance/schedules';
import * as repository from './catalog-csv.repository';
import { readCatalogCsv } from './read-catalog-csv';

/** Products read per query while streaming the export: memory stays flat whatever the size. */
const EXPORT_PAGE = 1_000;
/** Rows per INSERT or UPDATE statement of an import. */
const WRITE_CHUNK = 5_000;
const NAMES_IN_AUDIT = 50;

export const CATALOG_CSV_HEADER = Object.values(CATALOG_CSV_COLUMNS);

const rupees = (paise: number) => fromMinorUnits(paise).toFixed(2);
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function toCsvRow(row: repository.CatalogueRow): (string | number)[] {
  return [
    row.id,
    spreadsheetCell(row.name),
    spreadsheetCell(row.division),
    spreadsheetCell(row.manufacturer),
    spreadsheetCell(row.saltComposition),
    rupees(row.offerPriceMinor),
    rupees(row.maximumRetailPriceMinor),
    spreadsheetCell(row.scheduleCode),
    yesNo(row.prescription),
    row.maxUnitsPerOrder ?? '',
    spreadsheetCell(row.dosageForm),
    spreadsheetCell(row.strength),
    spreadsheetCell(row.packSize),
    spreadsheetCell(row.description),
    row.hsnCode,
    row.gstRate,
    row.reorderLevel,
    yesNo(row.isActive),
    yesNo(row.returnable),
    row.quantity,
  ];
}

/** The import's answer when a confirmed file still has refused rows: a 400 that lists them. */
export class ImportRefusedError extends AppError {
  constructor(
    readonly refusedCount: number,
    readonly refusedRows: CatalogImportRefusedRow[],
  ) {
    super(400, CATALOG_CSV_MESSAGES.refused);
  }
}

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

interface ImportPlan {
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

const KINDS: repository.NamedKind[] = ['division', 'manufacturer', 'saltComposition'];

export function createCatalogCsvService(deps: {
  db: Database;
  catalog: CatalogService;
  schedules: ScheduleRegistry;
  /** Products put back on sale, told in the import's transaction (back-in-stock mails). */
  onPublished?: (tx: DbOrTx, productIds: number[]) => Promise<void>;
}) {
  const { db, schedules } = deps;

  /**
   * Checks every row against the product rules and the catalogue as it is (read in `tx`):
   * what would be created, updated, left alone or refused. Writes nothing.
   */
  async function plan(tx: DbOrTx, content: Buffer): Promise<ImportPlan> {
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
        refuse(
          record.line,
          `No product has the ID ${id}: leave the ID empty to add a new product.`,
        );
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

  const fileHash = (content: Buffer) => createHash('sha256').update(content).digest('hex');

  async function resolveIds(tx: DbOrTx, rows: CatalogCsvRow[]) {
    const ids = {} as Record<repository.NamedKind, Map<string, number>>;
    for (const kind of KINDS) {
      const keys = [
        ...new Set(rows.flatMap((row) => (row[kind] === null ? [] : [row[kind].toLowerCase()]))),
      ];
      ids[kind] = await repository.idsByName(tx, kind, keys);
    }
    return (row: CatalogCsvRow): repository.ImportedProduct => {
      const idOf = (kind: repository.NamedKind, name: string) => {
        const found = ids[kind].get(name.toLowerCase());
        if (found === undefined) throw new Error(`${kind} “${name}” was not created`);
        return found;
      };
      return {
        ...(row.id !== null ? { id: row.id } : {}),
        name: row.name,
        divisionId: idOf('division', row.division),
        manufacturerId: idOf('manufacturer', row.manufacturer),
        saltCompositionId:
          row.saltComposition === null ? null : idOf('saltComposition', row.saltComposition),
        offerPriceMinor: row.offerPriceMinor,
        maximumRetailPriceMinor: row.maximumRetailPriceMinor,
        scheduleCode: row.scheduleCode,
        prescription: schedules.get(row.scheduleCode).requiresPrescription,
        maxUnitsPerOrder: row.maxUnitsPerOrder,
        dosageForm: row.dosageForm,
        strength: row.strength,
        packSize: row.packSize,
        description: row.description,
        hsnCode: row.hsnCode,
        gstRate: row.gstRate,
        reorderLevel: row.reorderLevel,
        isActive: row.isActive,
        returnable: row.returnable,
      };
    };
  }

  return {
    /**
     * Every product, active or not, in id order, read a page at a time as the client takes
     * them. The first page is read before this resolves, so a failing query is an error answer
     * rather than a cut-off file.
     */
    async exportRows(): Promise<AsyncIterable<(string | number)[]>> {
      const first = await repository.cataloguePage(db, 0, EXPORT_PAGE);
      async function* rows() {
        let page = first;
        for (;;) {
          for (const row of page) yield toCsvRow(row);
          const last = page.at(-1);
          if (!last || page.length < EXPORT_PAGE) return;
          page = await repository.cataloguePage(db, last.id, EXPORT_PAGE);
        }
      }
      return rows();
    },

    /** Issue 18 point 4: what importing this file would do. Nothing is written. */
    async preview(content: Buffer): Promise<CatalogImportPreview> {
      const planned = await plan(db, content);
      return {
        previewToken: fileHash(content),
        rows: planned.rows,
        toCreate: planned.creates.length,
        toUpdate: planned.updates.length,
        unchanged: planned.unchanged,
        refused: planned.refused.length,
        refusedRows: planned.refused.slice(0, CATALOG_CSV_REFUSED_LISTED),
        newDivisions: planned.newNames.division.length,
        newManufacturers: planned.newNames.manufacturer.length,
        newSaltCompositions: planned.newNames.saltComposition.length,
      };
    },

    /**
     * Writes the previewed file: every row or none, in one transaction with its audit entry.
     * The file must be the one previewed (its hash); its rows are checked again against the
     * catalogue as it is now, and any refused row writes nothing.
     */
    async importFile(
      content: Buffer,
      previewToken: string,
      byUserId: number,
    ): Promise<CatalogImportResult> {
      const hash = fileHash(content);
      if (hash !== previewToken) throw new ConflictError(CATALOG_CSV_MESSAGES.changedSincePreview);
      const planned = await db.transaction(async (tx) => {
        const planned = await plan(tx, content);
        if (planned.refused.length > 0)
          throw new ImportRefusedError(
            planned.refused.length,
            planned.refused.slice(0, CATALOG_CSV_REFUSED_LISTED),
          );
        for (const kind of KINDS)
          await repository.insertMissingNames(tx, kind, planned.newNames[kind]);
        const toWrite = await resolveIds(tx, [...planned.creates, ...planned.updates]);
        for (let i = 0; i < planned.creates.length; i += WRITE_CHUNK)
          await repository.insertProducts(
            tx,
            planned.creates.slice(i, i + WRITE_CHUNK).map(toWrite),
          );
        for (let i = 0; i < planned.updates.length; i += WRITE_CHUNK)
          await repository.updateProducts(
            tx,
            planned.updates.slice(i, i + WRITE_CHUNK).map(toWrite),
          );
        if (planned.republished.length > 0) await deps.onPublished?.(tx, planned.republished);
        // A file that changes nothing writes nothing, not even an audit entry.
        if (planned.creates.length + planned.updates.length === 0) return planned;
        await recordAudit(tx, {
          actorUserId: byUserId,
          action: 'catalog.imported',
          entityType: 'catalogue',
          entityId: hash.slice(0, 16),
          details: {
            fileSha256: hash,
            rows: planned.rows,
            created: planned.creates.length,
            updated: planned.updates.length,
            unchanged: planned.unchanged,
            pricesChanged: planned.pricesChanged,
            // The names made, a few of each: the counts say how many in all.
            newDivisions: planned.newNames.division.slice(0, NAMES_IN_AUDIT),
            newManufacturers: planned.newNames.manufacturer.slice(0, NAMES_IN_AUDIT),
            newSaltCompositions: planned.newNames.saltComposition.slice(0, NAMES_IN_AUDIT),
            newDivisionCount: planned.newNames.division.length,
            newManufacturerCount: planned.newNames.manufacturer.length,
            newSaltCompositionCount: planned.newNames.saltComposition.length,
          },
        });
        return planned;
      });
      // Once for the whole import: listings, counts and cached answers here and on other instances.
      if (planned.creates.length + planned.updates.length > 0) deps.catalog.productsImported();
      const created = planned.creates.length;
      const updated = planned.updates.length;
      return {
        message: `Imported: ${created} created, ${updated} updated, ${planned.unchanged} unchanged.`,
        created,
        updated,
        unchanged: planned.unchanged,
      };
    },
  };
}

export type CatalogCsvService = ReturnType<typeof createCatalogCsvService>;
