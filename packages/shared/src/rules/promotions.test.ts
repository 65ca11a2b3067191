import { describe, expect, it } from 'vitest';
import {
  allocateDiscount,
  couponCoversLine,
  evaluateCoupon,
  priceOrder,
  type CouponTerms,
  type PromotionLine,
} from './promotions';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('allocateDiscount', () => {
  it.each([
    { amounts: [], discount: 100, shares: [] },
    { amounts: [1000], discount: 0, shares: [0] },
    { amounts: [0, 0], discount: 5, shares: [0, 0] },
    { amounts: [1000], discount: 1, shares: [1] },
    { amounts: [1, 1, 1], discount: 1, shares: [1, 0, 0] },
    { amounts: [1, 1, 1], discount: 2, shares: [1, 1, 0] },
    { amounts: [100, 100, 100], discount: 100, shares: [34, 33, 33] },
    { amounts: [100, 200], discount: 1, shares: [0, 1] },
    { amounts: [500, 500], discount: 1001, shares: [500, 500] },
    { amounts: [300, 0, 700], discount: 100, shares: [30, 0, 70] },
    { amounts: [1, 2, 3, 4], discount: 9, shares: [1, 2, 3, 3] },
    { amounts: [1000], discount: -5, shares: [0] },
    { amounts: [1000], discount: 10.9, shares: [10] },
    { amounts: [30000, 30003, 5000], discount: 10000, shares: [4615, 4616, 769] },
  ])('$amounts less $discount → $shares', ({ amounts, discount, shares }) => {
    const result = allocateDiscount(amounts, discount);
    expect(result).toEqual(shares);
    expect(sum(result)).toBe(Math.max(0, Math.min(Math.floor(discount), sum(amounts))));
  });

  it('is exact for huge amounts and many lines: every share whole, none above its line, Σ = discount', () => {
    const amounts = Array.from({ length: 500 }, (_, i) => 1_000_000_000 + i * 7_919);
    const discount = 123_456_789_013;
    const shares = allocateDiscount(amounts, discount);
    expect(sum(shares)).toBe(discount);
    shares.forEach((share, i) => {
      expect(Number.isInteger(share)).toBe(true);
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(amounts[i] as number);
    });
  });

  it('gives ties to the earlier line', () => {
    expect(allocateDiscount([7, 7, 7, 7], 2)).toEqual([1, 1, 0, 0]);
  });
});

const coupon = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'SAVE10',
  kind: 'percent',
  percentOff: 10,
  amountOffMinor: null,
  maxDiscountMinor: null,
  minOrderMinor: 0,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2027-01-01T00:00:00Z',
  usageLimit: null,
  perCustomerLimit: null,
  timesUsed: 0,
  divisionIds: [],
  productIds: [],
  excludePrescription: false,
  isActive: true,
  ...overrides,
});
const line = (overrides: Partial<PromotionLine> = {}): PromotionLine => ({
  productId: 1,
  divisionId: 10,
  prescription: false,
  grossMinor: 10_000,
  ...overrides,
});
const now = new Date('2026-06-01T00:00:00Z');
const context = { now, usesByCustomer: 0 };

