/**
 * Dispensing rules both sides apply (issue 16, docs/decisions/0012): drug schedules, per-order
 * unit limits and duplicate therapy. The schedules themselves are data (the drug_schedules
 * table); these functions only read a schedule's flags.
 */

/** A drug schedule as the API answers it; India's H, H1 and X are the seeded defaults. */
export interface DrugScheduleInfo {
  code: string;
  name: string;
  /** Sold only against a prescription a pharmacist has approved. */
  requiresPrescription: boolean;
  /** False for schedules the law keeps out of online sale (Schedule X in India). */
  onlineSale: boolean;
  /** Every dispatched line goes into the schedule's register (Schedule H1 in India). */
  keepsRegister: boolean;
}

/** Shown instead of an Add button on a product that cannot be bought online. */
export const NOT_SOLD_ONLINE_NOTE =
  'This medicine cannot be ordered online. Please buy it at the pharmacy counter with your prescription.';

export function notSoldOnlineMessage(productName: string): string {
  return `${productName} cannot be ordered online: the law allows it only at the pharmacy counter.`;
}

export function orderLimitMessage(productName: string, limit: number): string {
  return `${productName} is limited to ${limit} ${limit === 1 ? 'unit' : 'units'} per order.`;
}

/**
 * The most units a shopper may have of a product: its per-order limit when it has one, and never
 * more than the sellable stock.
 */
export function maxOrderableUnits(product: {
  quantity: number;
  maxUnitsPerOrder: number | null;
}): number {
  const stock = Math.max(0, product.quantity);
  return product.maxUnitsPerOrder == null ? stock : Math.min(stock, product.maxUnitsPerOrder);
}

/** Whether `units` of a product break its per-order limit (null: no limit). */
export function exceedsOrderLimit(units: number, maxUnitsPerOrder: number | null): boolean {
  return maxUnitsPerOrder != null && units > maxUnitsPerOrder;
}

export interface TherapyLine {
  productId: number;
  productName: string;
  saltCompositionId: number | null;
  saltCompositionName: string | null;
}

export interface DuplicateTherapy {
  saltCompositionId: number;
  saltCompositionName: string;
  productIds: number[];
  productNames: string[];
  message: string;
}

function joinNames(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Lines of different products with the same salt composition: taking both may double the dose.
 * The same product twice is not a duplicate therapy. Groups come in order of first appearance.
 */
export function duplicateTherapies(lines: readonly TherapyLine[]): DuplicateTherapy[] {
  const groups = new Map<number, { name: string; products: Map<number, string> }>();
  for (const line of lines) {
    if (line.saltCompositionId == null) continue;
    const group = groups.get(line.saltCompositionId) ?? {
      name: line.saltCompositionName ?? 'the same salt',
      products: new Map<number, string>(),
    };
    group.products.set(line.productId, line.productName);
    groups.set(line.saltCompositionId, group);
  }
  const duplicates: DuplicateTherapy[] = [];
  for (const [saltCompositionId, group] of groups) {
    if (group.products.size < 2) continue;
    const productNames = [...group.products.values()];
    duplicates.push({
      saltCompositionId,
      saltCompositionName: group.name,
      productIds: [...group.products.keys()],
      productNames,
      message:
        productNames.length === 2
          ? `Both ${joinNames(productNames)} contain ${group.name}; taking both may double the dose.`
          : `${joinNames(productNames)} all contain ${group.name}; taking them together may multiply the dose.`,
    });
  }
  return duplicates;
}
