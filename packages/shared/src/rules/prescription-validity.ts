import { addDays, daysBetween } from './stock';

/**
 * Issue 31 points 2–3: how long a transcribed prescription may be dispensed against, and how an
 * order's prescription lines are covered by its prescribed lines. Days are calendar days in India
 * written yyyy-MM-dd (indiaToday), the day a customer and the pharmacist both read on the paper.
 */

/** Defaults of PRESCRIPTION_VALID_DAYS and PRESCRIPTION_H1_VALID_DAYS. */
export const DEFAULT_PRESCRIPTION_VALID_DAYS = 180;
export const DEFAULT_PRESCRIPTION_H1_VALID_DAYS = 30;

export interface PrescriptionValiditySettings {
  validDays: number;
  h1ValidDays: number;
}

/**
 * The last day the prescription may be dispensed against: the date of issue plus the setting's
 * days (the shorter H1 one when it prescribes a Schedule H1 medicine). Issued 1 January with 30
 * days: valid up to and including 31 January.
 */
export function prescriptionValidUntil(
  issuedOn: string,
  scheduleH1: boolean,
  settings: PrescriptionValiditySettings,
): string {
  return addDays(issuedOn, scheduleH1 ? settings.h1ValidDays : settings.validDays);
}

/** Valid on its last day; expired the day after. */
export function isPrescriptionExpired(validUntil: string, today: string): boolean {
  return today > validUntil;
}

/** Days left counting today (1 on the last day, 0 once expired). */
export function prescriptionDaysLeft(validUntil: string, today: string): number {
  return Math.max(0, daysBetween(today, validUntil) + 1);
}

export interface PrescribedUnits {
  quantityAllowed: number;
  unitsDispensed: number;
}

export function remainingUnits(line: PrescribedUnits): number {
  return Math.max(0, line.quantityAllowed - line.unitsDispensed);
}

export const SAVED_PRESCRIPTION_STATUSES = ['valid', 'expired', 'used_up'] as const;
export type SavedPrescriptionStatus = (typeof SAVED_PRESCRIPTION_STATUSES)[number];

/** Expired wins over used up: a new prescription is needed either way, and the date says why. */
export function savedPrescriptionStatus(
  record: { validUntil: string; lines: readonly PrescribedUnits[] },
  today: string,
): SavedPrescriptionStatus {
  if (isPrescriptionExpired(record.validUntil, today)) return 'expired';
  if (record.lines.every((line) => remainingUnits(line) === 0)) return 'used_up';
  return 'valid';
}

/** Strengths compare without case and spaces: "500 mg" is "500mg". */
export function normaliseStrength(strength: string | null | undefined): string {
  return (strength ?? '').replace(/\s+/g, '').toLowerCase();
}

/** What coverage needs of a prescribed line. */
export interface PrescribedLine extends PrescribedUnits {
  id: number;
  productId: number | null;
  saltCompositionId: number | null;
  strength: string | null;
}

/** What coverage needs of an order's prescription line. */
export interface OrderedLine {
  id: number;
  productId: number | null;
  productName: string;
  saltCompositionId: number | null;
  strength: string | null;
  units: number;
}

/**
 * A prescribed line covers an ordered one when it names that product, or that product's salt at
 * the same strength (any brand of it).
 */
export function prescribedLineCovers(prescribed: PrescribedLine, ordered: OrderedLine): boolean {
  if (prescribed.productId !== null) return prescribed.productId === ordered.productId;
  return (
    prescribed.saltCompositionId !== null &&
    prescribed.saltCompositionId === ordered.saltCompositionId &&
    normaliseStrength(prescribed.strength) === normaliseStrength(ordered.strength)
  );
}

export interface CoverageUse {
  prescribedLineId: number;
  orderedLineId: number;
  units: number;
}

export type Coverage =
  | { covered: true; uses: CoverageUse[] }
  | {
      covered: false;
      /** The first ordered line that is not covered, and why. */
      line: OrderedLine;
      reason: 'not_prescribed' | 'beyond_remaining';
      /** Units the matching prescribed lines still allow (0 when none match). */
      remaining: number;
    };

/**
 * Counts the ordered lines against what each prescribed line still allows, in order: a line
 * naming the product is used before one naming its salt, and an ordered line may draw on several
 * prescribed lines. Either every line is covered (with the units to count) or the first that is
 * not is answered with the reason.
 */
export function coverOrder(
  ordered: readonly OrderedLine[],
  prescribed: readonly PrescribedLine[],
): Coverage {
  const left = new Map(prescribed.map((line) => [line.id, remainingUnits(line)]));
  const byPreference = [...prescribed].sort(
    (a, b) => Number(a.productId === null) - Number(b.productId === null) || a.id - b.id,
  );
  const uses: CoverageUse[] = [];
  for (const line of ordered) {
    const matching = byPreference.filter((candidate) => prescribedLineCovers(candidate, line));
    if (matching.length === 0)
      return { covered: false, line, reason: 'not_prescribed', remaining: 0 };
    const available = matching.reduce((sum, candidate) => sum + (left.get(candidate.id) ?? 0), 0);
    if (available < line.units)
      return { covered: false, line, reason: 'beyond_remaining', remaining: available };
    let needed = line.units;
    for (const candidate of matching) {
      if (needed === 0) break;
      const take = Math.min(needed, left.get(candidate.id) ?? 0);
      if (take === 0) continue;
      left.set(candidate.id, (left.get(candidate.id) ?? 0) - take);
      uses.push({ prescribedLineId: candidate.id, orderedLineId: line.id, units: take });
      needed -= take;
    }
  }
  return { covered: true, uses };
}