describe('evaluateCoupon', () => {
  it.each([
    [{ isActive: false }, context, 'The code SAVE10 is no longer active.'],
    [{ startsAt: '2026-06-01T00:00:01Z' }, context, 'The code SAVE10 is not valid yet.'],
    [{ endsAt: '2026-06-01T00:00:00Z' }, context, 'The code SAVE10 has expired.'],
    [
      { usageLimit: 10, timesUsed: 10 },
      context,
      'The code SAVE10 has been used as many times as it can be.',
    ],
    [{ perCustomerLimit: 1 }, { now, usesByCustomer: 1 }, 'You have already used the code SAVE10.'],
    [
      { perCustomerLimit: 3 },
      { now, usesByCustomer: 3 },
      'You have already used the code SAVE10 3 times, its limit per customer.',
    ],
    [
      { minOrderMinor: 10_001 },
      context,
      'The code SAVE10 needs an order of at least ₹100.01; add ₹0.01 more to use it.',
    ],
    [{ productIds: [2] }, context, 'The code SAVE10 does not apply to any product in this order.'],
    [
      { divisionIds: [11] },
      context,
      'The code SAVE10 does not apply to any product in this order.',
    ],
  ])('%j refuses: %s', (terms, ctx, reason) => {
    expect(evaluateCoupon(coupon(terms), [line()], ctx)).toEqual({ ok: false, reason });
  });

  it('starts at its first instant and ends just before endsAt; min order met exactly', () => {
    expect(evaluateCoupon(coupon({ startsAt: now }), [line()], context).ok).toBe(true);
    expect(
      evaluateCoupon(coupon({ endsAt: new Date(now.getTime() + 1) }), [line()], context).ok,
    ).toBe(true);
    expect(evaluateCoupon(coupon({ minOrderMinor: 10_000 }), [line()], context).ok).toBe(true);
  });

  it('excludes prescription lines when asked, and says so when they are all there is', () => {
    const rx = line({ prescription: true });
    expect(evaluateCoupon(coupon({ excludePrescription: true }), [rx], context)).toEqual({
      ok: false,
      reason: 'The code SAVE10 does not apply to prescription medicines.',
    });
    expect(
      evaluateCoupon(
        coupon({ excludePrescription: true }),
        [rx, line({ productId: 2, grossMinor: 3_333 })],
        context,
      ),
    ).toEqual({ ok: true, discountMinor: 333, lineDiscountsMinor: [0, 333] });
  });

  it.each([
    // percent of the covered lines, floored to the paisa
    [{}, [10_000, 5_005], 1_500, [1_000, 500]],
    [{ percentOff: 100 }, [1, 2], 3, [1, 2]],
    [{ percentOff: 33 }, [1], 0, [0]],
    [{ maxDiscountMinor: 700 }, [10_000, 5_000], 700, [467, 233]],
    // fixed amounts, capped at what the covered lines cost
    [
      { kind: 'fixed', percentOff: null, amountOffMinor: 5_000 },
      [2_000, 1_000],
      3_000,
      [2_000, 1_000],
    ],
    [{ kind: 'fixed', percentOff: null, amountOffMinor: 1 }, [2_000, 2_000], 1, [1, 0]],
    [
      { kind: 'fixed', percentOff: null, amountOffMinor: 9_000_000_000 },
      [4_000_000_000, 4_500_000_000],
      8_500_000_000,
      [4_000_000_000, 4_500_000_000],
    ],
  ] as const)('%j on %j → %d as %j', (terms, grosses, discount, shares) => {
    const lines = grosses.map((grossMinor, i) => line({ productId: i + 1, grossMinor }));
    expect(evaluateCoupon(coupon(terms as Partial<CouponTerms>), lines, context)).toEqual({
      ok: true,
      discountMinor: discount,
      lineDiscountsMinor: shares,
    });
  });

  it('limited coupons cover the products named or the divisions named', () => {
    const limited = coupon({ productIds: [5], divisionIds: [20] });
    expect(couponCoversLine(limited, line({ productId: 5, divisionId: 1 }))).toBe(true);
    expect(couponCoversLine(limited, line({ productId: 6, divisionId: 20 }))).toBe(true);
    expect(couponCoversLine(limited, line({ productId: 6, divisionId: 21 }))).toBe(false);
    expect(couponCoversLine(limited, line({ productId: null, divisionId: null }))).toBe(false);
    expect(couponCoversLine(coupon(), line({ productId: null, divisionId: null }))).toBe(true);
  });
});

describe('priceOrder', () => {
  it.each([
    { gross: [], coupon: [], points: 100, discounts: [], total: 0, pointsApplied: 0 },
    { gross: [1000], coupon: [0], points: 0, discounts: [0], total: 1000, pointsApplied: 0 },
    { gross: [1000], coupon: [100], points: 1, discounts: [101], total: 899, pointsApplied: 1 },
    // points never exceed what the coupon left
    { gross: [1000], coupon: [400], points: 5000, discounts: [1000], total: 0, pointsApplied: 600 },
    // points go on what is left of each line after the coupon
    {
      gross: [33_333, 30_003, 5_000],
      coupon: [3_333, 0, 0],
      points: 10_000,
      discounts: [7_948, 4_616, 769],
      total: 55_003,
      pointsApplied: 10_000,
    },
    {
      gross: [1, 1, 1],
      coupon: [1, 0, 0],
      points: 1,
      discounts: [1, 1, 0],
      total: 1,
      pointsApplied: 1,
    },
  ])('$gross, coupon $coupon, points $points → $discounts, total $total', (row) => {
    const priced = priceOrder(row.gross, row.coupon, row.points);
    expect(priced.lineDiscountsMinor).toEqual(row.discounts);
    expect(priced.totalMinor).toBe(row.total);
    expect(priced.pointsDiscountMinor).toBe(row.pointsApplied);
    expect(priced.totalMinor).toBe(sum(row.gross) - sum(priced.lineDiscountsMinor));
  });

  it('keeps Σ lines = total for many lines and huge amounts', () => {
    const gross = Array.from({ length: 300 }, (_, i) => 99_999_999 - i * 3);
    const coupon = allocateDiscount(gross, 1_234_567_891);
    const priced = priceOrder(gross, coupon, 777_777_777);
    expect(priced.totalMinor).toBe(sum(gross) - 1_234_567_891 - 777_777_777);
    priced.lineDiscountsMinor.forEach((discount, i) =>
      expect(discount).toBeLessThanOrEqual(gross[i] as number),
    );
  });
});
