import {
  addDays,
  daysBetween,
  DEFAULT_MIN_SHELF_LIFE_DAYS,
  DEFAULT_NEAR_EXPIRY_DAYS,
  sellableCutoff,
  utcDay,
} from '@pharmacy/shared';
import { createRandom, type Random } from './random';
import { batchPrefix, financialYear, SUPPLIERS } from './stock';

/** The batches come from a PRNG of their own, so products' prices and stock stay as they were. */
const BATCH_SEED = 20_261_115;
const DAY_MS = 86_400_000;

/** One batch of a demo product, as its goods receipt recorded it (one 'receipt' ledger row). */
export interface DemoBatch {
  batchNumber: string;
  /** yyyy-MM-dd (UTC). */
  expiryDate: string;
  /** Units received, all still on hand: the demo shop has sold nothing yet. */
  units: number;
  receivedAt: Date;
  /** Per unit, below the offer price. */
  purchasePriceMinor: number;
  supplier: string;
  invoiceReference: string;
}

/** What the batches of a demo product are planned from; `batches` and `quantity` are set. */
export interface BatchedProduct {
  manufacturerName: string;
  offerPriceMinor: number;
  /** Sellable units: the sum of the batches expiring on or after the sellable cut-off. */
  quantity: number;
  isActive: boolean;
  createdAt: Date;
  /** First to expire first. */
  batches: DemoBatch[];
}

/** About three years: the longest shelf life left on a delivery. */
const LONGEST_EXPIRY_DAYS = 1_095;

/**
 * Splits each product's stock into batches, in place: `quantity` becomes the sum of the sellable
 * batches, which is the quantity drawn for it whatever the cut-off. Stock lives in batches
 * (docs/decisions/0011): an in-stock product has 1–3 sellable batches whose units add up to its
 * quantity, the first to expire holding the fewest (the older delivery, partly sold before); about
 * one in six of those first batches expires within 90 days; about one product in fourteen also
 * holds a short-dated batch (less than the minimum shelf life left, so not sold), as do half the
 * products out of stock; and exactly one product holds an expired batch with units, waiting to be
 * written off. Dates are relative to `now`, so batches are planned at every seed, not kept as data.
 */
export function addBatches(catalogue: BatchedProduct[], now: Date, sellableFrom?: string): void {
  const random = createRandom(BATCH_SEED);
  const today = utcDay(now);
  const cutoff = sellableFrom ?? sellableCutoff(today, DEFAULT_MIN_SHELF_LIFE_DAYS);
  // The one expired batch: on an active, well-stocked product listed long enough ago to have
  // received a batch that has expired since.
  const longListed = catalogue.filter(
    (p) => p.isActive && p.quantity >= 10 && now.getTime() - p.createdAt.getTime() > 120 * DAY_MS,
  );
  const withExpired = random.pick(longListed.length ? longListed : catalogue);
  for (const product of catalogue) {
    product.batches = planBatches(random, product, {
      today,
      cutoff,
      now,
      expired: product === withExpired,
    });
    product.quantity = product.batches
      .filter((b) => b.expiryDate >= cutoff)
      .reduce((sum, b) => sum + b.units, 0);
  }
}

function planBatches(
  random: Random,
  product: BatchedProduct,
  day: { today: string; cutoff: string; now: Date; expired: boolean },
): DemoBatch[] {
  const shelfLife = daysBetween(day.today, day.cutoff);
  const plans: { offset: number; units: number }[] = [];
  // Not sellable (expired, or short-dated: less than the minimum shelf life left): received
  // before the sellable batches, so listed first.
  if (day.expired) {
    plans.push({ offset: -random.int(4, 40), units: random.int(6, 30) });
  } else if (shelfLife >= 2 && random.chance(product.quantity === 0 ? 0.5 : 0.07)) {
    plans.push({ offset: random.int(1, shelfLife - 1), units: random.int(2, 18) });
  }
  // Sellable: the quantity over 1–3 batches, the first to expire holding the fewest units.
  const wanted = product.quantity;
  const count = wanted === 0 ? 0 : wanted < 10 ? 1 : random.pick([1, 2, 2, 2, 3, 3, 3]);
  let remaining = wanted;
  const parts: number[] = [];
  for (let left = count; left > 1; left--) {
    const share = Math.round(remaining * (0.15 + random.next() * 0.3));
    const units = Math.min(remaining - (left - 1), Math.max(1, share));
    parts.push(units);
    remaining -= units;
  }
  if (count > 0) parts.push(remaining);
  const nearest = Math.max(shelfLife + 1, 120);
  let offset =
    random.chance(0.16) && DEFAULT_NEAR_EXPIRY_DAYS - 1 > shelfLife + 2
      ? random.int(shelfLife + 2, DEFAULT_NEAR_EXPIRY_DAYS - 1)
      : random.int(nearest, Math.max(nearest, 700));
  for (const units of parts) {
    plans.push({ offset, units });
    offset = Math.max(offset, Math.min(LONGEST_EXPIRY_DAYS, offset + random.int(60, 330)));
  }

  // Received between the product's listing and now, in expiry order, but never later than 90
  // days before the batch expires (no pharmacist accepts a delivery that short): a batch close to
  // its expiry may have come in before the product was listed in the shop.
  const listed = product.createdAt.getTime();
  const span = Math.max(0, day.now.getTime() - listed - 3_600_000);
  const moments = plans.map(() => random.next()).sort((a, b) => a - b);
  const prefix = batchPrefix(product.manufacturerName);
  const mainSupplier = random.pick(SUPPLIERS);
  const numbers = new Set<string>();
  return plans.map((plan, index) => {
    const expiryDate = addDays(day.today, plan.offset);
    const latest = Date.parse(`${expiryDate}T00:00:00Z`) - 90 * DAY_MS;
    const received = Math.min(listed + Math.floor((moments[index] ?? 0) * span), latest);
    const receivedAt = new Date(Math.floor(received / 1000) * 1000);
    const madeIn = (Number(expiryDate.slice(0, 4)) - random.pick([2, 2, 3])) % 100;
    let batchNumber: string;
    do {
      batchNumber = `${prefix}${String(madeIn).padStart(2, '0')}-${random.int(1000, 9999)}`;
    } while (numbers.has(batchNumber));
    numbers.add(batchNumber);
    const supplier = random.chance(0.75) ? mainSupplier : random.pick(SUPPLIERS);
    return {
      batchNumber,
      expiryDate,
      units: plan.units,
      receivedAt,
      purchasePriceMinor:
        Math.round((product.offerPriceMinor * (0.6 + random.next() * 0.22)) / 10) * 10,
      supplier: supplier.name,
      invoiceReference: `${supplier.code}/${financialYear(receivedAt)}/${String(random.int(1, 99_999)).padStart(5, '0')}`,
    };
  });
}
