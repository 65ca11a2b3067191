import { fromMinorUnits, type DrugSchedule, type Product } from '@pharmacy/shared';
import { toCatalogImage, type StoredImage } from '../../lib/image-variants';
import type { ScheduleRegistry } from '../compliance/schedules';
import type { ProductRow } from './products.repository';

function toProduct(row: ProductRow, schedule: DrugSchedule, images?: StoredImage[]): Product {
  return {
    id: row.id,
    name: row.name,
    offerPrice: fromMinorUnits(row.offerPriceMinor),
    maximumRetailPrice: fromMinorUnits(row.maximumRetailPriceMinor),
    quantity: row.quantity,
    prescription: row.prescription,
    schedule,
    maxUnitsPerOrder: row.maxUnitsPerOrder,
    isActive: row.isActive,
    images: (images ?? (row.firstImage ? [row.firstImage] : [])).map(toCatalogImage),
    divisionId: row.divisionId,
    manufacturerId: row.manufacturerId,
    saltCompositionId: row.saltCompositionId,
    division: { id: row.divisionId, name: row.divisionName },
    manufacturer: { id: row.manufacturerId, name: row.manufacturerName },
    saltComposition:
      row.saltCompositionId !== null && row.saltCompositionName !== null
        ? {
            id: row.saltCompositionId,
            name: row.saltCompositionName,
            // Issue 30: the product page links the salt to its medicine page, /medicine/{slug}.
            ...(row.saltCompositionSlug ? { slug: row.saltCompositionSlug } : {}),
          }
        : null,
    dosageForm: row.dosageForm,
    strength: row.strength,
    packSize: row.packSize,
    description: row.description,
    hsnCode: row.hsnCode,
    gstRate: row.gstRate,
    returnable: row.returnable,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A product row as the API answers it, naming its drug schedule (issue 16); a listed row has its
 * first image, a single product's answer all of them (`images`).
 */
export function productAnswer(schedules: ScheduleRegistry) {
  return (row: ProductRow, images?: StoredImage[]): Product =>
    toProduct(row, schedules.get(row.scheduleCode, row.prescription), images);
}

export type ProductAnswer = ReturnType<typeof productAnswer>;
