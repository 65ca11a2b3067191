import { createHash } from 'node:crypto';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MESSAGES,
  CATALOG_CSV_REFUSED_LISTED,
  fromMinorUnits,
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
import { applyImport } from './catalog-csv.apply';
import { planImport } from './catalog-csv.plan';

/** Products read per query while streaming the export: memory stays flat whatever the size. */
const EXPORT_PAGE = 1_000;
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

export function createCatalogCsvService(deps: {
  db: Database;
  catalog: CatalogService;
  schedules: ScheduleRegistry;
  /** Products put back on sale, told in the import's transaction (back-in-stock mails). */
  onPublished?: (tx: DbOrTx, productIds: number[]) => Promise<void>;
}) {
  const { db, schedules } = deps;
  const plan = (tx: DbOrTx, content: Buffer) => planImport(tx, content, schedules);
  const fileHash = (content: Buffer) => createHash('sha256').update(content).digest('hex');

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
        await applyImport(tx, planned, schedules);
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
