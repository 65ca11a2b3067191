/**
 * Coupons, loyalty points and how their discounts fall on the lines (issue 19). All amounts are
 * integer paise. The order's payable total is always the sum of its lines' gross amounts less
 * their allocated discounts, and tax is computed on each line's discounted (paid) amount.
 */

/**
 * Splits `discountMinor` over lines in proportion to their amounts (largest remainder method):
 * every share is a whole number of paise, no share exceeds its line's amount, the shares add
 * up to exactly the discount, and ties go to the earlier line. A discount larger than the lines'
 * total is capped at that total.
 */
export function allocateDiscount(amountsMinor: readonly number[], discountMinor: number): number[] {
  const total = amountsMinor.reduce((sum, amount) => sum + amount, 0);
  const discount = Math.max(0, Math.min(Math.floor(discountMinor), total));
  if (discount === 0 || total === 0) return amountsMinor.map(() => 0);
  const big = BigInt(discount);
  const bigTotal = BigInt(total);
  const shares = amountsMinor.map((amount) => Number((BigInt(amount) * big) / bigTotal));
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = amountsMinor
    .map((amount, index) => ({ index, remainder: (BigInt(amount) * big) % bigTotal }))
    .filter(({ index }) => (shares[index] as number) < (amountsMinor[index] as number))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] as number) + 1;
    left -= 1;
  }
  return shares;
}

export interface PromotionLine {
  /** The product, or null when it has left the catalogue. */
  productId: number | null;
  divisionId: number | null;
  prescription: boolean;
  /** Unit price × units, in paise (before any coupon or points). */
  grossMinor: number;
}

export interface CouponTerms {
  code: string;
  kind: 'percent' | 'fixed';
  percentOff: number | null;
  amountOffMinor: number | null;
  maxDiscountMinor: number | null;
  minOrderMinor: number;
  startsAt: Date | string;
  endsAt: Date | string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  timesUsed: number;
  divisionIds: readonly number[];
  productIds: readonly number[];
  excludePrescription: boolean;
  isActive: boolean;
}

export type CouponEvaluation =
  | {
      ok: true;
      discountMinor: number;
      /** The discount of each line (0 for lines the coupon does not cover), same order. */
      lineDiscountsMinor: number[];
    }
  | { ok: false; reason: string };

/** Whether a line is one the coupon covers. */
export function couponCoversLine(coupon: CouponTerms, line: PromotionLine): boolean {
  if (coupon.excludePrescription && line.prescription) return false;
  const limited = coupon.divisionIds.length > 0 || coupon.productIds.length > 0;
  if (!limited) return true;
  return (
    (line.productId !== null && coupon.productIds.includes(line.productId)) ||
    (line.divisionId !== null && coupon.divisionIds.includes(line.divisionId))
  );
}

const rupees = (minor: number) => {
  const whole = Math.floor(minor / 100);
  const paise = minor % 100;
  return paise === 0 ? `₹${whole}` : `₹${whole}.${String(paise).padStart(2, '0')}`;
};

/**
 * Checks every condition of a coupon against an order and gives the discount, or the first
 * condition that fails as a sentence for the shopper. `usesByCustomer` counts this customer's
 * redemptions still holding a use (not counting one on this same order).
 */
export function evaluateCoupon(
  coupon: CouponTerms,
  lines: readonly PromotionLine[],
  context: { now: Date; usesByCustomer: number },
): CouponEvaluation {
  const code = coupon.code;
  if (!coupon.isActive) return { ok: false, reason: `The code ${code} is no longer active.` };
  if (context.now.getTime() < new Date(coupon.startsAt).getTime())
    return { ok: false, reason: `The code ${code} is not valid yet.` };
  if (coupon.endsAt !== null && context.now.getTime() >= new Date(coupon.endsAt).getTime())
    return { ok: false, reason: `The code ${code} has expired.` };
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit)
    return { ok: false, reason: `The code ${code} has been used as many times as it can be.` };
  if (coupon.perCustomerLimit !== null && context.usesByCustomer >= coupon.perCustomerLimit)
    return {
      ok: false,
      reason:
        coupon.perCustomerLimit === 1
          ? `You have already used the code ${code}.`
          : `You have already used the code ${code} ${coupon.perCustomerLimit} times, its limit per customer.`,
    };
  const orderGross = lines.reduce((sum, line) => sum + line.grossMinor, 0);
  if (orderGross < coupon.minOrderMinor)
    return {
      ok: false,
      reason: `The code ${code} needs an order of at least ${rupees(coupon.minOrderMinor)}; add ${rupees(coupon.minOrderMinor - orderGross)} more to use it.`,
    };
  const covered = lines.map((line) => couponCoversLine(coupon, line));
  const eligibleGross = lines.reduce((sum, line, i) => sum + (covered[i] ? line.grossMinor : 0), 0);
  if (eligibleGross === 0)
    return {
      ok: false,
      reason:
        coupon.excludePrescription && lines.every((line) => line.prescription)
          ? `The code ${code} does not apply to prescription medicines.`
          : `The code ${code} does not apply to any product in this order.`,
    };
  let discount =
    coupon.kind === 'percent'
      ? Math.floor((eligibleGross * (coupon.percentOff ?? 0)) / 100)
      : (coupon.amountOffMinor ?? 0);
  if (coupon.maxDiscountMinor !== null) discount = Math.min(discount, coupon.maxDiscountMinor);
  discount = Math.min(discount, eligibleGross);
  const eligibleAmounts = lines.map((line, i) => (covered[i] ? line.grossMinor : 0));
  return {
    ok: true,
    discountMinor: discount,
    lineDiscountsMinor: allocateDiscount(eligibleAmounts, discount),
  };
}

