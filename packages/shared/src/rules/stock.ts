/**
 * The stock model (docs/decisions/0011-stock-in-batches.md): a product's stock lives in batches,
 * each with an expiry date. Dates are calendar days in UTC written yyyy-MM-dd, so comparing two
 * of them as strings compares the days.
 */

/** Why a batch's units can or cannot be sold today. */
export type BatchState = 'sellable' | 'short_dated' | 'expired' | 'recalled' | 'empty';

export const BATCH_STATE_LABELS: Record<BatchState, string> = {
  sellable: 'Sellable',
  short_dated: 'Short-dated',
  expired: 'Expired',
  recalled: 'Recalled',
  empty: 'Empty',
};

/** Default of MIN_SHELF_LIFE_DAYS: a batch sells only while this many days or more remain. */
export const DEFAULT_MIN_SHELF_LIFE_DAYS = 30;
/** Default window of the near-expiry list. */
export const DEFAULT_NEAR_EXPIRY_DAYS = 90;
/** Default reorder level: sellable stock below it puts a product on the low-stock list (spec §9). */
export const DEFAULT_REORDER_LEVEL = 5;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-MM-dd day that exists on the calendar (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's day in UTC, the calendar stock decisions are made in. */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The day `days` after `day` (negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`: 0 on the same day, negative when `to` is before. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The earliest expiry date that may still be sold today: a batch must have at least the minimum
 * shelf life left. A batch expiring on the cut-off day itself is sellable.
 */
export function sellableCutoff(today: string, minShelfLifeDays: number): string {
  return addDays(today, minShelfLifeDays);
}

/** A batch expires at the end of its expiry day: on that day it is not yet expired. */
export function isExpired(expiryDate: string, today: string): boolean {
  return expiryDate < today;
}

export interface BatchStateInput {
  expiryDate: string;
  onHand: number;
  recalled: boolean;
}

/** The state a batch is in today; recalled wins over every other reason. */
export function batchState(
  batch: BatchStateInput,
  today: string,
  minShelfLifeDays: number,
): BatchState {
  if (batch.recalled) return 'recalled';
  if (isExpired(batch.expiryDate, today)) return 'expired';
  if (batch.expiryDate < sellableCutoff(today, minShelfLifeDays)) return 'short_dated';
  if (batch.onHand <= 0) return 'empty';
  return 'sellable';
}

/** Units of a batch that may be sold today. */
export function sellableUnits(batch: BatchStateInput, today: string, minShelfLifeDays: number) {
  return batchState(batch, today, minShelfLifeDays) === 'sellable' ? batch.onHand : 0;
}

/** Write-off takes the units of a batch that can no longer be sold because of its date, or a recall. */
export function canWriteOff(state: BatchState): boolean {
  return state === 'expired' || state === 'short_dated' || state === 'recalled';
}

export interface AllocatableBatch {
  id: number;
  expiryDate: string;
  onHand: number;
}

/**
 * First expiry, first out: the units of `wanted` taken from the earliest-expiring batches (the
 * older batch first on the same day), or null when the batches together hold fewer units. The
 * batches given must already be the sellable ones. The database does the same in one statement
 * as an order is placed (orders.repository placeFromCart); tests hold the two together.
 */
export function allocateFefo(
  batches: readonly AllocatableBatch[],
  wanted: number,
): Array<{ batchId: number; units: number }> | null {
  if (!Number.isInteger(wanted) || wanted <= 0) return [];
  const ordered = [...batches]
    .filter((batch) => batch.onHand > 0)
    .sort((a, b) =>
      a.expiryDate === b.expiryDate ? a.id - b.id : a.expiryDate < b.expiryDate ? -1 : 1,
    );
  const taken: Array<{ batchId: number; units: number }> = [];
  let remaining = wanted;
  for (const batch of ordered) {
    if (remaining === 0) break;
    const units = Math.min(batch.onHand, remaining);
    taken.push({ batchId: batch.id, units });
    remaining -= units;
  }
  return remaining === 0 ? taken : null;
}
