import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRESCRIPTION_H1_VALID_DAYS,
  DEFAULT_PRESCRIPTION_VALID_DAYS,
  coverOrder,
  isPrescriptionExpired,
  normaliseStrength,
  prescriptionDaysLeft,
  prescriptionValidUntil,
  remainingUnits,
  savedPrescriptionStatus,
  type OrderedLine,
  type PrescribedLine,
} from './prescription-validity';

const settings = {
  validDays: DEFAULT_PRESCRIPTION_VALID_DAYS,
  h1ValidDays: DEFAULT_PRESCRIPTION_H1_VALID_DAYS,
};

describe('validity: date of issue plus the setting’s days, the shorter one for Schedule H1', () => {
  it.each([
    ['2026-01-01', false, '2026-06-30'], // 180 days
    ['2026-01-01', true, '2026-01-31'], // H1: 30 days
    ['2028-02-29', true, '2028-03-30'], // from a leap day
    ['2028-02-01', true, '2028-03-02'], // across a leap February
    ['2027-02-01', true, '2027-03-03'], // … and a common one
    ['2026-12-15', true, '2027-01-14'], // across the year end
    ['2026-09-01', false, '2027-02-28'],
    ['2027-09-01', false, '2028-02-28'], // the leap day itself is not reached
    ['2027-09-03', false, '2028-03-01'], // … and counted when passed
  ])('issued %s (H1 %s) is valid until %s', (issuedOn, h1, validUntil) => {
    expect(prescriptionValidUntil(issuedOn, h1, settings)).toBe(validUntil);
  });

  it('follows the settings', () => {
    expect(prescriptionValidUntil('2026-01-01', false, { validDays: 1, h1ValidDays: 1 })).toBe(
      '2026-01-02',
    );
    expect(prescriptionValidUntil('2026-01-01', true, { validDays: 365, h1ValidDays: 7 })).toBe(
      '2026-01-08',
    );
  });

  it.each([
    ['2026-01-31', '2026-01-30', false, 2],
    ['2026-01-31', '2026-01-31', false, 1], // the last valid day
    ['2026-01-31', '2026-02-01', true, 0], // the day after
    ['2028-02-29', '2028-02-29', false, 1],
    ['2028-02-29', '2028-03-01', true, 0],
    ['2026-12-31', '2027-01-01', true, 0],
  ])('valid until %s, on %s: expired %s, %i days left', (validUntil, today, expired, left) => {
    expect(isPrescriptionExpired(validUntil, today)).toBe(expired);
    expect(prescriptionDaysLeft(validUntil, today)).toBe(left);
  });
});

describe('remaining units and status', () => {
  it.each([
    [10, 0, 10],
    [10, 9, 1],
    [10, 10, 0], // used up
    [10, 12, 0], // never negative
  ])('%i prescribed, %i dispensed: %i remain', (quantityAllowed, unitsDispensed, remaining) => {
    expect(remainingUnits({ quantityAllowed, unitsDispensed })).toBe(remaining);
  });

  it.each([
    ['2026-01-31', '2026-01-31', [[10, 3]], 'valid'],
    [
      '2026-01-31',
      '2026-01-31',
      [
        [10, 10],
        [5, 4],
      ],
      'valid',
    ], // one line still has units
    [
      '2026-01-31',
      '2026-01-31',
      [
        [10, 10],
        [5, 5],
      ],
      'used_up',
    ],
    ['2026-01-31', '2026-02-01', [[10, 3]], 'expired'],
    ['2026-01-31', '2026-02-01', [[10, 10]], 'expired'], // expired says why a new one is needed
  ] as const)('valid until %s, on %s, lines %j: %s', (validUntil, today, lines, status) => {
    expect(
      savedPrescriptionStatus(
        {
          validUntil,
          lines: lines.map(([quantityAllowed, unitsDispensed]) => ({
            quantityAllowed,
            unitsDispensed,
          })),
        },
        today,
      ),
    ).toBe(status);
  });

  it.each([
    ['500 mg', '500mg'],
    [' 500 MG ', '500mg'],
    ['0.5 g/5 ml', '0.5g/5ml'],
    [null, ''],
  ])('strength %j compares as %j', (strength, normalised) => {
    expect(normaliseStrength(strength)).toBe(normalised);
  });
});

describe('coverage of an order by the prescribed lines', () => {
  const SALT = 7;
  const ordered = (id: number, units: number, over: Partial<OrderedLine> = {}): OrderedLine => ({
    id,
    productId: 100 + id,
    productName: `Product ${id}`,
    saltCompositionId: SALT,
    strength: '500 mg',
    units,
    ...over,
  });
  const bySalt = (
    id: number,
    allowed: number,
    dispensed = 0,
    strength = '500mg',
  ): PrescribedLine => ({
    id,
    productId: null,
    saltCompositionId: SALT,
    strength,
    quantityAllowed: allowed,
    unitsDispensed: dispensed,
  });
  const byProduct = (id: number, productId: number, allowed: number, dispensed = 0) => ({
    id,
    productId,
    saltCompositionId: null,
    strength: null,
    quantityAllowed: allowed,
    unitsDispensed: dispensed,
  });

  it('covers any brand of the salt at the same strength, counting the units', () => {
    expect(coverOrder([ordered(1, 4), ordered(2, 6)], [bySalt(1, 10)])).toEqual({
      covered: true,
      uses: [
        { prescribedLineId: 1, orderedLineId: 1, units: 4 },
        { prescribedLineId: 1, orderedLineId: 2, units: 6 },
      ],
    });
  });

  it('refuses another strength, another salt or a product not prescribed', () => {
    for (const line of [
      ordered(1, 1, { strength: '250 mg' }),
      ordered(1, 1, { saltCompositionId: 8 }),
      ordered(1, 1, { saltCompositionId: null, strength: null }),
    ]) {
      expect(coverOrder([line], [bySalt(1, 10), byProduct(2, 555, 10)])).toEqual({
        covered: false,
        line,
        reason: 'not_prescribed',
        remaining: 0,
      });
    }
  });

  it.each([
    [10, 0, 10, true], // exactly what remains
    [10, 1, 10, false], // one more than remains
    [10, 10, 1, false], // remaining quantity zero
    [10, 9, 1, true], // the last unit
  ])(
    '%i prescribed, %i dispensed, %i ordered: covered %s',
    (allowed, dispensed, units, covered) => {
      const coverage = coverOrder([ordered(1, units)], [bySalt(1, allowed, dispensed)]);
      expect(coverage.covered).toBe(covered);
      if (!coverage.covered) {
        expect(coverage.reason).toBe('beyond_remaining');
        expect(coverage.remaining).toBe(allowed - dispensed);
      }
    },
  );

  it('uses the line naming the product before the salt’s, and several lines for one order line', () => {
    const coverage = coverOrder([ordered(1, 7)], [bySalt(1, 5), byProduct(2, 101, 3)]);
    expect(coverage).toEqual({
      covered: true,
      uses: [
        { prescribedLineId: 2, orderedLineId: 1, units: 3 },
        { prescribedLineId: 1, orderedLineId: 1, units: 4 },
      ],
    });
  });

  it('counts two order lines of one salt together against what remains', () => {
    const coverage = coverOrder([ordered(1, 3), ordered(2, 3)], [bySalt(1, 10, 5)]);
    expect(coverage).toMatchObject({ covered: false, reason: 'beyond_remaining', remaining: 2 });
  });
});