/** The loyalty programme's figures (server configuration, sent to the web app). */
export interface LoyaltyPolicy {
  /** Points earned for every full `earnPerMinor` paise paid (e.g. 1 point per ₹100 = 10000). */
  earnPerMinor: number;
  /** What one point is worth when spent, in paise (e.g. 100 = ₹1). */
  pointValueMinor: number;
  /** At most this percentage of the order may be paid with points. */
  maxRedeemPercent: number;
  /** Earned points lapse this many months after they were credited. */
  expiryMonths: number;
}

/** Points a delivered order earns: one per full earnPerMinor paid. */
export function pointsEarned(
  paidMinor: number,
  policy: Pick<LoyaltyPolicy, 'earnPerMinor'>,
): number {
  if (paidMinor <= 0 || policy.earnPerMinor <= 0) return 0;
  return Math.floor(paidMinor / policy.earnPerMinor);
}

/**
 * The most points an order may take: limited by the balance and by maxRedeemPercent of what is
 * left to pay after the coupon (rounded down to whole points).
 */
export function maxRedeemablePoints(
  balance: number,
  payableAfterCouponMinor: number,
  policy: Pick<LoyaltyPolicy, 'pointValueMinor' | 'maxRedeemPercent'>,
): number {
  if (balance <= 0 || payableAfterCouponMinor <= 0 || policy.pointValueMinor <= 0) return 0;
  const capMinor = Math.floor((payableAfterCouponMinor * policy.maxRedeemPercent) / 100);
  return Math.max(0, Math.min(balance, Math.floor(capMinor / policy.pointValueMinor)));
}

export function pointsValueMinor(
  points: number,
  policy: Pick<LoyaltyPolicy, 'pointValueMinor'>,
): number {
  return points * policy.pointValueMinor;
}

/** Why a redemption of `points` is refused, or null when it is allowed. */
export function pointsRedemptionBlock(
  points: number,
  balance: number,
  payableAfterCouponMinor: number,
  policy: Pick<LoyaltyPolicy, 'pointValueMinor' | 'maxRedeemPercent'>,
): string | null {
  if (!Number.isSafeInteger(points) || points <= 0)
    return 'Choose a whole number of points to use.';
  if (points > balance)
    return balance === 0
      ? 'You have no points to use.'
      : `You have ${balance} points; you cannot use ${points}.`;
  const max = maxRedeemablePoints(balance, payableAfterCouponMinor, policy);
  if (points > max)
    return `At most ${max} points can be used on this order (up to ${policy.maxRedeemPercent}% of its value).`;
  return null;
}

/**
 * Points to reverse when part of a delivered order is refunded: the order's earned points in
 * proportion to the refund, rounded up (the customer never keeps points for money returned),
 * never more than were earned less what was reversed before.
 */
export function pointsToReverse(
  earnedPoints: number,
  alreadyReversed: number,
  paidMinor: number,
  refundedMinorAfter: number,
): number {
  if (earnedPoints <= 0 || paidMinor <= 0) return 0;
  const due = Math.min(earnedPoints, Math.ceil((earnedPoints * refundedMinorAfter) / paidMinor));
  return Math.max(0, due - alreadyReversed);
}

/** The date earned points lapse: `months` calendar months after crediting (end-of-month safe). */
export function pointsExpiryDate(creditedAt: Date, months: number): Date {
  const date = new Date(creditedAt.getTime());
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

/**
 * FIFO expiry: how many points lapse now. Spending and earlier lapses use the oldest points
 * first, so what lapses is the lapsed lots' points not already covered by spending and earlier
 * lapses: max(0, Σ earned net of reversals with expiry ≤ now − Σ spent − Σ already expired).
 * Never more than the balance.
 */
export function pointsToExpire(input: {
  /** Σ of earned rows (net of their reversals) whose expiry is at or before now. */
  lapsedEarned: number;
  /** Σ of points redeemed, net of redemptions given back (positive number). */
  spent: number;
  /** Σ of points already expired (positive number). */
  alreadyExpired: number;
  balance: number;
}): number {
  const due = input.lapsedEarned - input.spent - input.alreadyExpired;
  return Math.max(0, Math.min(due, input.balance));
}

/**
 * The whole order after its discounts: the lines' discounts (coupon share + points share) and
 * the payable total, which is exactly Σ(gross − discount). Points go on after the coupon, spread
 * over every line in proportion to what is left of it.
 */
export function priceOrder(
  grossMinor: readonly number[],
  couponLineDiscountsMinor: readonly number[],
  pointsDiscountMinor: number,
): { lineDiscountsMinor: number[]; totalMinor: number; pointsDiscountMinor: number } {
  const afterCoupon = grossMinor.map((gross, i) => gross - (couponLineDiscountsMinor[i] ?? 0));
  const leftTotal = afterCoupon.reduce((sum, amount) => sum + amount, 0);
  const points = Math.max(0, Math.min(pointsDiscountMinor, leftTotal));
  const pointShares = allocateDiscount(afterCoupon, points);
  const lineDiscountsMinor = grossMinor.map(
    (_, i) => (couponLineDiscountsMinor[i] ?? 0) + (pointShares[i] as number),
  );
  const totalMinor = grossMinor.reduce(
    (sum, gross, i) => sum + gross - (lineDiscountsMinor[i] as number),
    0,
  );
  return { lineDiscountsMinor, totalMinor, pointsDiscountMinor: points };
}

/** The programme a shop runs unless configured otherwise: 1 point per ₹100, ₹1 a point, 20%, 12 months. */
export const DEFAULT_LOYALTY_POLICY: LoyaltyPolicy = {
  earnPerMinor: 10_000,
  pointValueMinor: 100,
  maxRedeemPercent: 20,
  expiryMonths: 12,
};
