import type { CatalogCsvRow } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import type { ScheduleRegistry } from '../compliance/schedules';
import * as repository from './catalog-csv.repository';
import { KINDS, type ImportPlan } from './catalog-csv.plan';

/** Rows per INSERT or UPDATE statement of an import. */
const WRITE_CHUNK = 5_000;

/** The ids of the names a plan's rows give, once its new entries exist. */
async function resolveIds(tx: DbOrTx, rows: CatalogCsvRow[], schedules: ScheduleRegistry) {
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

/**
 * Writes a plan without refused rows in `tx`: the missing divisions, manufacturers and salts,
 * then the new and changed products, a few thousand per statement. Stock is not written: it
 * arrives in batches. The caller records the audit entry and tells listings (catalog-csv.service)
 * or, for the demo seed, writes its batches (db/seed/seed-demo.ts).
 */
export async function applyImport(
  tx: DbOrTx,
  planned: ImportPlan,
  schedules: ScheduleRegistry,
): Promise<void> {
  if (planned.refused.length > 0) throw new Error('applyImport: the plan has refused rows');
  for (const kind of KINDS) await repository.insertMissingNames(tx, kind, planned.newNames[kind]);
  const toWrite = await resolveIds(tx, [...planned.creates, ...planned.updates], schedules);
  for (let i = 0; i < planned.creates.length; i += WRITE_CHUNK)
    await repository.insertProducts(tx, planned.creates.slice(i, i + WRITE_CHUNK).map(toWrite));
  for (let i = 0; i < planned.updates.length; i += WRITE_CHUNK)
    await repository.updateProducts(tx, planned.updates.slice(i, i + WRITE_CHUNK).map(toWrite));
}
