import { describe, expect, it } from 'vitest';
import {
  addDays,
  allocateFefo,
  batchState,
  canWriteOff,
  daysBetween,
  isCalendarDay,
  isExpired,
  sellableCutoff,
  sellableUnits,
  utcDay,
} from './stock';

const TODAY = '2026-11-25';

describe('calendar days (UTC)', () => {
  it.each([
    ['2026-11-25', true],
    ['2028-02-29', true], // leap year
    ['2027-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['26-11-25', false],
    ['2026-11-25T00:00', false],
    ['', false],
  ])('%s is a day: %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it.each([
    ['2026-11-25', 0, '2026-11-25'],
    ['2026-11-25', 30, '2026-12-25'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s + %d days = %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
    expect(daysBetween(day, expected)).toBe(days);
  });

  it('takes the UTC day, not the local one', () => {
    expect(utcDay(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(utcDay(new Date('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
  });
});

describe('which batches sell (MIN_SHELF_LIFE_DAYS)', () => {
  it.each([
    // expiry, min shelf life, state
    ['2026-12-25', 30, 'sellable'], // exactly 30 days left: still sold
    ['2026-12-24', 30, 'short_dated'], // 29 days left
    ['2026-11-25', 30, 'short_dated'], // expires today
    ['2026-11-25', 0, 'sellable'], // no minimum: sold through its expiry day
    ['2026-11-24', 0, 'expired'],
    ['2026-11-24', 30, 'expired'],
    ['2029-01-01', 30, 'sellable'],
  ] as const)('expiry %s with %d days minimum: %s', (expiryDate, minDays, expected) => {
    expect(batchState({ expiryDate, onHand: 5, recalled: false }, TODAY, minDays)).toBe(expected);
    expect(sellableUnits({ expiryDate, onHand: 5, recalled: false }, TODAY, minDays)).toBe(
      expected === 'sellable' ? 5 : 0,
    );
  });

  it('never sells a recalled batch, and calls a sellable batch without units empty', () => {
    expect(batchState({ expiryDate: '2029-01-01', onHand: 5, recalled: true }, TODAY, 30)).toBe(
      'recalled',
    );
    expect(batchState({ expiryDate: '2026-11-01', onHand: 5, recalled: true }, TODAY, 30)).toBe(
      'recalled',
    );
    expect(batchState({ expiryDate: '2029-01-01', onHand: 0, recalled: false }, TODAY, 30)).toBe(
      'empty',
    );
  });

  it('puts the cut-off at today plus the minimum shelf life', () => {
    expect(sellableCutoff(TODAY, 30)).toBe('2026-12-25');
    expect(sellableCutoff(TODAY, 0)).toBe(TODAY);
    expect(isExpired('2026-11-25', TODAY)).toBe(false);
    expect(isExpired('2026-11-24', TODAY)).toBe(true);
  });

  it.each([
    ['expired', true],
    ['short_dated', true],
    ['recalled', true],
    ['sellable', false],
    ['empty', false],
  ] as const)('writes off a %s batch: %s', (state, expected) => {
    expect(canWriteOff(state)).toBe(expected);
  });
});

describe('allocateFefo', () => {
  const batches = [
    { id: 3, expiryDate: '2027-06-01', onHand: 5 },
    { id: 1, expiryDate: '2027-01-01', onHand: 2 },
    { id: 2, expiryDate: '2027-01-01', onHand: 4 }, // same day as 1: the older (lower id) first
    { id: 4, expiryDate: '2026-12-31', onHand: 0 }, // empty: skipped
  ];

  it.each([
    [1, [{ batchId: 1, units: 1 }]],
    [2, [{ batchId: 1, units: 2 }]],
    [
      3,
      [
        { batchId: 1, units: 2 },
        { batchId: 2, units: 1 },
      ],
    ],
    [
      11,
      [
        { batchId: 1, units: 2 },
        { batchId: 2, units: 4 },
        { batchId: 3, units: 5 },
      ],
    ],
    [12, null], // more than all batches hold
    [0, []],
  ])('%d units → %j', (wanted, expected) => {
    expect(allocateFefo(batches, wanted)).toEqual(expected);
  });

  it('takes nothing from no batches', () => {
    expect(allocateFefo([], 1)).toBeNull();
  });
});
