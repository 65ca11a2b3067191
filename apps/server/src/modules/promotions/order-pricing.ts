import {
  allocateDiscount,
  couponCoversLine,
  maxRedeemablePoints,
  pointsValueMinor,
  priceOrder,
  type CouponTerms,
  type LoyaltyPolicy,
} from '@pharmacy/shared';
import type { PricedLine } from './promotions.repository';

/**
 * The coupon's discount as it stands on the order, spread again over the lines it covers. The
 * amount was fixed when the coupon was applied (its conditions were met then), so a later change
 * of points, or the coupon expiring meanwhile, never changes it.
 */
export function couponLineDiscounts(
  lines: readonly PricedLine[],
  coupon: CouponTerms | null,
  couponDiscountMinor: number,
): number[] {
  if (!coupon || couponDiscountMinor <= 0) return lines.map(() => 0);
  const eligible = lines.map((line) => (couponCoversLine(coupon, line) ? line.grossMinor : 0));
  return allocateDiscount(eligible, couponDiscountMinor);
}

export interface Repriced {
  lineDiscounts: Array<{ id: number; discountMinor: number }>;
  subtotalMinor: number;
  couponDiscountMinor: number;
  pointsRedeemed: number;
  pointsDiscountMinor: number;
  totalMinor: number;
}

/** Every figure of the order from its lines, its coupon's line shares and the points spent. */
export function reprice(
  lines: readonly PricedLine[],
  couponShares: readonly number[],
  points: number,
  policy: Pick<LoyaltyPolicy, 'pointValueMinor'>,
): Repriced {
  const gross = lines.map((line) => line.grossMinor);
  const priced = priceOrder(gross, couponShares, pointsValueMinor(points, policy));
  return {
    lineDiscounts: lines.map((line, i) => ({
      id: line.id,
      discountMinor: priced.lineDiscountsMinor[i] as number,
    })),
    subtotalMinor: gross.reduce((sum, amount) => sum + amount, 0),
    couponDiscountMinor: couponShares.reduce((sum, share) => sum + share, 0),
    pointsRedeemed: points,
    pointsDiscountMinor: priced.pointsDiscountMinor,
    totalMinor: priced.totalMinor,
  };
}

/** What is left to pay after the coupon: the base of the points cap. */
export const payableAfterCoupon = (lines: readonly PricedLine[], couponShares: readonly number[]) =>
  lines.reduce((sum, line, i) => sum + line.grossMinor - (couponShares[i] ?? 0), 0);

/** The most points this order may hold, counting those it holds already. */
export const maxPointsFor = (
  available: number,
  lines: readonly PricedLine[],
  couponShares: readonly number[],
  policy: Pick<LoyaltyPolicy, 'pointValueMinor' | 'maxRedeemPercent'>,
) => maxRedeemablePoints(available, payableAfterCoupon(lines, couponShares), policy);
