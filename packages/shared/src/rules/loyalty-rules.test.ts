import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOYALTY_POLICY,
  maxRedeemablePoints,
  pointsEarned,
  pointsExpiryDate,
  pointsRedemptionBlock,
  pointsToExpire,
  pointsToReverse,
  pointsValueMinor,
} from './promotions';

const POLICY = DEFAULT_LOYALTY_POLICY; // 1 point per ₹100, ₹1 a point, 20 %, 12 months

describe('points earned: one per full ₹100 paid', () => {
  it.each([
    [0, 0],
    [-100, 0],
    [9_999, 0],
    [10_000, 1],
    [10_001, 1],
    [19_999, 1],
    [20_000, 2],
    [123_456, 12],
    [Number.MAX_SAFE_INTEGER, Math.floor(Number.MAX_SAFE_INTEGER / 10_000)],
  ])('%d paise → %d', (paid, points) => {
    expect(pointsEarned(paid, POLICY)).toBe(points);
  });

  it.each([
    [5_000, 20_000, 4],
    [1, 250, 250],
    [0, 10_000, 0], // a rate of zero earns nothing rather than dividing by zero
  ])('at %d paise a point, %d paise → %d', (earnPerMinor, paid, points) => {
    expect(pointsEarned(paid, { earnPerMinor })).toBe(points);
  });
});

describe('the most points an order may take', () => {
  it.each([
    // balance, payable after coupon (paise), max
    [0, 100_000, 0],
    [100, 0, 0],
    [100, 100_000, 100], // 20 % of ₹1000 = ₹200 → 200 points, limited by the balance
    [500, 100_000, 200],
    [500, 99_999, 199], // ₹199.99 → 199 whole points
    [500, 499, 0], // 20 % is 99 paise: not a whole point
    [500, 500, 1],
    [-3, 100_000, 0],
  ])('balance %d, payable %d → %d', (balance, payable, max) => {
    expect(maxRedeemablePoints(balance, payable, POLICY)).toBe(max);
  });

  it('follows the configured value and cap', () => {
    expect(maxRedeemablePoints(1000, 100_000, { pointValueMinor: 50, maxRedeemPercent: 10 })).toBe(
      200,
    );
    expect(maxRedeemablePoints(1000, 100_000, { pointValueMinor: 100, maxRedeemPercent: 0 })).toBe(
      0,
    );
    expect(maxRedeemablePoints(1000, 100_000, { pointValueMinor: 0, maxRedeemPercent: 20 })).toBe(
      0,
    );
    expect(pointsValueMinor(37, POLICY)).toBe(3_700);
  });
});

describe('why a redemption is refused', () => {
  it.each([
    [0, 100, 100_000, 'Choose a whole number of points to use.'],
    [-1, 100, 100_000, 'Choose a whole number of points to use.'],
    [1.5, 100, 100_000, 'Choose a whole number of points to use.'],
    [Number.NaN, 100, 100_000, 'Choose a whole number of points to use.'],
    [1, 0, 100_000, 'You have no points to use.'],
    [101, 100, 100_000, 'You have 100 points; you cannot use 101.'],
    [201, 500, 100_000, 'At most 200 points can be used on this order (up to 20% of its value).'],
    [1, 500, 499, 'At most 0 points can be used on this order (up to 20% of its value).'],
    [200, 500, 100_000, null],
    [1, 1, 500, null],
  ])('%d of a balance of %d on %d paise → %s', (points, balance, payable, reason) => {
    expect(pointsRedemptionBlock(points, balance, payable, POLICY)).toBe(reason);
  });
});

describe('points taken back on a refund: proportional, rounded up, never twice', () => {
  it.each([
    // earned, already reversed, paid, refunded so far (after this refund), to reverse
    [10, 0, 100_000, 0, 0],
    [10, 0, 100_000, 25_000, 3], // 2.5 → 3: no points kept for money returned
    [10, 3, 100_000, 25_000, 0], // the same total again takes nothing more
    [10, 3, 100_000, 50_000, 2],
    [10, 5, 100_000, 100_000, 5],
    [10, 0, 100_000, 150_000, 10], // never more than was earned
    [10, 10, 100_000, 100_000, 0],
    [10, 12, 100_000, 100_000, 0], // never negative
    [0, 0, 100_000, 100_000, 0],
    [10, 0, 0, 100, 0],
    [1, 0, 100_000, 1, 1], // one paisa back takes the single point
  ])('earned %d, reversed %d, paid %d, refunded %d → %d', (earned, done, paid, refunded, n) => {
    expect(pointsToReverse(earned, done, paid, refunded)).toBe(n);
  });
});

describe('expiry date: calendar months, end-of-month safe (UTC)', () => {
  const iso = (s: string) => new Date(s);
  it.each([
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'], // 31 Jan + 1 month
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'], // … in a leap year
    ['2028-02-29T00:00:00.000Z', 12, '2029-02-28T00:00:00.000Z'], // from the leap day
    ['2027-02-28T23:59:59.999Z', 12, '2028-02-28T23:59:59.999Z'],
    ['2026-03-31T05:00:00.000Z', 1, '2026-04-30T05:00:00.000Z'],
    ['2026-08-31T05:00:00.000Z', 6, '2027-02-28T05:00:00.000Z'],
    ['2026-11-15T12:00:00.000Z', 12, '2027-11-15T12:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', 2, '2027-02-28T12:00:00.000Z'], // across the year end
    ['2026-05-10T12:00:00.000Z', 120, '2036-05-10T12:00:00.000Z'],
  ])('%s + %d months → %s', (from, months, to) => {
    expect(pointsExpiryDate(iso(from), months).toISOString()).toBe(to);
  });

  it('does not change the date it is given', () => {
    const from = iso('2026-01-31T10:00:00.000Z');
    pointsExpiryDate(from, 1);
    expect(from.toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });
});

describe('points to expire: first in, first out', () => {
  it.each([
    // lapsed earned, spent, already expired, balance → to expire
    [10, 0, 0, 30, 10],
    [10, 4, 0, 26, 6], // spending took the oldest points first
    [10, 4, 6, 20, 0], // already done: a rerun writes nothing
    [10, 12, 0, 18, 0], // spent more than lapsed: nothing lapses
    [30, 4, 6, 20, 20],
    [30, 0, 0, 5, 5], // never more than the balance
    [0, 0, 0, 0, 0],
    [10, 0, 0, 0, 0],
  ])('lapsed %d, spent %d, expired %d, balance %d → %d', (lapsed, spent, expired, balance, n) => {
    expect(pointsToExpire({ lapsedEarned: lapsed, spent, alreadyExpired: expired, balance })).toBe(
      n,
    );
  });
});
